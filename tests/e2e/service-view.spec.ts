import { expect, test, type Locator } from '@playwright/test';
import {
  onePixelPng,
  saveAnswers,
  serviceLink,
  signUpConfirmAndLogIn,
  uniqueEmail,
} from './journey';
import { blockLabelOf, exactly, labelOf, offeredOption, pageTitle } from '../helpers/shipped-texts';

/** The value beside a label on a sheet. */
const valueOf = (sheet: Locator, label: string | RegExp) =>
  sheet
    .locator('.service-sheet__row')
    .filter({ has: sheet.page().locator('dt', { hasText: label }) })
    .locator('dd');

test('staff read an applicant’s application as PDF-like sheets through a staff link', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('staff-view');
  await signUpConfirmAndLogIn(page, email);
  await saveAnswers(page, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'F',
    birth_date: '2007-05-01',
    address_line_1: '1 College Avenue',
    city: 'Northfield',
    country: 'USA',
    state: 'MN',
    zip: '55057',
    race_asian: 'true',
    race_white: '',
    entry_term: offeredOption('entry_term').value,
    hs_name: 'Northfield High School',
    hs_ceeb: '241234',
    legal_agree: 'true',
  });
  // A document, uploaded as an applicant does.
  await page.goto('/education');
  const field = page.locator('[id="transcript_file"]');
  await page.getByLabel(labelOf('transcript_file')).setInputFiles({
    name: 'transcript.png',
    mimeType: 'image/png',
    buffer: onePixelPng(),
  });
  await expect(field.getByText('transcript.png', { exact: true })).toBeVisible({ timeout: 30_000 });

  const link = await serviceLink(email);
  const token = new URL(link).searchParams.get('service_token') ?? '';

  // Staff have no session of their own: a fresh browser context.
  const staff = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const view = await staff.newPage();
  await view.goto(link);

  const about = view.getByRole('article', { name: pageTitle('about') });
  await expect(about).toBeVisible();
  await expect(view.getByRole('article', { name: pageTitle('education') })).toBeVisible();
  await expect(view.getByRole('article', { name: pageTitle('final-steps') })).toBeVisible();
  await expect(valueOf(about, exactly(labelOf('first_name')))).toHaveText('Ada');
  await expect(valueOf(about, exactly(labelOf('last_name')))).toHaveText('Lovelace');
  await expect(valueOf(about, exactly(labelOf('birth_date')))).toHaveText('05/01/2007');
  await expect(valueOf(about, exactly(labelOf('race_asian')))).toHaveText('[X]');
  await expect(valueOf(about, exactly(labelOf('race_white')))).toHaveText('[ ]');
  await expect(valueOf(about, exactly(blockLabelOf('')))).toHaveText(
    '1 College Avenue, Northfield, MN 55057, United States',
  );
  const academics = view.getByRole('article', { name: pageTitle('education') });
  await expect(valueOf(academics, exactly(blockLabelOf('hs_')))).toContainText(
    'Northfield High School (241234)',
  );
  const transcript = valueOf(academics, exactly(labelOf('transcript_file')));
  await expect(transcript).toContainText('Document attached: transcript.png');
  const documentLink = transcript.getByRole('link', { name: 'Open the document as a PDF' });
  await expect(documentLink).toHaveAttribute(
    'href',
    `/service/document/transcript_file?service_token=${encodeURIComponent(token)}`,
  );
  const pdf = await staff.request.get((await documentLink.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const final = view.getByRole('article', { name: pageTitle('final-steps') });
  await expect(valueOf(final, /^I certify/)).toHaveText('[X]');

  // Read-only: no buttons, header, footer, navigation or account menu.
  await expect(view.getByRole('button')).toHaveCount(0);
  await expect(view.locator('header, footer, nav, hr')).toHaveCount(0);
  await expect(view.getByRole('banner')).toHaveCount(0);
  await expect(view.getByRole('contentinfo')).toHaveCount(0);
  await expect(view.getByText('Download a PDF copy')).toHaveCount(0);

  await view.screenshot({ path: 'test-results/screenshots/service-view.png', fullPage: true });

  // Printed, only the sheets remain.
  await view.emulateMedia({ media: 'print' });
  await expect(view.locator('.service-view__intro')).toBeHidden();
  await expect(about).toBeVisible();
  await staff.close();
});

test('a staff link that is not valid shows its message, not the login page', async ({ page }) => {
  await page.goto('/about?service_token=not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(
    /This staff link is not valid\. Please ask for a new link\./,
  );
  await expect(page).toHaveURL(/\/about\?service_token=not-a-real-token$/);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Log In' })).toHaveCount(0);
});
