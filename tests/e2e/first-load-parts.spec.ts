/**
 * What a visitor's first load of /about goes without (issue 43): the rows of the country and
 * state lists, the toasts' behaviour, and a signed-in applicant's session with its error
 * summary. The rows come after the first load, or at once when a select is focused, and its
 * options then show (src/client/form/named-lists.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { pageTitle } from '../helpers/shipped-texts';

const later = /\/assets\/(named-list-rows|toast-item|signed-in-loader|error-summary)-[\w-]+\.js$/;
const rows = /\/assets\/(named-list-rows)-[\w-]+\.js$/;

/** The scripts matching `pattern` the page asks for, by the name it captures, in order. */
function requested(page: Page, pattern: RegExp): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const name = pattern.exec(new URL(request.url()).pathname)?.[1];
    if (name) names.push(name);
  });
  return names;
}

async function firstLoad(page: Page) {
  await page.goto('/about');
  await expect(
    page.getByRole('heading', { level: 1, name: pageTitle('about'), exact: true }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[id="first_name"] input').first()).toBeEditable();
}

test('a first load of /about fetches no list rows, toasts, signed-in session or error summary', async ({
  page,
}) => {
  const fetched = requested(page, later);
  await firstLoad(page);
  expect(fetched).toEqual([]);
  // Nobody touches the page: the rows and the toasts come on their own after the quiet wait;
  // the signed-in parts never do.
  await expect
    .poll(() => [...fetched].sort(), { timeout: 15_000 })
    .toEqual(['named-list-rows', 'toast-item']);
});

test('a country select focused before the rows are here fetches them, and offers its countries', async ({
  page,
}) => {
  const fetched = requested(page, rows);
  await firstLoad(page);
  expect(fetched).toEqual([]);
  const country = page.locator('[role="combobox"][id$="country-input"]').first();
  await expect(country).toHaveText('--');
  await country.click();
  await expect(page.getByRole('option', { name: 'Canada', exact: true })).toBeVisible();
  expect(fetched).toEqual(['named-list-rows']);
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await expect(country).toHaveText('Canada');
});
