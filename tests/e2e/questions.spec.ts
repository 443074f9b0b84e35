import { expect, test, type Page } from '@playwright/test';
import { blockLabelOf, buttonLabelOf, labelOf, pageTitle } from '../helpers/shipped-texts';

/** The question components on the real pages, as a visitor (no account needed). */

const field = (page: Page, key: string) => page.locator(`[id="${key}-input"]`);

test('About You: masks, selects with type-ahead, dependent state list and revealed questions', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('about') })).toBeVisible();

  // The phone formats as it is typed.
  const home = page.getByRole('textbox', { name: labelOf('phone_home') });
  await home.pressSequentially('5075551234');
  await expect(home).toHaveValue('(507) 555-1234');
  await home.press('Backspace');
  await home.press('Backspace');
  await expect(home).toHaveValue('(507) 555-12');

  // Country by keyboard: type-ahead, Enter. The state list follows the country.
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.focus();
  await page.keyboard.type('united s');
  await page.keyboard.press('Enter');
  await expect(country).toHaveText('United States');
  const state = page.getByRole('combobox', { name: 'State/Province', exact: true });
  await state.focus();
  await page.keyboard.type('minn');
  await expect(page.getByRole('option', { name: 'Minnesota' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(state).toHaveText('Minnesota');

  await country.focus();
  await page.keyboard.type('cana');
  await page.keyboard.press('Enter');
  await expect(country).toHaveText('Canada');
  await expect(state).toHaveText('--');
  await state.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Ontario' })).toBeVisible();
  await state.press('Escape');
  await expect(page.getByRole('option', { name: 'Ontario' })).toHaveCount(0);

  // No to "same mailing address" reveals the mailing address; Yes hides and clears it.
  const same = page.getByRole('radiogroup', {
    name: labelOf('mailing_addr_same_as_perm_addr'),
  });
  await same.getByLabel('No').check();
  const mailing = page.getByRole('group', { name: blockLabelOf('mailing_') });
  await expect(mailing).toBeVisible();
  await field(page, 'mailing_city').fill('Duluth');
  await same.getByLabel('Yes').check();
  await expect(mailing).toHaveCount(0);
  await same.getByLabel('No').check();
  await expect(field(page, 'mailing_city')).toHaveValue('');
});

test('Your Academics: school search by keyboard, free text and manual entry; visitor tabs', async ({
  page,
}) => {
  await page.goto('/education');
  const search = page.getByRole('combobox', { name: labelOf('hs_name') });
  await search.pressSequentially('Lincoln High');
  const first = page.getByRole('option').first();
  await expect(first).toContainText('Lincoln High School');
  await expect(page.getByRole('option', { name: 'Use: Lincoln High' })).toBeVisible();
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await search.press('Enter');
  await expect(search).toHaveValue(/Lincoln High School/);
  await expect(page.locator('.school-search__line')).toContainText(/Lincoln High School \(\d{6}\)/);

  // A school that is not listed: the free-text option switches to manual entry.
  await search.fill('Prairie Home School Co-op');
  await page.getByRole('option', { name: 'Use: Prairie Home School Co-op' }).click();
  await expect(page.getByText('Enter your school information below.')).toBeVisible();
  await expect(search).toHaveValue('Prairie Home School Co-op');
  await expect(page.getByRole('textbox', { name: 'CEEB Code' })).toHaveValue('');

  // A visitor sees only the default tab of the transcript question, and cannot upload.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(
    page.getByText('This question can be finished once you have created an account'),
  ).toBeVisible();

  // Add another: a visitor sees the first block only.
  await expect(page.getByRole('combobox', { name: 'Activity Interest 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: buttonLabelOf('activity_interest') })).toHaveCount(
    0,
  );
});

test('Final Steps: the certification checkbox reveals its note', async ({ page }) => {
  await page.goto('/final-steps');
  const certify = page.getByRole('checkbox', { name: /I certify that all information/ });
  await expect(page.getByText('Thank you. Select Submit')).toHaveCount(0);
  await certify.check();
  await expect(page.getByText(/Thank you\. Select Submit/)).toBeVisible();
});
