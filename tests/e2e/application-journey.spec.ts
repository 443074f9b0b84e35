/**
 * The whole application, twice: once as most applicants do it (mouse and keyboard), with a
 * screenshot of every page for a reviewer, and once with the keyboard alone: no pointer event at
 * all, every field reached with Tab, every choice made with keys, the file chosen by pressing
 * Space on the file input. Both end with the applicant's PDF copy, read back with pdfjs.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readPdf } from '../server/helpers/pdf-text';
import { onePixelPng, password, passwordField, uniqueEmail } from './journey';
import { waitForMail } from './outbox';
import { labelOf, offeredOption, optionLabelOf, pageTitle } from '../helpers/shipped-texts';

const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
/** The input of an answer key (ids are the key plus "-input"). */
const field = (page: Page, key: string) => page.locator(`[id="${key}-input"]`);
const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

let shot = 0;
/** A full-page screenshot, numbered in journey order, under test-results/screenshots/. */
async function screenshot(page: Page, name: string) {
  shot += 1;
  const file = `test-results/screenshots/journey-${String(shot).padStart(2, '0')}-${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
}

/** Saves the download the link starts and reads the PDF back. */
async function downloadPdf(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  expect(download.suggestedFilename()).toBe('application.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return readPdf(bytes);
}

/** A one-page PDF with a line of text, as a scanned transcript would arrive. */
async function transcriptPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Northfield High School transcript', { x: 72, y: 700, font });
  return Buffer.from(await doc.save());
}

test('visitor to PDF copy: sign up, confirm, log in, three pages with an upload, submit', async ({
  page,
}) => {
  const email = uniqueEmail('journey');

  // About You, as a visitor.
  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await field(page, 'first_name').fill('Ada');
  await field(page, 'last_name').fill('Lovelace');
  await page.getByLabel(labelOf('birth_date')).fill('2007-05-01');
  await page.getByRole('radio', { name: optionLabelOf('gender', 'F') }).check();
  await field(page, 'phone_mobile').pressSequentially('5075550100');
  await screenshot(page, 'about-visitor');
  await page.getByRole('button', { name: 'Save/Next' }).click();

  // Sign Up with the answers carried, Confirm with the e-mailed code, Log In.
  await expect(page).toHaveURL(/\/signup\?token=[^&]+$/);
  // The URL changes as the navigation starts; About You stays until Sign Up's code has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await screenshot(page, 'signup');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  const [, code] = await waitForMail(email, /Your confirmation code is (\d{6})/);
  await page.getByLabel('Confirmation Code').fill(code ?? '');
  await screenshot(page, 'confirm');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await screenshot(page, 'login');
  await page.getByRole('button', { name: 'Submit' }).click();

  // The visitor's answers survived sign-up; the rest of About You.
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: "YOU'RE IN!" })).toBeVisible();
  await expect(field(page, 'first_name')).toHaveValue('Ada');
  await expect(field(page, 'phone_mobile')).toHaveValue('(507) 555-0100');
  await field(page, 'address_line_1').fill('1 College Avenue');
  await field(page, 'city').fill('Northfield');
  await combobox(page, 'Country').click();
  await page.getByRole('option', { name: 'United States', exact: true }).click();
  await combobox(page, 'State/Province').click();
  await page.getByRole('option', { name: 'Minnesota' }).click();
  await field(page, 'zip').fill('55057');
  await screenshot(page, 'about');
  await page.getByRole('button', { name: 'Save/Next' }).click();

  // Your Academics, with the transcript uploaded and converted.
  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await combobox(page, labelOf('entry_term')).click();
  await page.getByRole('option', { name: offeredOption('entry_term').label }).click();
  await combobox(page, labelOf('applied_major')).click();
  await page.getByRole('option', { name: offeredOption('applied_major').label }).click();
  await page
    .getByRole('combobox', { name: labelOf('hs_name') })
    .pressSequentially('Northfield High');
  await page.getByRole('option').filter({ hasText: 'Northfield High School' }).first().click();
  await expect(page.locator('.school-search__line')).toContainText('Northfield High School');
  await page.getByLabel(labelOf('transcript_file')).setInputFiles({
    name: 'transcript.png',
    mimeType: 'image/png',
    buffer: onePixelPng(),
  });
  const transcript = page.locator('[id="transcript_file"]');
  await expect(transcript.getByText('transcript.png', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await screenshot(page, 'education');
  await page.getByRole('button', { name: 'Save/Next' }).click();

  // Final Steps and Submit.
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await page.getByRole('radio', { name: /^I waive my right/ }).check();
  await page.getByRole('checkbox', { name: /I certify that all information/ }).check();
  await screenshot(page, 'final-steps');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/completion$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Application submitted' }),
  ).toBeVisible();
  const link = page.getByRole('link', { name: 'Download a PDF copy' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'completion');

  const pdf = await downloadPdf(page, () => link.click());
  expect(pdf.text).toContain('Lovelace');
  expect(pdf.text).toContain('Northfield High School');
  expect(pdf.outline).toEqual(
    expect.arrayContaining([pageTitle('about'), pageTitle('education'), pageTitle('final-steps')]),
  );
  expect(pdf.outline).toContain('Unofficial Transcript: transcript.png');
});

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}) {
  await expect(target).toBeAttached();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of Tab`);
}

/** Tabs to a field and types into it, replacing what it held. */
async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Tabs to a select-only combobox, types the start of an option and picks it with Enter. */
async function choose(page: Page, target: Locator, typed: string, expected: string) {
  await tabTo(page, target);
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await expect(target).toHaveText(expected);
}

test('keyboard only: a visitor signs up, fills the three pages, uploads, submits, downloads', async ({
  page,
}) => {
  // Any pointer or mouse event the page receives is recorded; there must be none.
  const pointerEvents: string[] = [];
  await page.exposeFunction('reportPointerEvent', (type: string) => pointerEvents.push(type));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportPointerEvent: (type: string) => void })
      .reportPointerEvent;
    const types = ['pointerdown', 'pointerup', 'pointermove', 'mousedown', 'mouseup', 'mousemove'];
    for (const type of [...types, 'wheel', 'touchstart', 'dblclick', 'contextmenu']) {
      window.addEventListener(type, (event) => event.isTrusted && report(type), true);
    }
    // A click made by a key (Enter, Space) has detail 0; a mouse click counts its presses.
    window.addEventListener(
      'click',
      (event) => event.isTrusted && event.detail > 0 && report('click'),
      true,
    );
  });
  const email = uniqueEmail('keyboard');

  await page.goto('/about');
  await expect(pageHeading(page, pageTitle('about'))).toBeVisible();
  await typeInto(page, field(page, 'first_name'), 'Grace');
  await typeInto(page, field(page, 'last_name'), 'Hopper');
  await tabTo(page, page.getByLabel(labelOf('birth_date')));
  // A date the form refuses, put right later through the error summary.
  await page.keyboard.type('12091906');
  await expect(page.getByLabel(labelOf('birth_date'))).toHaveValue('1906-12-09');
  // Tab enters a radio group on its first radio; Space checks it.
  await tabTo(page, page.getByRole('radio', { name: optionLabelOf('gender', 'F') }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: optionLabelOf('gender', 'F') })).toBeChecked();
  await typeInto(page, field(page, 'phone_mobile'), '5075550123');
  await expect(field(page, 'phone_mobile')).toHaveValue('(507) 555-0123');
  await tabTo(page, page.getByRole('button', { name: 'Save/Next' }));
  await page.keyboard.press('Enter');

  // Sign Up, Confirm, Log In: each card submits with Enter.
  await expect(page).toHaveURL(/\/signup\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await typeInto(page, page.getByLabel('Email Address'), email);
  await typeInto(page, passwordField(page), password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  const [, code] = await waitForMail(email, /Your confirmation code is (\d{6})/);
  await typeInto(page, page.getByLabel('Confirmation Code'), code ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await typeInto(page, page.getByLabel('Email Address'), email);
  await typeInto(page, passwordField(page), password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/about$/);
  await expect(field(page, 'last_name')).toHaveValue('Hopper');
  await typeInto(page, field(page, 'address_line_1'), '1 College Avenue');
  await typeInto(page, field(page, 'city'), 'Northfield');
  await choose(page, combobox(page, 'Country'), 'united s', 'United States');
  await choose(page, combobox(page, 'State/Province'), 'minn', 'Minnesota');
  await typeInto(page, field(page, 'zip'), '55057');
  await tabTo(page, page.getByRole('button', { name: 'Save/Next' }));
  await page.keyboard.press('Enter');

  await expect(pageHeading(page, pageTitle('education'))).toBeVisible();
  await choose(
    page,
    combobox(page, labelOf('entry_term')),
    offeredOption('entry_term').label.toLowerCase(),
    offeredOption('entry_term').label,
  );
  await choose(
    page,
    combobox(page, labelOf('applied_major')),
    offeredOption('applied_major').label.toLowerCase(),
    offeredOption('applied_major').label,
  );
  const school = page.getByRole('combobox', { name: labelOf('hs_name') });
  await typeInto(page, school, 'Northfield High');
  // The list's first option is the best match once the search has answered.
  await expect(page.getByRole('option').first()).toContainText('Northfield High School');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(school).toHaveValue(/Northfield High School/);

  // The file input takes focus like any control; Space opens the file chooser.
  await tabTo(page, page.getByLabel(labelOf('transcript_file')));
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Space'),
  ]);
  await chooser.setFiles({
    name: 'transcript.pdf',
    mimeType: 'application/pdf',
    buffer: await transcriptPdf(),
  });
  const transcript = page.locator('[id="transcript_file"]');
  await expect(transcript.getByText('transcript.pdf', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await tabTo(page, page.getByRole('button', { name: 'Save/Next' }));
  await page.keyboard.press('Enter');

  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await tabTo(page, page.getByRole('radio', { name: /^I waive my right/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('checkbox', { name: /I certify that all information/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /I certify/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');

  // 1906 is before the earliest birth date the form takes: the error summary takes focus, and
  // its link moves focus into the date, where the right one is typed.
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(page).toHaveURL(/\/about$/);
  const fix = summary.getByRole('link', { name: 'This date is not supported.', exact: false });
  await tabTo(page, fix);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(labelOf('birth_date'))).toBeFocused();
  await page.keyboard.type('12092007');
  await expect(page.getByLabel(labelOf('birth_date'))).toHaveValue('2007-12-09');
  await expect(summary).toHaveCount(0);
  await tabTo(page, page.getByRole('link', { name: 'Step 3: Final Steps' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(pageHeading(page, pageTitle('final-steps'))).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/completion$/);
  const link = page.getByRole('link', { name: 'Download a PDF copy' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await tabTo(page, link);
  const pdf = await downloadPdf(page, () => page.keyboard.press('Enter'));
  expect(pdf.text).toContain('Hopper');
  expect(pdf.outline).toContain('Unofficial Transcript: transcript.pdf');
  expect(pdf.text).toContain('Northfield High School transcript');

  expect(pointerEvents).toEqual([]);
});
