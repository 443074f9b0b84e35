/**
 * The staff console at a desk and on a phone (issue 44): at 1280 and at 390 px wide no screen
 * scrolls sideways, the header keeps Sign out and the role in view, tables scroll inside their
 * own named region, chart text keeps a readable size, a heading focused on arrival shows no ring,
 * and axe finds nothing on any screen or dialog.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { completeAnswers, saveAnswers, signUpConfirmAndLogIn, uniqueEmail } from './journey';
import { addStaffByCli, signedInAdminApi } from './staff-cli';
import { pageTitle } from '../helpers/shipped-texts';

let admin: APIRequestContext;
let adminEmail = '';
let applicantEmail = '';
const readerEmail = uniqueEmail('staff-phone-reader');

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  adminEmail = uniqueEmail('staff-phone-admin');
  admin = await signedInAdminApi(baseURL ?? '', adminEmail);
  await addStaffByCli(readerEmail, 'reader');
  // An applicant with a long name whose submission was held back: the school is missing.
  const context = await browser.newContext();
  const page = await context.newPage();
  // Signing up through the screens: tried again (as a new address) if a click is lost while the
  // freshly started server's first page is still hydrating on a loaded machine.
  await expect(async () => {
    applicantEmail = uniqueEmail('staff-phone-applicant');
    await signUpConfirmAndLogIn(page, applicantEmail);
  }).toPass({ timeout: 90_000 });
  const { hs_name: _missing, ...answers } = completeAnswers;
  await saveAnswers(page, { ...answers, first_name: 'María Fernanda', last_name: 'García-López' });
  for (const status of ['started', 'validating']) {
    const posted = await page.evaluate(async (webStatus) => {
      const response = await fetch('/api/web-status', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ web_status: webStatus }),
      });
      return response.status;
    }, status);
    expect(posted).toBe(200);
  }
  await context.close();
});

test.afterAll(async () => {
  await admin.dispose();
});

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, state: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${state}: page width beside the window's`).toBeLessThanOrEqual(
    widths.window,
  );
}

/** Sign out and the role badge are on screen, whole. */
async function expectHeaderInView(page: Page) {
  for (const element of [
    page.getByRole('button', { name: 'Sign out' }),
    page.locator('.staff-header__role'),
  ]) {
    const box = await element.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  }
}

/** Opens a console screen from the navigation and checks it as the issue asks. */
async function checkScreen(page: Page, link: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', {
      name: link,
      exact: true,
    })
    .click();
  const title = page.getByRole('heading', { level: 1, name: heading });
  await expect(title).toBeFocused();
  // Focused on arrival, quietly (as on GOV.UK): no ring round the heading.
  const ring = await title.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(ring).toEqual({ outline: 'none', shadow: 'none' });
  await expectNoSidewaysScroll(page, heading);
  await expectHeaderInView(page);
  await expectNoAxeViolations(page, `${heading} at ${page.viewportSize()?.width} px`);
}

/** A dialog's state: in view, no sideways scroll, axe clean; then Cancel. */
async function checkDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page, `the dialog ${String(name)}`);
  await expectNoAxeViolations(page, `the dialog ${String(name)}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

for (const width of [1280, 390]) {
  test(`every console screen and dialog at ${width} px`, async ({ browser }) => {
    // Thirty-odd axe runs on 2 shared cores: a cap for a hung test, not a speed budget.
    test.setTimeout(360_000);
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      storageState: await admin.storageState(),
    });
    const page = await context.newPage();

    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeFocused({
      timeout: 30_000,
    });
    await expectNoSidewaysScroll(page, 'Applications');
    await expectHeaderInView(page);
    await expectNoAxeViolations(page, `Applications at ${width} px`);
    const region = page.getByRole('region', { name: /^Applications, sorted by/ });
    if (width === 1280) {
      // The whole table fits: the Documents column is not cut, names stay on one line.
      const fits = await region.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits).toBe(true);
      const row = page.getByRole('row').filter({ hasText: applicantEmail });
      const name = row.getByRole('link', { name: 'María Fernanda García-López' });
      const lines = await name.evaluate((el) => el.getClientRects().length);
      expect(lines).toBe(1);
    } else {
      // Too wide for a phone: it scrolls in its own region, which the keyboard can reach.
      await expect(region).toHaveAttribute('tabindex', '0');
    }

    // A reversed date range is said in our words before anything is sent.
    await page.getByLabel('Submitted from').fill('2026-11-20');
    await page.getByLabel('Submitted to').fill('2026-11-01');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /The start date must be on or before the end date\./,
    );
    await expect(page.getByRole('alert')).toBeFocused();

    // One application: its sheet and buttons fit.
    await page.goto('/staff');
    await page.getByRole('row').filter({ hasText: applicantEmail }).getByRole('link').click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'María Fernanda García-López' }),
    ).toBeFocused();
    await expect(page.getByRole('article', { name: pageTitle('about') })).toBeVisible();
    // Held back at validation: the page says what is still to answer.
    await expect(
      page.getByRole('region', { name: /^Still to answer/ }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expectNoSidewaysScroll(page, 'one application');
    await expectNoAxeViolations(page, `one application at ${width} px`);

    await checkScreen(page, 'Exports', 'Exports');
    await checkScreen(page, 'Analytics', 'Analytics');
    // Chart text at the page's size, never shrunk with a drawing.
    const sizes = await page
      .locator('.staff-bars, .staff-days')
      .evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);

    await checkScreen(page, 'Links', 'Staff links');
    await page.getByLabel("Applicant's e-mail address").fill(applicantEmail);
    await page.getByRole('button', { name: 'Issue link' }).click();
    await expect(page.getByLabel('Link', { exact: true })).toHaveValue(/service_token=/);
    await expect(page.locator('.staff-issued')).toBeFocused();
    await expectNoSidewaysScroll(page, 'a link just issued');
    await expectNoAxeViolations(page, `a link just issued at ${width} px`);
    const revoke = page.getByRole('button', { name: `Revoke the link for ${applicantEmail}` });
    await revoke.first().click();
    await checkDialog(page, 'Revoke this link?');
    await revoke.first().click();
    await page.getByRole('button', { name: 'Revoke the link' }).click();
    const revoked = page.getByRole('status').filter({ hasText: /was revoked/ });
    await expect(revoked).toBeFocused();
    await expect(page.getByLabel('Link', { exact: true })).toHaveCount(0);

    await checkScreen(page, 'Audit', 'Audit log');
    await checkScreen(page, 'Data requests', 'Data requests');
    await page.getByLabel("Applicant's e-mail address").fill(applicantEmail);
    await page.getByRole('button', { name: 'Erase the applicant' }).click();
    const erase = page.getByRole('dialog', { name: 'Erase this applicant' });
    await expect(erase).toContainText('María Fernanda García-López');
    await expect(erase.getByRole('button', { name: 'Erase for good' })).toHaveCSS(
      'background-color',
      'rgb(179, 38, 30)',
    );
    await checkDialog(page, 'Erase this applicant');

    await checkScreen(page, 'Staff', 'Staff members');
    await page.getByRole('button', { name: `Remove ${readerEmail}` }).click();
    await checkDialog(page, `Remove ${readerEmail}?`);
    await page.getByRole('button', { name: `Make administrator: ${readerEmail}` }).click();
    await checkDialog(page, `Make ${readerEmail} administrator?`);

    await context.close();
  });
}

test('the staff sign-in at 390 px names the university and fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/staff/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await expect(page.locator('.staff-login__brand')).not.toBeEmpty();
  await expectNoSidewaysScroll(page, 'the staff sign-in');
  await expectNoAxeViolations(page, 'the staff sign-in at 390 px');
});
