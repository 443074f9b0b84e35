import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';
import { edits } from '../fixtures/edited-forms';
import { expectNoAxeViolations } from './axe';
import { completeAnswers, saveAnswers, signUpConfirmAndLogIn, uniqueEmail } from './journey';
import { startEditedFormsServer, type EditedFormsServer } from './edited-forms-server';
import { signedInAdminApi } from './staff-cli';
import { unzip } from '../helpers/unzip';
import { containing, optionLabelOf, pageTitle } from '../helpers/shipped-texts';

let edited: EditedFormsServer | undefined;
test.afterAll(async () => {
  await edited?.close();
});

/** The stored answer and the account's last save version, read from the e2e database. */
function stored(email: string, key: string): { value?: string; forms_version: string | null } {
  const db = new Database(path.join(e2eDataDir, 'admissions.sqlite'), { readonly: true });
  try {
    const account = db
      .prepare('select id, forms_version from accounts where username = ?')
      .get(email) as { id: string; forms_version: string | null };
    const answer = db
      .prepare('select value from answers where account_id = ? and key = ?')
      .get(account.id, key) as { value: string } | undefined;
    return { value: answer?.value, forms_version: account.forms_version };
  } finally {
    db.close();
  }
}

test('a returning applicant is shown what changed in the forms since their last save', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // Under the repository's forms: a draft with an option and a question the edit removes.
  const email = uniqueEmail('definition-changes');
  await signUpConfirmAndLogIn(page, email);
  await saveAnswers(page, { ...completeAnswers, gender: 'X', preferred_name: 'Ace' });
  const before = stored(email, 'preferred_name');
  expect(before.value).toBe('Ace');
  expect(before.forms_version).toMatch(/^[0-9a-f]{16}$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('about') })).toBeVisible();
  await expect(page.locator('.definition-changes')).toHaveCount(0);

  // The forms are edited and deployed: a server built from the edited copy, same database.
  edited = await startEditedFormsServer(e2eDataDir);
  await page.goto(`${edited.base}/about`);
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('about') })).toBeVisible();
  const notice = page.getByRole('group', { name: 'This page has changed since your last visit' });
  await expect(notice).toContainText('We added 1 question since your last visit:');
  await expect(notice).toContainText(
    'An option you chose is no longer offered. Please choose again:',
  );
  await expect(notice).toContainText(
    'We no longer ask 1 question you answered. Your answer is kept for the admissions office.',
  );
  await expect(notice.getByRole('link')).toHaveText([
    'Pronouns',
    `Gender (you chose “${edits.removedOption.label}”)`,
  ]);
  // The removed answer is never shown: no field, no text.
  await expect(page.getByText('Ace', { exact: true })).toHaveCount(0);
  await expect(page.locator('#preferred_name')).toHaveCount(0);

  const steps = page.getByRole('navigation', { name: 'Application steps' });
  await expect(steps.getByRole('link', { name: containing(pageTitle('about')) })).toContainText(
    'Changed',
  );
  await expect(steps.getByRole('link', { name: containing(pageTitle('education')) })).toContainText(
    'Changed',
  );
  await expect(
    steps.getByRole('link', { name: containing(pageTitle('final-steps')) }),
  ).not.toContainText('Changed');
  await expectNoAxeViolations(page, 'the notice of changed forms');

  await notice.getByRole('link', { name: 'Pronouns' }).click();
  await expect(page.getByLabel('Pronouns')).toBeFocused();
  await page.getByLabel('Pronouns').fill('she/her');
  await page.getByRole('radio', { name: optionLabelOf('gender', 'F') }).check();
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('education') })).toBeVisible();
  const academics = page.getByRole('group', {
    name: 'This page has changed since your last visit',
  });
  await expect(academics.getByRole('link')).toHaveText(['Counselor Phone']);

  // Saved under the new version: the answer to the removed question is still stored for staff,
  // and the next visit shows no notice.
  const after = stored(email, 'preferred_name');
  expect(after.value).toBe('Ace');
  expect(after.forms_version).not.toBe(before.forms_version);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('education') })).toBeVisible();
  await expect(page.locator('.definition-changes')).toHaveCount(0);
  await expect(steps.getByText('Changed')).toHaveCount(0);

  // The answer to the removed question reaches the admissions office alone: an admin's export of
  // everything held about the applicant (a data request, docs/staff.md) still carries it.
  const staff = await signedInAdminApi(edited.base, uniqueEmail('definition-changes-admin'));
  const exported = await staff.post('/api/staff/data-requests/export', {
    data: { email, confirm: email },
  });
  expect(exported.status()).toBe(200);
  const held = JSON.parse(
    (await unzip(await exported.body())).get('applicant.json')?.toString('utf8') ?? '{}',
  ) as { answers?: Array<{ key: string; value: string }> };
  expect(held.answers).toContainEqual(
    expect.objectContaining({ key: 'preferred_name', value: 'Ace' }),
  );
  await staff.dispose();
});
