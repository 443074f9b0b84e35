/**
 * The dialog library (@reach/dialog with its focus lock) and the footer's dialogs are no part of a
 * visitor's first load (issue 43): they are fetched at the first sign of intent or a few quiet
 * seconds after `load` (src/client/components/after-first-load.ts), and a dialog opened before
 * its code has arrived still opens, focused, once it has.
 */
import { expect, test, type Page } from '@playwright/test';
import { pageTitle } from '../helpers/shipped-texts';

const dialogCode = /\/assets\/(modal-dialog|help-dialog|privacy-dialog)-[\w-]+\.js$/;

/**
 * Waits until React has hydrated the footer's Help button (a click on the prerendered markup
 * before that is the page's, not React's: nothing this spec is about).
 */
const helpHydrated = (page: Page) =>
  page.waitForFunction(() => {
    const help = [...document.querySelectorAll('footer button')].find(
      (button) => button.textContent === 'Help',
    );
    return help !== undefined && Object.keys(help).some((key) => key.startsWith('__reactProps'));
  });

const pageHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: pageTitle('about'), exact: true });
const helpButton = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Help' });

/** When each dialog script was asked for, in ms after navigation start, and when `load` ended. */
const timings = (page: Page) =>
  page.evaluate(() => ({
    load: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
    dialogScripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /(modal|help|privacy)-dialog-[\w-]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));

test('a first load of /about fetches no dialog code; it comes a few quiet seconds after load', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (dialogCode.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  await page.goto('/about');
  await expect(pageHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[id="first_name"] input').first()).toBeEditable();
  expect(fetched).toEqual([]);

  // Nobody touches the page: the code comes on its own, never sooner than 3 s after load.
  await expect.poll(() => fetched.length, { timeout: 15_000 }).toBe(3);
  const { load, dialogScripts } = await timings(page);
  expect(load).toBeGreaterThan(0);
  expect(dialogScripts).toHaveLength(3);
  for (const startTime of dialogScripts) expect(startTime).toBeGreaterThanOrEqual(load + 3_000);
});

test('a pointer over Help fetches the dialog code before the click', async ({ page }) => {
  await page.goto('/about');
  await expect(pageHeading(page)).toBeVisible();
  await helpHydrated(page);
  const fetched = page.waitForRequest((request) =>
    /\/assets\/modal-dialog-[\w-]+\.js$/.test(new URL(request.url()).pathname),
  );
  await helpButton(page).hover();
  await fetched;
  // A script's timing entry is there once it has arrived, a moment after it was asked for.
  await expect.poll(async () => (await timings(page)).dialogScripts.length).toBeGreaterThan(0);
  const { load, dialogScripts } = await timings(page);
  // Well before the quiet seconds after load would have fetched it.
  expect(Math.min(...dialogScripts)).toBeLessThan(load + 3_000);
});

test('Help opened right after load, its code still on the way, opens focused and closes with Escape', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/modal-dialog-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about');
  await expect(pageHeading(page)).toBeVisible();
  await helpHydrated(page);
  await helpButton(page).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help).toHaveCount(0);
  release();
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: '(507) 555-0140' })).toBeVisible();
  await expect
    .poll(() => help.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(helpButton(page)).toBeFocused();
});
