import { expect, test } from '@playwright/test';
import { formatFileSize } from '../../src/engine/formatters';
import { readdirSync, readFileSync } from 'node:fs';
import type { PageDefinition, TabsQuestion } from '../../src/engine/definitions';
import { allQuestions } from '../../src/engine/walk-definition';
import { onePixelPng, signUpConfirmAndLogIn, uniqueEmail } from './journey';
import { labelOf, pageTitle, tabLabelOf } from '../helpers/shipped-texts';

test('upload a transcript: progress, converting, attached with name and size, then delete it', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  // The file's answer is the server's to write: reloading after an upload or a delete must not
  // ask "Leave site?" as if the applicant had unsaved work.
  const prompts: string[] = [];
  page.on('dialog', async (dialog) => {
    prompts.push(dialog.type());
    await dialog.accept();
  });
  await signUpConfirmAndLogIn(page, uniqueEmail('documents'));

  // The applicant's PDF copy is offered on the form pages once it is ready.
  const download = page.getByRole('link', { name: 'Download a PDF copy' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(download).toHaveAttribute('href', '/api/pdf/file');
  await page.screenshot({ path: 'test-results/screenshots/pdf-download.png' });

  await page.goto('/education');
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('education') })).toBeVisible();
  await expect(page.getByRole('tab', { name: tabLabelOf('transcript', 'upload') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const field = page.locator('[id="transcript_file"]');
  const input = page.getByLabel(labelOf('transcript_file'));
  await expect(input).toBeVisible();

  // The upload is held back a moment, so its progress bar can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/uploads', async (route) => {
    await held;
    await route.continue();
  });

  const png = onePixelPng();
  await input.setInputFiles({ name: 'transcript.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('progressbar', { name: 'Uploading transcript.png' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-busy', 'true');
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/document-uploading.png' });
  release();

  await expect(field.locator('.file-upload__converting')).toHaveText(
    'Converting your file to PDF…',
  );
  await expect(field.getByText('transcript.png', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(field.getByText(formatFileSize(png.length), { exact: true })).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-busy', 'true');
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/document-attached.png' });

  // Attached means attached on the server too: a reload shows it again.
  await page.reload();
  await expect(field.getByText('transcript.png', { exact: true })).toBeVisible();

  await field.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete File' });
  await expect(dialog).toContainText('Are you sure you want to delete your file?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(field.getByText('transcript.png', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(labelOf('transcript_file'))).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(labelOf('transcript_file'))).toBeVisible();
  await expect(field.getByText('transcript.png', { exact: true })).toHaveCount(0);
  expect(problems).toEqual([]);
  expect(prompts).toEqual([]);
});

test('a file the rules refuse is never uploaded', async ({ page }) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('documents'));
  await page.goto('/education');
  const input = page.getByLabel(labelOf('transcript_file'));
  await expect(input).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') uploads.push(new URL(request.url()).pathname);
  });

  await input.setInputFiles({
    name: 'empty.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(0),
  });
  await expect(page.locator('[id="transcript_file-error"]')).toHaveText(
    'Error: Your file is empty. Please upload a non-empty file.',
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(uploads).toEqual([]);
});

/** The tabs question whose first tab owns a file, as the definitions say (no shipped text here). */
function fileTabs() {
  const pages = readdirSync('forms')
    .filter((file) => file.endsWith('.json') && file !== 'site.json')
    .map((file) => JSON.parse(readFileSync(`forms/${file}`, 'utf8')) as PageDefinition);
  for (const page of pages) {
    const tabs = allQuestions(page).find(
      (q): q is TabsQuestion => q.type === 'tabs' && q.tabs.some((tab) => tab.file),
    );
    if (tabs) {
      const owner = tabs.tabs.find((tab) => tab.file)!;
      const other = tabs.tabs.find((tab) => tab !== owner)!;
      const file = owner.questions.find((q) => 'key' in q && q.key === owner.file)!;
      return { page, owner, other, fileKey: owner.file!, fileLabel: file.label! };
    }
  }
  throw new Error('No page has a tab that owns a file.');
}

test('a failed upload’s toast goes once a file is attached; a switch that deletes it asks first', async ({
  page,
}) => {
  const { page: definition, owner, other, fileKey, fileLabel } = fileTabs();
  await signUpConfirmAndLogIn(page, uniqueEmail('switch'));
  await page.goto(definition.route);
  const field = page.locator(`[id="${fileKey}"]`);
  await expect(page.getByLabel(fileLabel)).toBeVisible();

  // The first upload is refused by the store; the second goes through.
  let refused = false;
  await page.route('**/uploads', async (route) => {
    if (refused) return route.continue();
    refused = true;
    return route.fulfill({
      status: 403,
      contentType: 'application/xml',
      body: '<Error><Code>AccessDenied</Code></Error>',
    });
  });
  const png = { name: 'transcript.png', mimeType: 'image/png', buffer: onePixelPng() };
  await page.getByLabel(fileLabel).setInputFiles(png);
  const failure = page
    .locator('.toast')
    .filter({ hasText: `Error uploading file for ${fileLabel}` });
  await expect(failure).toBeVisible();
  await field.getByRole('button', { name: 'Choose another file' }).click();
  await page.getByLabel(fileLabel).setInputFiles(png);
  await expect(field.getByText('transcript.png', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(failure).toHaveCount(0);

  // Switching away would delete the file: the applicant is asked, and may keep it.
  const otherTab = page.getByRole('tab', { name: other.label });
  await otherTab.click();
  const dialog = page.getByRole('dialog', { name: `Switch to ${other.label}?` });
  await expect(dialog).toContainText(`Switching removes your uploaded ${fileLabel.toLowerCase()}.`);
  await expect(dialog.getByRole('button', { name: 'Keep my file' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep my file' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: owner.label })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(field.getByText('transcript.png', { exact: true })).toBeVisible();

  await otherTab.click();
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(otherTab).toHaveAttribute('aria-selected', 'true');
  const documents = await page.evaluate(async () =>
    (await fetch('/api/document-answer', { headers: { Accept: 'application/json' } })).json(),
  );
  expect(documents).toEqual({});
});
