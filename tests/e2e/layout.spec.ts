/**
 * Layout at the product's widths (issue 15, points 8, 9, 11, 12 and 13), measured in Chromium at
 * 1280, 900, 675, 390 and 320 px: the sign-in screens' header and footer, dialog widths by size
 * (SPEC §9), transcript tabs on one row, the spacing between the named boxes, and the screen a
 * failed profile load shows. Each state gets a screenshot under test-results/screenshots/ and an
 * axe check.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { completeAnswers, saveAnswers, signUpConfirmAndLogIn, uniqueEmail } from './journey';
import { pageTitle } from '../helpers/shipped-texts';

const widths = [1280, 900, 675, 390, 320] as const;
const height = 900;
/** A day inside this cycle's first alert window (forms/site.json), so the banner shows. */
const today = new Date('2026-11-24T10:00:00');

/** A screenshot for a reviewer: the full page, or the viewport (a dialog, the top of a page). */
async function screenshot(page: Page, name: string, width: number, fullPage = true) {
  const path = `test-results/screenshots/layout-${name}-${width}.png`;
  await page.screenshot({ path, fullPage });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator.toString()} has a box`).not.toBeNull();
  return found!;
}

/** The space between the bottom of one box and the top of the next (negative: they overlap). */
async function gapBetween(upper: Locator, lower: Locator): Promise<number> {
  const a = await box(upper);
  const b = await box(lower);
  return Math.round(b.y - (a.y + a.height));
}

const padding = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { top: parseFloat(style.paddingTop), bottom: parseFloat(style.paddingBottom) };
  });

// Many page loads at five widths: more than the default minute on a busy machine.
test.slow();

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('the sign-in screens', () => {
  const screens = [
    { name: 'signup', path: '/signup', title: 'Sign Up' },
    { name: 'login', path: '/login', title: 'Log In' },
    { name: 'confirm', path: '/confirm', title: 'Confirm Your Account' },
    { name: 'forgot', path: '/forgot', title: 'Forgot Password' },
    { name: 'reset', path: '/reset?username=ada%40example.edu&id=abc', title: 'Reset Password' },
  ];

  test('show the university header and the footer with Help and Privacy, no step layout', async ({
    page,
  }) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height });
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
        await expect(header(page)).toContainText('Northfield State University');
        await expect(header(page)).toContainText('Undergraduate Application for Admission');
        await expect(footer(page)).toContainText('100 College Avenue');
        await expect(page.getByRole('navigation', { name: 'Application steps' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0);
        // The card sits between header and footer with room on both sides.
        const card = page.locator('.auth-card');
        expect(await gapBetween(header(page), card)).toBeGreaterThan(0);
        expect(await gapBetween(card, footer(page))).toBeGreaterThan(0);
        expect((await padding(footer(page).locator('.site-footer__inner'))).top).toBeGreaterThan(0);
        if (width === 1280 || width === 390) await screenshot(page, screen.name, width);
      }
    }

    await page.goto('/login');
    await expectNoAxeViolations(page, '/login with header and footer');
    await footer(page).getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Help' });
    await expect(help).toContainText('apply-help@northfield.example.edu');
    await expectNoAxeViolations(page, 'Help open on /login');
    await help.getByRole('button', { name: 'Close' }).click();
    await footer(page).getByRole('button', { name: 'Privacy' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy' });
    await expect(privacy).toContainText('Cookies are small text files');
    await expectNoAxeViolations(page, 'Privacy open on /login');
    await page.keyboard.press('Escape');
    await expect(privacy).toHaveCount(0);
  });
});

test('dialogs take the SPEC §9 width of their size at every width', async ({ page }) => {
  // xs 30rem; s 60rem, on tablets (675 to 899px) 70vw; on phones the width of the screen.
  const expected = (size: 'xs' | 's', width: number) => {
    const room = width - (width >= 675 ? 48 : 24); // the overlay's side padding
    if (width < 675) return room;
    const rem = 16;
    const wanted = size === 'xs' ? 30 * rem : width >= 900 ? 60 * rem : 0.7 * width;
    return Math.min(wanted, room);
  };
  await page.goto('/about');
  for (const width of widths) {
    await page.setViewportSize({ width, height });

    await footer(page).getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Help' });
    await expect(help).toBeVisible();
    expect((await box(help)).width).toBeCloseTo(expected('s', width), 0);
    if (width === 1280 || width === 390) await screenshot(page, 'help-dialog', width, false);
    await help.getByRole('button', { name: 'Close' }).click();

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('layout check');
      });
    });
    const unexpected = page.getByRole('dialog', { name: 'Unexpected Error' });
    await expect(unexpected).toBeVisible();
    expect((await box(unexpected)).width).toBeCloseTo(expected('xs', width), 0);
    if (width === 1280 || width === 390) await screenshot(page, 'xs-dialog', width, false);
    await unexpected.getByRole('button', { name: 'Close' }).click();
  }
});

test('form pages: no box touches the next one, at every width', async ({ page }) => {
  await page.clock.install({ time: today });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('about') })).toBeVisible();
  const alert = page.getByRole('region', { name: 'Important dates' });
  const welcome = page.locator('.welcome-banner');
  const main = page.locator('#main-content');
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await expect(alert).toContainText('Early Action deadline');
    const inner = await padding(alert.locator('.alert-banner__inner'));
    expect(inner.top, `alert banner padding at ${width}px`).toBeGreaterThan(0);
    expect(inner.bottom).toBeGreaterThan(0);
    expect(
      await gapBetween(header(page), welcome),
      `header → welcome at ${width}px`,
    ).toBeGreaterThan(0);
    expect(
      await gapBetween(main, footer(page)),
      `page card → footer at ${width}px`,
    ).toBeGreaterThan(0);
    const foot = await padding(footer(page).locator('.site-footer__inner'));
    expect(foot.top, `footer padding at ${width}px`).toBeGreaterThan(0);
    expect(foot.bottom).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'about-top', width, false);
    await footer(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'about-bottom', width, false);
  }
  await expectNoAxeViolations(page, '/about with the alert banner');
});

test('an applicant: transcript tabs on one row, then the completion page, at every width', async ({
  page,
}) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('layout'));
  await saveAnswers(page, completeAnswers);
  await page.goto('/education');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(2);
  const list = page.getByRole('tablist');
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await list.scrollIntoViewIfNeeded();
    const boxes = await Promise.all([box(tabs.nth(0)), box(tabs.nth(1))]);
    // One row: side by side, the second to the right of the first, both inside the list.
    expect(Math.abs(boxes[0].y - boxes[1].y), `tabs on one row at ${width}px`).toBeLessThan(3);
    expect(boxes[1].x).toBeGreaterThanOrEqual(boxes[0].x + boxes[0].width);
    const bounds = await box(list);
    expect(boxes[1].x + boxes[1].width).toBeLessThanOrEqual(bounds.x + bounds.width + 0.5);
    expect(await list.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await list.screenshot({ path: `test-results/screenshots/layout-tabs-${width}.png` });
  }
  await expectNoAxeViolations(page, '/education, the transcript tabs at 320px');

  await page.setViewportSize({ width: 1280, height });
  await page.goto('/final-steps');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  const panel = page.locator('.completion__panel');
  const logOut = page.getByRole('button', { name: 'Log Out' });
  await expect(logOut).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    expect(await gapBetween(header(page), panel), `header → panel at ${width}px`).toBeGreaterThan(
      0,
    );
    expect(
      await gapBetween(logOut, footer(page)),
      `Log Out → footer at ${width}px`,
    ).toBeGreaterThan(0);
    await screenshot(page, 'completion', width);
  }
  await expectNoAxeViolations(page, '/completion');
});

test('a failed profile load shows the header, the fallback texts, help and a working Try again', async ({
  page,
}) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('layout-profile'));
  let failing = true;
  let calls = 0;
  await page.route('**/api/profile', async (route) => {
    calls += 1;
    if (failing) await route.fulfill({ status: 503, json: { message: 'The service is busy.' } });
    else await route.continue();
  });
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Something went wrong.' }),
  ).toBeVisible();
  await expect(
    page.getByText('The issue that caused you to see this has been logged.'),
  ).toBeVisible();
  await expect(header(page)).toContainText('Northfield State University');
  await expect(
    page.getByRole('link', { name: 'apply-help@northfield.example.edu' }),
  ).toHaveAttribute('href', 'mailto:apply-help@northfield.example.edu');
  await expect(page.getByRole('link', { name: '(507) 555-0140' })).toHaveAttribute(
    'href',
    'tel:+15075550140',
  );
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    expect(await gapBetween(page.locator('main'), footer(page))).toBeGreaterThanOrEqual(0);
    if (width === 1280 || width === 390) await screenshot(page, 'profile-failure', width);
  }
  await expectNoAxeViolations(page, 'the profile-load failure');

  // Still failing: the screen stays, the button asked again.
  const before = calls;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => calls).toBe(before + 1);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('about') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});
