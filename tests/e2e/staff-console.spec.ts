/**
 * The staff console in a real browser (issue 17): an admin made by `npm run staff` signs in with
 * a password and TOTP, finds a submitted applicant by name, opens the application and its packet,
 * exports the CSV, issues and revokes a staff link, reads the audit log and the analytics; axe
 * checks every screen on the way.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './axe';
import { addAdminByCli, OWN_PASSWORD } from './staff-cli';
import {
  completeAnswers,
  onePixelPng,
  saveAnswers,
  signUpConfirmAndLogIn,
  uniqueEmail,
} from './journey';
import { labelOf, pageTitle } from '../helpers/shipped-texts';

interface Analytics {
  funnel: Record<'accounts' | 'confirmed' | 'started' | 'validating' | 'submitted', number>;
  submissionsByDay: { day: string; count: number }[];
}

async function analyticsOf(request: APIRequestContext): Promise<Analytics> {
  const response = await request.get('/api/staff/analytics');
  expect(response.status()).toBe(200);
  return (await response.json()) as Analytics;
}

/** An applicant who fills in everything, uploads a transcript and submits. */
async function submittedApplicant(page: Page, email: string, lastName: string) {
  await signUpConfirmAndLogIn(page, email);
  await saveAnswers(page, { ...completeAnswers, first_name: 'Grace', last_name: lastName });
  await page.goto('/education');
  await page.getByLabel(labelOf('transcript_file')).setInputFiles({
    name: 'transcript.png',
    mimeType: 'image/png',
    buffer: onePixelPng(),
  });
  await expect(
    page.locator('[id="transcript_file"]').getByText('transcript.png', { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  await page.goto('/final-steps');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  // The frozen copy is built after submission; the applicant's page offers it once it is.
  await expect(page.getByRole('link', { name: 'Download a PDF copy' })).toBeVisible({
    timeout: 30_000,
  });
}

/** The table cells of the row that contains `text`. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('an admin made by the CLI signs in with TOTP and uses every screen of the console', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const adminEmail = uniqueEmail('staff-admin');
  const temporaryPassword = await addAdminByCli(adminEmail);

  // Sign in: password, their own password, then the authenticator set up from the QR code's secret.
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const console_ = await staff.newPage();
  await console_.goto('/staff/login');
  await expect(console_.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await expectNoAxeViolations(console_, 'the staff sign-in');
  await console_.getByLabel('E-mail address').fill(adminEmail);
  await console_.getByLabel('Password').fill(temporaryPassword);
  await console_.getByRole('button', { name: 'Continue' }).click();
  // The CLI's password was temporary: the admin chooses their own first.
  await expect(
    console_.getByRole('heading', { level: 1, name: 'Choose your own password' }),
  ).toBeVisible();
  await expectNoAxeViolations(console_, 'the new password step');
  await console_.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
  await console_.getByLabel('Type the new password again').fill(OWN_PASSWORD);
  await console_.getByRole('button', { name: 'Continue' }).click();
  await expect(
    console_.getByRole('heading', { level: 1, name: 'Set up your authenticator' }),
  ).toBeVisible();
  await expect(console_.getByRole('img', { name: /QR code/ })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml/,
  );
  await expectNoAxeViolations(console_, 'the TOTP set-up');
  const secret = (await console_.locator('.staff-totp-setup__secret').textContent()) ?? '';
  const code = new TOTP({ secret: Secret.fromBase32(secret.trim()) }).generate();
  await console_.getByLabel('6-digit code').fill(code);
  await console_.getByRole('button', { name: 'Sign in' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(console_.getByRole('banner')).toContainText(adminEmail);
  await expectNoAxeViolations(console_, 'the applications list');

  // By keyboard: the screen's heading has the focus, and a column heading sorts with Enter.
  await expect(console_.getByRole('heading', { level: 1, name: 'Applications' })).toBeFocused();
  await console_.getByRole('button', { name: /^Name/ }).focus();
  await console_.keyboard.press('Enter');
  await expect(console_.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(console_).toHaveURL(/sort=name&order=asc$/);

  // The figures before the applicant below submits.
  const before = await analyticsOf(staff.request);

  const applicantEmail = uniqueEmail('staff-applicant');
  const lastName = `Hopper${Date.now().toString(36)}`;
  await submittedApplicant(page, applicantEmail, lastName);

  // Find them by name; open the application, its packet and its document.
  await console_.getByLabel('Name or e-mail').fill(lastName);
  await console_.getByRole('button', { name: 'Search' }).click();
  const row = rowWith(console_, applicantEmail);
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText(`Grace ${lastName}`);
  await expect(console_).toHaveURL(new RegExp(`[?&]q=${lastName}(&|$)`));
  await row.getByRole('link', { name: `Grace ${lastName}` }).click();
  await expect(
    console_.getByRole('heading', { level: 1, name: `Grace ${lastName}` }),
  ).toBeVisible();
  const about = console_.getByRole('article', { name: pageTitle('about') });
  await expect(
    about.locator('.service-sheet__row', { hasText: labelOf('last_name') }),
  ).toContainText(lastName);
  await expectNoAxeViolations(console_, 'one application');
  const packetLink = console_.getByRole('link', { name: 'Open Submission packet in a new tab' });
  await expect(packetLink).toHaveAttribute('target', '_blank');
  const packetHref = await packetLink.getAttribute('href');
  await expect
    .poll(async () => (await staff.request.get(packetHref ?? '')).status(), { timeout: 30_000 })
    .toBe(200);
  const packet = await staff.request.get(packetHref ?? '');
  expect(packet.headers()['content-type']).toContain('application/pdf');
  expect((await packet.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const documentHref = await console_
    .getByRole('link', { name: 'Open Document: transcript.png in a new tab' })
    .getAttribute('href');
  // Saved under the applicant's name, not the server's.
  const [saved] = await Promise.all([
    console_.waitForEvent('download'),
    console_.getByRole('button', { name: /^Download Submission packet as / }).click(),
  ]);
  expect(saved.suggestedFilename()).toBe(`${lastName}_Grace_application.pdf`);
  expect((await staff.request.get(documentHref ?? '')).status()).toBe(200);

  // Exports: the CSV holds the applicant's row.
  await console_.getByRole('link', { name: 'Exports' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  await expectNoAxeViolations(console_, 'exports');
  const [download] = await Promise.all([
    console_.waitForEvent('download'),
    console_.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const csvRow = csv.split('\n').find((line) => line.includes(applicantEmail)) ?? '';
  expect(csvRow).toContain(lastName);
  expect(csvRow).toContain('Northfield High School');

  // Links: issue one for the applicant, read through it, revoke it.
  await console_.getByRole('link', { name: 'Links' }).click();
  await console_.getByLabel("Applicant's e-mail address").fill(applicantEmail);
  await expect(console_.getByLabel('Expires after (days)')).toHaveValue('7');
  await console_.getByRole('button', { name: 'Issue link' }).click();
  const url = await console_.getByLabel('Link', { exact: true }).inputValue();
  expect(url).toMatch(/service_token=/);
  await expectNoAxeViolations(console_, 'links, one just issued');
  const token = new URL(url).searchParams.get('service_token') ?? '';
  const reader = await browser.newContext();
  const linkPage = await reader.newPage();
  // The link names PUBLIC_URL; the e2e server answers on its own port.
  await linkPage.goto(`/about?service_token=${encodeURIComponent(token)}`);
  await expect(linkPage.getByRole('article', { name: pageTitle('about') })).toBeVisible();
  await console_
    .getByRole('button', { name: `Revoke the link for ${applicantEmail}` })
    .first()
    .click();
  await console_
    .getByRole('dialog', { name: 'Revoke this link?' })
    .getByRole('button', { name: 'Revoke the link' })
    .click();
  await expect(console_.getByRole('status').filter({ hasText: /was revoked/ })).toBeFocused();
  await expect(rowWith(console_, applicantEmail).first()).toContainText('Revoked');
  const revoked = await reader.request.get(
    `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`,
  );
  expect(revoked.status()).toBe(403);
  expect((await revoked.json()) as { code: string }).toMatchObject({
    code: 'SERVICE_LINK_REVOKED',
  });
  await linkPage.reload();
  await expect(linkPage.getByRole('alert')).toContainText('revoked');
  await reader.close();

  // Audit: the reads of the application, by the admin and through the link.
  await console_.getByRole('link', { name: 'Audit' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // The actions are offered in words; their values stay the codes the address carries.
  await console_.getByLabel('Action').selectOption('application.read');
  await console_.getByLabel('Applicant (name or e-mail)').fill(applicantEmail);
  await console_.getByRole('button', { name: 'Filter' }).click();
  await expect(console_).toHaveURL(/action=application\.read/);
  await expect(rowWith(console_, adminEmail).first()).toContainText('Read an application');
  // A read through the link names who issued it, not the link's id.
  await expect(
    console_
      .getByRole('row')
      .filter({ hasText: `A service link issued by ${adminEmail}` })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(console_, 'the audit log');
  await console_.getByLabel('Applicant (name or e-mail)').fill('');
  await console_.getByLabel('Action').selectOption('export.csv');
  await console_.getByRole('button', { name: 'Filter' }).click();
  await expect(console_).toHaveURL(/action=export\.csv/);
  await expect(rowWith(console_, adminEmail).first()).toContainText(/Exported .* as CSV/);

  // Analytics: one more account and one more submission, today.
  await console_.getByRole('link', { name: 'Analytics' }).click();
  const funnel = console_.getByRole('table', {
    name: 'Applicants at each step',
    includeHidden: true,
  });
  const after = await analyticsOf(staff.request);
  expect(after.funnel.accounts).toBe(before.funnel.accounts + 1);
  expect(after.funnel.submitted).toBe(before.funnel.submitted + 1);
  const share = (n: number) => `${n} (${Math.round((n / after.funnel.accounts) * 100)}%)`;
  await expect(funnel.getByRole('row', { includeHidden: true })).toHaveText([
    /Step/,
    `Accounts${share(after.funnel.accounts)}`,
    `Confirmed${share(after.funnel.confirmed)}`,
    `Started${share(after.funnel.started)}`,
    `Validating${share(after.funnel.validating)}`,
    `Submitted${share(after.funnel.submitted)}`,
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const todayCount = (a: Analytics) => a.submissionsByDay.find((d) => d.day === today)?.count ?? 0;
  expect(todayCount(after)).toBe(todayCount(before) + 1);
  await expect(
    console_.getByRole('figure', { name: 'Submissions by day' }).locator('rect'),
  ).not.toHaveCount(0);
  await expectNoAxeViolations(console_, 'analytics');

  // The remaining admin screens, and signing out.
  await console_.getByRole('link', { name: 'Data requests' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Data requests' })).toBeVisible();
  await console_.getByLabel("Applicant's e-mail address").fill(applicantEmail);
  await console_.getByRole('button', { name: 'Erase the applicant' }).click();
  const dialog = console_.getByRole('dialog', { name: 'Erase this applicant' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(console_, 'the erasure confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await console_.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Staff members' })).toBeVisible();
  await expect(rowWith(console_, adminEmail)).toContainText('Set up');
  await expectNoAxeViolations(console_, 'staff members');
  await console_.getByRole('button', { name: 'Sign out' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  expect((await staff.request.get('/api/staff/me')).status()).toBe(401);
  await staff.close();
});
