/**
 * axe-core on every route and every state a screen can be in: field errors, the error summary,
 * each dialog, the menus and listboxes, toasts, uploads and the staff view. Zero WCAG 2.2 A/AA
 * violations is the bar; each check names the state it was taken in.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, wcag22AA } from './axe';
import {
  completeAnswers,
  onePixelPng,
  password,
  passwordField,
  saveAnswers,
  serviceLink,
  idleTimerFetched,
  idleTimerLoaded,
  signUpConfirmAndLogIn,
  uniqueEmail,
} from './journey';
import { containing, labelOf, pageTitle, tabLabelOf } from '../helpers/shipped-texts';

const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });

test('the check itself finds what it must: a page with known WCAG failures', async ({ page }) => {
  await page.setContent(`<!doctype html><html><head><title>Broken</title></head><body><main>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p style="color:#aaa;background:#fff">Grey on white</p>
    <input type="text">
    <button></button></main></body></html>`);
  const results = await new AxeBuilder({ page }).withTags(wcag22AA).analyze();
  expect(results.violations.map((violation) => violation.id).sort()).toEqual(
    expect.arrayContaining(['button-name', 'color-contrast', 'image-alt', 'label']),
  );
  await expect(expectNoAxeViolations(page, 'a broken page')).rejects.toThrow(/image-alt/);
});

test('the account cards, empty, with field errors and with error toasts', async ({ page }) => {
  await page.goto('/signup');
  await expect(pageHeading(page, 'Sign Up')).toBeVisible();
  await expectNoAxeViolations(page, '/signup, empty');
  await page.getByLabel('Email Address').fill('not-an-address');
  await passwordField(page).fill('short');
  await expectNoAxeViolations(page, '/signup, field errors and the requirement list half met');
  await submit(page).click();
  await expectNoAxeViolations(page, '/signup, after a refused submit');

  await page.goto('/confirm');
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  await expectNoAxeViolations(page, '/confirm, empty');
  await page.getByLabel('Email Address').fill(uniqueEmail('axe-nobody'));
  await page.getByLabel('Confirmation Code').fill('000000');
  await submit(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Confirm Your Account Error' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/confirm, the error toast');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expectNoAxeViolations(page, '/login, empty');
  await submit(page).click();
  await expectNoAxeViolations(page, '/login, required-field errors');
  await page.getByLabel('Email Address').fill(uniqueEmail('axe-nobody'));
  await passwordField(page).fill(password);
  await submit(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Log In Error' })).toBeVisible();
  await expectNoAxeViolations(page, '/login, the Log In Error toast');

  await page.goto('/forgot');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expectNoAxeViolations(page, '/forgot, empty');
  await page.getByLabel('Email Address').fill(uniqueEmail('axe-nobody'));
  await submit(page).click();
  await expect(page.locator('.toast--success')).toBeVisible();
  await expectNoAxeViolations(page, '/forgot, the success toast');

  await page.goto('/reset?username=nobody%40example.edu&id=not-a-reset-id');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expectNoAxeViolations(page, '/reset, empty');
  await passwordField(page).fill(password);
  await page.getByLabel('Confirm Password').fill('something else');
  await expectNoAxeViolations(page, '/reset, passwords that do not match');
  await page.getByLabel('Confirm Password').fill(password);
  await submit(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Reset Password Error' })).toBeVisible();
  await expectNoAxeViolations(page, '/reset, the error toast');
});

test('the three pages as a visitor, with Help, Privacy and the open listboxes', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expectNoAxeViolations(page, '/about as a visitor, with the welcome banner');

  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.focus();
  await page.keyboard.type('united s');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoAxeViolations(page, '/about, the Country listbox open');
  await page.keyboard.press('Escape');

  const same = page.getByRole('radiogroup', {
    name: labelOf('mailing_addr_same_as_perm_addr'),
  });
  await same.getByLabel('No').check();
  await page.getByRole('combobox', { name: labelOf('citizenship_type') }).focus();
  await page.keyboard.type('non');
  await page.keyboard.press('Enter');
  await expectNoAxeViolations(page, '/about, revealed questions (mailing address, citizenship)');

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
  await expectNoAxeViolations(page, 'the Help dialog open');
  await page.keyboard.press('Escape');
  await footer.getByRole('button', { name: 'Privacy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy' })).toBeVisible();
  await expectNoAxeViolations(page, 'the Privacy dialog open');
  await page.keyboard.press('Escape');

  await page.goto('/education');
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await expectNoAxeViolations(page, '/education as a visitor');
  await page.getByRole('combobox', { name: labelOf('hs_name') }).pressSequentially('Lincoln');
  await expect(page.getByRole('option').first()).toContainText('Lincoln');
  await expectNoAxeViolations(page, '/education, the school search listbox open');

  await page.goto('/final-steps');
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await expectNoAxeViolations(page, '/final-steps as a visitor');
  await page.getByRole('checkbox', { name: /I certify that all information/ }).check();
  await expectNoAxeViolations(page, '/final-steps, certified, with its note');

  await page.goto('/no/such/page');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expectNoAxeViolations(page, 'an unknown route, sent to the default page');
});

test('an applicant: account menu, error summary, uploads, dialogs, failures and completion', async ({
  page,
}) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('axe-applicant'));
  await expect(page.getByRole('heading', { name: "YOU'RE IN!" })).toBeVisible();
  await expectNoAxeViolations(page, '/about as an applicant, first login');

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expectNoAxeViolations(page, 'the account menu open');
  await page.keyboard.press('Escape');

  // A failed Log Out shows its dialog.
  await page.route('**/api/logout', (route) =>
    route.fulfill({ status: 503, json: { message: 'The service is busy. Please try again.' } }),
  );
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('dialog', { name: 'Log Out Error' })).toBeVisible();
  await expectNoAxeViolations(page, 'the Log Out Error dialog open');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.unroute('**/api/logout');

  // An error nothing else caught shows the Unexpected Error dialog.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('accessibility check');
    });
  });
  await expect(page.getByRole('dialog', { name: 'Unexpected Error' })).toBeVisible();
  await expectNoAxeViolations(page, 'the Unexpected Error dialog open');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // A save the server refuses shows its failure.
  await page.route('**/api/answer', (route) =>
    route.fulfill({ status: 503, json: { message: 'The service is busy. Please try again.' } }),
  );
  await page.locator('[id="first_name"] input').fill('Ada');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'busy' }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'a failed save');
  await page.unroute('**/api/answer');

  // Submit with a missing answer: the error summary and the field's own error.
  const { first_name: _missing, ...almostComplete } = completeAnswers;
  await saveAnswers(page, { ...almostComplete, first_name: '' });
  await page.goto('/final-steps');
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await expectNoAxeViolations(page, '/final-steps as an applicant');
  await submit(page).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expectNoAxeViolations(page, '/about, the error summary and field errors showing');
  await page.locator('[id="first_name"] input').fill('Ada');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await expect(
    page.locator('.toast--success').filter({ hasText: 'Your answers have been saved.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/education, the saved toast');

  // An upload under way, and the tab that cannot be left while it runs.
  await expect(page.getByRole('tab', { name: tabLabelOf('transcript', 'upload') })).toBeVisible();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/uploads', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel(labelOf('transcript_file')).setInputFiles({
    name: 'transcript.png',
    mimeType: 'image/png',
    buffer: onePixelPng(),
  });
  await expect(page.getByRole('progressbar', { name: 'Uploading transcript.png' })).toBeVisible();
  await expectNoAxeViolations(page, 'an upload in progress');
  const otherTab = page
    .getByRole('tab')
    .filter({ hasNotText: tabLabelOf('transcript', 'upload') })
    .first();
  await otherTab.click();
  await expect(page.getByRole('dialog', { name: 'File Upload in Progress' })).toBeVisible();
  await expectNoAxeViolations(page, 'the File Upload in Progress dialog open');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  release();

  const field = page.locator('[id="transcript_file"]');
  await expect(field.getByText('transcript.png', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, '/education, a document attached');
  await field.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete File' })).toBeVisible();
  await expectNoAxeViolations(page, 'the Delete File dialog open');
  await page.keyboard.press('Escape');

  // A full load would land on last_page (SPEC §2): the step navigation moves on.
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: containing(pageTitle('final-steps')) })
    .click();
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await submit(page).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(
    page
      .locator('.toast--success')
      .filter({ hasText: 'Your application was successfully submitted.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/completion, with the submitted toast');
});

test('every link of the error summary moves focus into its field, on its page', async ({
  page,
}) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('axe-summary'));
  // An empty application: required questions on all three pages.
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: containing(pageTitle('final-steps')) })
    .click();
  await submit(page).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  const links = summary.getByRole('link');
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  expect(new Set(hrefs.map((href) => href.split('#')[0]))).toEqual(
    new Set(['/about', '/education', '/final-steps']),
  );
  expect(hrefs.length).toBeGreaterThanOrEqual(12);

  for (const [i, href] of hrefs.entries()) {
    const [route, key] = href.split('#') as [string, string];
    // Followed with the keyboard, as a screen-reader user would.
    await summary.getByRole('link').nth(i).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${route}#${key}$`));
    // Focus lands on a control inside the field's container (its input, first radio, …).
    await expect
      .poll(
        () =>
          page.evaluate(
            (id) => document.getElementById(id)?.contains(document.activeElement) ?? false,
            key,
          ),
        { message: `focus inside the field ${key} after following ${href}` },
      )
      .toBe(true);
    // …and that is a control the applicant can answer with, not the container itself.
    expect(
      await page.evaluate(
        () =>
          document.activeElement?.matches(
            'input, select, textarea, [role="combobox"], [role="radio"], [role="checkbox"]',
          ) ?? false,
      ),
      `a control has focus after following ${href}`,
    ).toBe(true);
  }
});

test('inactivity: the "Still working?" dialog and the logged-out notice', async ({ page }) => {
  await page.clock.install();
  const idleTimer = idleTimerFetched(page);
  await signUpConfirmAndLogIn(page, uniqueEmail('axe-idle'));
  await idleTimerLoaded(page, idleTimer);
  await page.clock.fastForward('14:00');
  await expect(page.getByRole('dialog', { name: 'Still working?' })).toBeVisible();
  await expectNoAxeViolations(page, 'the Still working? dialog open');
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'automatically logged out' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/login, logged out for inactivity');
});

test('the staff view, and a staff link that is not valid', async ({ page, browser }) => {
  const email = uniqueEmail('axe-staff');
  await signUpConfirmAndLogIn(page, email);
  await saveAnswers(page, completeAnswers);
  const link = await serviceLink(email);

  const staff = await browser.newContext();
  const view = await staff.newPage();
  await view.goto(link);
  await expect(view.getByRole('article', { name: pageTitle('final-steps') })).toBeVisible();
  await expectNoAxeViolations(view, 'the staff view');
  await view.goto('/about?service_token=not-a-real-token');
  await expect(view.getByRole('alert')).toContainText('This staff link is not valid.');
  await expectNoAxeViolations(view, 'a staff link that is not valid');
  await staff.close();
});
