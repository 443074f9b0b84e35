/**
 * What an applicant used to trip over (issue 15), each in a real Chromium against the real
 * server: answers lost by Back or a logout, a phone rule that shut out applicants abroad, pasted
 * phone numbers, redirects that moved the resume point, error toasts outliving their cause, the
 * password list, toasts naming internal keys, and tab switches the server saw only later.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { waitForMail } from './outbox';
import {
  completeAnswers,
  onePixelPng,
  password,
  passwordField,
  saveAnswers,
  idleTimerFetched,
  idleTimerLoaded,
  signUpConfirmAndLogIn,
  uniqueEmail,
} from './journey';
import {
  buttonLabelOf,
  containing,
  labelOf,
  pageTitle,
  requiredMessage,
  tabLabelOf,
} from '../helpers/shipped-texts';

/** The text input of an answer key (each field's container has the key as its id). */
const input = (page: Page, key: string) => page.locator(`[id="${key}"] input`).first();
const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });

/** GET from the page (same origin, same session): the server's view, not the screen's. */
async function serverJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    return (await response.json()) as T;
  }, path);
}

interface ProfileReply {
  answer: Record<string, string>;
  last_page: string;
}

async function logIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await submit(page).click();
}

test('a visitor’s answers survive Back from /signup, and Save/Next carries them again', async ({
  page,
}) => {
  await page.goto('/about');
  // The first page of a fresh server loads its modules cold.
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible({ timeout: 20_000 });
  await input(page, 'first_name').fill('Ada');
  await input(page, 'last_name').fill('Lovelace');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(page).toHaveURL(/\/signup\?token=[^&]+$/);
  await expect(page.getByRole('link', { name: 'Back to the application' })).toBeVisible();
  await expectNoAxeViolations(page, '/signup with the link back to the application');
  // For a reviewer: the card with its way back, at desktop and phone widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `test-results/screenshots/flow-signup-back-link-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goBack();
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(input(page, 'first_name')).toHaveValue('Ada');
  await expect(input(page, 'last_name')).toHaveValue('Lovelace');
  // The history entry keeps them through a reload of the tab, too (past the "Leave site?" prompt
  // a visitor's unsaved answers raise).
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(input(page, 'first_name')).toHaveValue('Ada');

  await input(page, 'first_name').fill('Augusta Ada');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(page).toHaveURL(/\/signup\?token=[^&]+$/);
  const token = new URL(page.url()).searchParams.get('token') ?? '';
  const kept = await serverJson<{ answer: Record<string, string> }>(
    page,
    `/public/tmp?token=${encodeURIComponent(token)}`,
  );
  expect(kept.answer).toMatchObject({ first_name: 'Augusta Ada', last_name: 'Lovelace' });

  // The card's own way back keeps them as well, through the account screens.
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the application' }).click();
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(input(page, 'first_name')).toHaveValue('Augusta Ada');
  await expect(input(page, 'last_name')).toHaveValue('Lovelace');
});

test('Log Out saves what was typed first, and says so', async ({ page }) => {
  const email = uniqueEmail('flow-logout');
  await signUpConfirmAndLogIn(page, email);
  await input(page, 'first_name').fill('Ada');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'logged out' })).toHaveText(
    /You have been logged out\. Your answers have been saved\./,
  );
  await expectNoAxeViolations(page, '/login after a logout that saved the answers');

  await logIn(page, email);
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(input(page, 'first_name')).toHaveValue('Ada');
});

test('the idle logout saves what was typed first, and says so', async ({ page }) => {
  const email = uniqueEmail('flow-idle');
  await page.clock.install();
  const idleTimer = idleTimerFetched(page);
  await signUpConfirmAndLogIn(page, email);
  await input(page, 'last_name').fill('Hopper');
  await idleTimerLoaded(page, idleTimer);

  await page.clock.fastForward('14:00');
  await expect(page.getByRole('dialog', { name: 'Still working?' })).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: 'automatically' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'saved' })).toHaveText(
    /Your answers have been saved\./,
  );

  await logIn(page, email);
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(input(page, 'last_name')).toHaveValue('Hopper');
});

test('an international number alone can submit; SMS opt-in still needs a cell phone', async ({
  page,
}) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('flow-phone'));
  const abroad = {
    ...completeAnswers,
    phone_home: '',
    phone_mobile: '',
    phone_international: '+44 20 7946 0958',
  };
  await saveAnswers(page, { ...abroad, optin_sms_ind: 'true' });
  await page.goto('/final-steps');
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await submit(page).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(requiredMessage('phone_mobile'));
  await expect(summary).not.toContainText(requiredMessage('phone_home'));

  // The client and the server (POST /api/submit validates again) both take it without opt-in.
  await saveAnswers(page, { ...abroad, optin_sms_ind: 'false' });
  await page.reload();
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  // Still validating, with nothing missing: no summary at all.
  await expect(page.locator('.error-summary')).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: containing(pageTitle('final-steps')) })
    .click();
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await submit(page).click();
  await expect(page).toHaveURL(/\/completion$/);
});

test('a pasted phone number with the country code 1 keeps its own digits', async ({ page }) => {
  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  for (const [key, pasted] of [
    ['phone_home', '+1 (507) 555-0140'],
    ['phone_mobile', '1-507-555-0140'],
  ] as const) {
    await input(page, key).click();
    // insertText puts the whole text in at once, as a paste does.
    await page.keyboard.insertText(pasted);
    await expect(input(page, key)).toHaveValue('(507) 555-0140');
  }
});

test('/zzz and /completion keep the resume point: they land on last_page and write none', async ({
  page,
}) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('flow-redirect'));
  await input(page, 'first_name').fill('Ada');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await expect
    .poll(async () => (await serverJson<ProfileReply>(page, '/api/profile')).last_page)
    .toBe('/education');

  for (const path of ['/zzz?from=mail', '/completion']) {
    await page.goto(path);
    await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
    await expect(page).toHaveURL(/\/education(\?from=mail)?$/);
    // Give a stray PUT /api/last-page time to land before reading what the server holds.
    await page.waitForTimeout(300);
    expect((await serverJson<ProfileReply>(page, '/api/profile')).last_page).toBe('/education');
  }
});

test('a success in a card closes that card’s error toasts', async ({ page }) => {
  const email = uniqueEmail('flow-toasts');
  await page.goto('/signup');
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await submit(page).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  const [, code] = await waitForMail(email, /Your confirmation code is (\d{6})/);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Confirmation Code').fill(wrong);
  await submit(page).click();
  const confirmError = page.getByRole('alert').filter({ hasText: 'Confirm Your Account Error' });
  await expect(confirmError).toBeVisible();
  await page.getByLabel('Confirmation Code').fill(code ?? '');
  await submit(page).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account is confirmed.' }),
  ).toBeVisible();
  await expect(confirmError).toHaveCount(0);

  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(`${password}-wrong`);
  await submit(page).click();
  const loginError = page.getByRole('alert').filter({ hasText: 'Log In Error' });
  await expect(loginError).toBeVisible();
  await passwordField(page).fill(password);
  await submit(page).click();
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(loginError).toHaveCount(0);
});

test('with the password cleared, every requirement is inactive again', async ({ page }) => {
  await page.goto('/signup');
  const items = page.getByRole('list', { name: 'Your password:' }).getByRole('listitem');
  await passwordField(page).fill('abc');
  await expect(items.first()).toHaveAttribute('data-state', 'error');
  await passwordField(page).fill('');
  await expect(items).toHaveCount(6);
  for (const item of await items.all())
    await expect(item).toHaveAttribute('data-state', 'inactive');
  await submit(page).click();
  for (const item of await items.all())
    await expect(item).toHaveAttribute('data-state', 'inactive');
  await expectNoAxeViolations(page, '/signup, a refused submit with the password empty');
});

test('failure toasts name the question as the applicant reads it', async ({ page }) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('flow-labels'));
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();

  const busy = { status: 503, json: { message: 'The service is busy. Please try again.' } };
  await page.route('**/api/add-another', (route) =>
    route.request().method() === 'PUT' ? route.fulfill(busy) : route.continue(),
  );
  await page.getByRole('button', { name: buttonLabelOf('activity_interest') }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Error adding another Which activities would you like to take part in?' }),
  ).toBeVisible();

  await page.route('**/api/presigned-url', (route) => route.fulfill(busy));
  await page.getByLabel(labelOf('transcript_file')).setInputFiles({
    name: 'transcript.png',
    mimeType: 'image/png',
    buffer: onePixelPng(),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error uploading file for Unofficial Transcript' }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /_file|activity_interest/ })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(page, '/education, failure toasts named by label');
});

test('choosing a tab clears its answers on the server in the same step', async ({ page }) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('flow-tabs'));
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await page.getByRole('tab', { name: tabLabelOf('transcript', 'self-report') }).click();
  await expect(
    page.getByRole('tab', { name: tabLabelOf('transcript', 'self-report') }),
  ).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel(labelOf('hs_gpa')).fill('3.45');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  expect((await serverJson<ProfileReply>(page, '/api/profile')).answer.hs_gpa).toBe('3.45');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  const chosen = page.waitForResponse(
    (response) => response.url().endsWith('/api/tabs') && response.request().method() === 'PUT',
  );
  await page.getByRole('tab', { name: tabLabelOf('transcript', 'upload') }).click();
  expect((await chosen).status()).toBe(200);
  // No save since: the one PUT /api/tabs both chose the tab and cleared the GPA.
  expect(await serverJson<Record<string, string>>(page, '/api/tabs')).toEqual({
    transcript: 'upload',
  });
  expect((await serverJson<ProfileReply>(page, '/api/profile')).answer.hs_gpa).toBe('');
});

/** Pastes text into a field as the clipboard does: one paste event with the text in it. */
async function pasteInto(page: Page, key: string, text: string) {
  await input(page, key).click();
  await input(page, key).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    const event = new ClipboardEvent('paste', {
      clipboardData: data,
      bubbles: true,
      cancelable: true,
    });
    if (element.dispatchEvent(event)) document.execCommand('insertText', false, pasted);
  }, text);
}

test('an international number pasted into a U.S. phone field goes to International Phone', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await pasteInto(page, 'phone_mobile', '+44 20 7946 0958');
  await expect(input(page, 'phone_mobile')).toHaveValue('');
  await expect(input(page, 'phone_international')).toHaveValue('+44 20 7946 0958');
  await expect(page.locator('[id="phone_mobile-paste-note"]')).toContainText('+44 20 7946 0958');
  // A parent's phone has no international question beside it: the number is refused, not cut.
  await pasteInto(page, 'parent_phone', '+44 20 7946 0958');
  await expect(input(page, 'parent_phone')).toHaveValue('');
  await expect(page.locator('[id="parent_phone-paste-note"]')).toContainText('was not entered');
});

/**
 * Fills a field as Chromium's autofill does: the whole value set at once, then an input event
 * without an inputType (no keystrokes, no paste event).
 */
async function autofill(page: Page, key: string, text: string) {
  await input(page, key).evaluate((element, value) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

test('an international number autofilled into a U.S. phone field goes to International Phone', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await autofill(page, 'phone_home', '+44 20 7946 0958');
  await expect(input(page, 'phone_home')).toHaveValue('');
  await expect(input(page, 'phone_international')).toHaveValue('+44 20 7946 0958');
  await expect(page.locator('[id="phone_home-paste-note"]')).toContainText('+44 20 7946 0958');
  // International Phone now holds a number: a second one is refused, not cut, nor overwriting it.
  await autofill(page, 'phone_mobile', '+81 90 1234 5678');
  await expect(input(page, 'phone_mobile')).toHaveValue('');
  await expect(input(page, 'phone_international')).toHaveValue('+44 20 7946 0958');
  await expect(page.locator('[id="phone_mobile-paste-note"]')).toContainText('was not entered');
  // A North American number autofilled is formatted in place.
  await autofill(page, 'phone_mobile', '+1 507 555 0140');
  await expect(input(page, 'phone_mobile')).toHaveValue('(507) 555-0140');
});

test('signing in keeps the saved answers unless the applicant chooses the typed ones', async ({
  page,
}) => {
  const email = uniqueEmail('choice');
  await signUpConfirmAndLogIn(page, email);
  await saveAnswers(page, { first_name: 'Sofia' });
  await page.context().clearCookies();

  // As a visitor, another first name is typed, and Save/Next leads to the account screens.
  await page.goto('/about');
  await expect(page.getByTestId('username')).toHaveCount(0);
  await input(page, 'first_name').fill('Sophie');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(page).toHaveURL(/\/signup\?token=/);
  await page.getByRole('main').getByRole('link', { name: 'Log In' }).click();
  await logIn(page, email);

  const dialog = page.getByRole('dialog', { name: 'Which answers should we keep?' });
  await expect(dialog).toContainText('saved “Sofia”, typed “Sophie”');
  await expect(dialog.getByRole('button', { name: 'Keep my saved answers' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep my saved answers' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(input(page, 'first_name')).toHaveValue('Sofia');
  const profile = await serverJson<ProfileReply>(page, '/api/profile');
  expect(profile.answer.first_name).toBe('Sofia');
});
