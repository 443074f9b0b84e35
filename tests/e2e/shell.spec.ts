import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './outbox';
import {
  completeAnswers,
  idleTimerFetched,
  idleTimerLoaded,
  password,
  passwordField,
  saveAnswers,
  uniqueEmail,
} from './journey';
import { containing, pageTitle, requiredMessage, startingWith } from '../helpers/shipped-texts';

/** The text input of an answer key (each field's container has the key as its id). */
const input = (page: Page, key: string) => page.locator(`[id="${key}"] input`).first();
const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

/** Sign Up → Confirm (code from the outbox) → Log In; the page may start on /signup?token=… */
async function signUpConfirmAndLogIn(page: Page, email: string, start = '/signup') {
  if (!page.url().includes('/signup')) await page.goto(start);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  const [, code] = await waitForMail(email, /Your confirmation code is (\d{6})/);
  await page.getByLabel('Confirmation Code').fill(code ?? '');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await logIn(page, email);
}

async function logIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a visitor fills page one, signs up, confirms, logs in and finds the answers saved', async ({
  page,
}) => {
  const email = uniqueEmail('shell');
  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await input(page, 'first_name').fill('Ada');
  await input(page, 'last_name').fill('Lovelace');
  await page.getByRole('button', { name: 'Save/Next' }).click();

  await expect(page).toHaveURL(/\/signup\?token=[^&]+$/);
  const token = new URL(page.url()).searchParams.get('token');
  await signUpConfirmAndLogIn(page, email);

  // The token travelled sign-up → confirm → login; after login it is claimed and spent.
  await expect(page).toHaveURL(/\/about$/);
  expect(token).toBeTruthy();
  await expect(page.getByRole('heading', { name: "YOU'RE IN!" })).toBeVisible();
  await expect(input(page, 'first_name')).toHaveValue('Ada');
  await expect(input(page, 'last_name')).toHaveValue('Lovelace');

  // Saved in the account, not just in the page.
  await page.reload();
  await expect(input(page, 'first_name')).toHaveValue('Ada');
  await expect(input(page, 'last_name')).toHaveValue('Lovelace');
});

test('submit with a missing answer, follow the summary link, fix it, submit, complete', async ({
  page,
}) => {
  const email = uniqueEmail('shell');
  await signUpConfirmAndLogIn(page, email);
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  const { first_name: _missing, ...almostComplete } = completeAnswers;
  await saveAnswers(page, almostComplete);

  await page.goto('/final-steps');
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  const summary = page.locator('.error-summary');
  await expect(
    summary.getByRole('heading', { name: "We're missing some information!" }),
  ).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(/^Error: About You/);

  await summary.getByRole('link', { name: requiredMessage('first_name') }).click();
  await expect(page).toHaveURL(/\/about#first_name$/);
  await expect(input(page, 'first_name')).toBeFocused();
  await page.keyboard.type('Ada');
  await expect(summary).toHaveCount(0);
  await expect(page).toHaveTitle(startingWith(pageTitle('about')));

  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: containing(pageTitle('final-steps')) })
    .click();
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/completion$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Application submitted' }),
  ).toBeVisible();
  await expect(
    page
      .locator('.toast--success')
      .filter({ hasText: 'Your application was successfully submitted.' }),
  ).toBeVisible();

  // A submitted applicant opening a form page is sent back to /completion.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/completion$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Application submitted' }),
  ).toBeVisible();
});

test('a returning applicant lands on the page they last worked on', async ({ page }) => {
  const email = uniqueEmail('shell');
  await signUpConfirmAndLogIn(page, email);
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await input(page, 'first_name').fill('Ada');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await expect(
    page.locator('.toast--success').filter({ hasText: 'Your answers have been saved.' }),
  ).toBeVisible();

  await logOut(page);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/education$/);
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'WELCOME BACK!' })).toBeVisible();
});

test('reloading with answers not yet saved asks first; once saved it does not', async ({
  page,
}) => {
  const prompts: string[] = [];
  page.on('dialog', async (dialog) => {
    prompts.push(dialog.type());
    await dialog.accept();
  });
  await signUpConfirmAndLogIn(page, uniqueEmail('shell'));
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await input(page, 'first_name').fill('Ada');
  await page.reload();
  expect(prompts).toEqual(['beforeunload']);
  // Leaving was the applicant's choice: the unsaved answer is gone, as the prompt warned.
  await expect(input(page, 'first_name')).toHaveValue('');

  await input(page, 'first_name').fill('Ada');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await page.reload();
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  expect(prompts).toEqual(['beforeunload']);
});

test('inactivity: "Still working?" after 14 minutes, logged out after 15', async ({ page }) => {
  const email = uniqueEmail('shell');
  await page.clock.install();
  const idleTimer = idleTimerFetched(page);
  await signUpConfirmAndLogIn(page, email);
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await idleTimerLoaded(page, idleTimer);

  await page.clock.fastForward('14:00');
  const prompt = page.getByRole('dialog', { name: 'Still working?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Log out' })).toBeVisible();

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: 'automatically logged out' })).toHaveText(
    /You have been automatically logged out due to inactivity\./,
  );

  // The session is gone on the server too.
  await page.goto('/about');
  await expect(page.getByTestId('username')).toHaveCount(0);
});

test('an unknown route goes to the default route and keeps its query string', async ({ page }) => {
  await page.goto('/no/such/page?utm_source=e-mail&step=2');
  await expect(page).toHaveURL(/\/about\?utm_source=e-mail&step=2$/);
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
});

test('Help and Privacy open from the footer, within the Content-Security-Policy', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('100 College Avenue');
  await footer.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help.getByRole('link', { name: '(507) 555-0140' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(footer.getByRole('button', { name: 'Help' })).toBeFocused();

  await footer.getByRole('button', { name: 'Privacy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy' });
  await expect(privacy).toContainText(`© ${new Date().getFullYear()} Northfield State University`);
  await privacy.getByRole('button', { name: 'Close' }).click();
  await expect(privacy).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('an unhandled error in the browser is reported to the server and logged, with the build id', async ({
  page,
}) => {
  await page.goto('/login?next=%2Fabout');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  const reported = page.waitForResponse(
    (response) =>
      response.url().endsWith('/public/client-errors') && response.request().method() === 'POST',
  );
  // A rejection nothing handles, as a fault in the page's own code would leave. The Log In card
  // is prerendered: it shows before the application has started and listens for errors, so the
  // rejection is left again until the application has seen one.
  await expect(async () => {
    await page.evaluate(() => {
      void Promise.reject(new TypeError('e2e: nothing handled this'));
    });
    await expect(page.getByRole('dialog', { name: 'Unexpected Error' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  const response = await reported;
  // Accepted by the same-origin and JSON guards, the body schema and the Content-Security-Policy.
  expect(response.status()).toBe(204);
  const report = response.request().postDataJSON() as Record<string, string>;
  expect(report).toMatchObject({
    kind: 'rejection',
    message: 'TypeError: e2e: nothing handled this',
    route: '/login',
  });
  expect(report.buildId).toMatch(/^[A-Za-z0-9._:+-]+$/);
  expect(report.buildId).not.toBe('unknown');
  expect(JSON.stringify(report)).not.toContain('next=');
});
