/**
 * The pages prerendered for visitors (issue 19: the form pages, Log In and Sign Up): the page is
 * there before any script runs, the browser hydrates it without a mismatch and keeps what was
 * typed, and a signed-in applicant still gets the page the browser renders itself, with their
 * answers.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { activeAlerts } from '../../src/engine/alerts';
import type { AlertWindow } from '../../src/engine/definitions';
import {
  password,
  passwordField,
  saveAnswers,
  signUpConfirmAndLogIn,
  uniqueEmail,
} from './journey';
import { labelOf, pageTitle } from '../helpers/shipped-texts';

const input = (page: Page, key: string) => page.locator(`[id="${key}"] input`).first();
const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

/** Console errors and warnings (React reports a hydration mismatch as a console error). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Waits until the server prerenders Sign Up (it loads the prerendering entry after it starts). */
async function signUpPrerendered(request: APIRequestContext): Promise<void> {
  await expect
    .poll(async () => (await (await request.get('/signup')).text()).includes('served-on'))
    .toBe(true);
}

/** A page in a context of its own (nothing cached, as an applicant's first visit), at 6x CPU. */
async function coldSlowPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return page;
}

/** Holds the page's scripts whose path matches `pattern` until the function returned is called. */
async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The answers a visitor token holds (GET /public/tmp), read from the page. */
async function tokenAnswers(page: Page): Promise<Record<string, string>> {
  const token = new URL(page.url()).searchParams.get('token') ?? '';
  return page.evaluate(async (value) => {
    const response = await fetch(`/public/tmp?token=${encodeURIComponent(value)}`, {
      headers: { Accept: 'application/json' },
    });
    return ((await response.json()) as { answer: Record<string, string> }).answer;
  }, token);
}

test('a visitor without JavaScript sees the whole About You page, today’s alerts, and why it cannot save', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The server loads the prerendering entry after it starts: the first answers may be plain.
  await expect(async () => {
    await page.goto('/about');
    await expect(pageHeading(page, pageTitle('about'))).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(input(page, 'first_name')).toBeVisible();
  await expect(input(page, 'parent_email_address')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Application steps' })).toBeVisible();
  const site = JSON.parse(readFileSync('forms/site.json', 'utf8')) as { alerts: AlertWindow[] };
  const alerts = activeAlerts(site.alerts, new Date()).map((alert) => alert.text);
  const banner = page.getByRole('region', { name: 'Important dates' });
  if (alerts.length === 0) await expect(banner).toHaveCount(0);
  for (const text of alerts) await expect(banner).toContainText(text);
  // It says why nothing can be saved, and what to do.
  // (Playwright's text queries leave out what is inside <noscript>.)
  const notice = page.locator('.noscript-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('This application needs JavaScript');
  await expect(notice).toContainText('turn JavaScript on and reload the page');
  await context.close();
});

test('with JavaScript the page hydrates without a mismatch and keeps what the visitor types', async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const response = await page.goto('/about');
  expect(await response?.text()).toContain('<meta name="served-on"');
  // Typed at once: before React has taken the field over, or just after.
  await input(page, 'first_name').fill('Ada');
  await page.waitForLoadState('networkidle');
  await input(page, 'last_name').fill('Lovelace');
  await expect(input(page, 'first_name')).toHaveValue('Ada');
  await page.getByRole('button', { name: 'Save/Next' }).click();
  await expect(page).toHaveURL(/\/signup\?token=[^&]+$/);
  expect(await tokenAnswers(page)).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  expect(problems).toEqual([]);
});

test('every keystroke typed while the page hydrates reaches React, in order', async ({ page }) => {
  // A slow phone (6x CPU) and typing from the moment the field is on screen, at several moments
  // of the hydration: keystrokes after React claims the field and before it commits used to be
  // lost, and an edit noted earlier, replayed late, undid what had been typed since.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const problems = consoleProblems(page);
  for (const delay of [0, 50, 100, 150, 200, 300, 400, 600]) {
    await page.goto('/about', { waitUntil: 'commit' });
    const home = page.getByRole('textbox', { name: labelOf('phone_home') });
    await home.waitFor();
    await page.waitForTimeout(delay);
    await home.pressSequentially('5075551234');
    // The mask is React's: the whole number formatted means React has every digit. A cold load
    // at 6x CPU can take seconds to hydrate: the wait is for correctness, not speed.
    await expect(home, `typed ${delay} ms after the field showed`).toHaveValue('(507) 555-1234', {
      timeout: 20_000,
    });
  }
  expect(problems).toEqual([]);
});

test('a Sign Up card filled in while it hydrates signs up with what was typed', async ({
  browser,
  request,
}) => {
  // The e-mail address typed as the card loaded used to be lost (in about 2 cold loads of 3 at 6x
  // CPU): leaving the field made React hydrate at once, and its tracker took the typed address
  // as already seen. The password, typed next, re-rendered the card with an empty address.
  await signUpPrerendered(request);
  for (const delay of [0, 50, 100, 150, 200, 300, 400]) {
    const page = await coldSlowPage(browser);
    await page.goto('/signup', { waitUntil: 'commit' });
    await page.waitForTimeout(delay);
    await page.getByLabel('Email Address').fill(uniqueEmail('hydrating-signup'));
    await passwordField(page).fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    // A cold load at 6x CPU can take seconds to hydrate: the wait is for correctness.
    await expect(
      page.getByRole('heading', { name: 'Confirm Your Account' }),
      `filled ${delay} ms after the card began to load`,
    ).toBeVisible({ timeout: 20_000 });
    await page.context().close();
  }
});

test('an e-mail address typed before React reaches the field, left once it has, signs up', async ({
  browser,
  request,
}) => {
  // The Sign Up card hydrates in a Suspense boundary of its own, after the routes commit. An
  // address typed before React reached the field, and left once it had (its tracker then holding
  // the address, its state empty), went to React as no change, and the card's next render emptied
  // the field (seen in CI; every load here lost it before the fix).
  await signUpPrerendered(request);
  for (let load = 1; load <= 3; load += 1) {
    const page = await coldSlowPage(browser);
    // The application's code is held until the address is typed: boot.ts notes the edit.
    const release = await holdScripts(page, /\/assets\/main-[\w-]+\.js$/);
    const boot = page.waitForResponse(/\/assets\/boot-[\w-]+\.js$/);
    await page.goto('/signup', { waitUntil: 'commit' });
    await (await boot).finished();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const email = page.getByLabel('Email Address');
    const address = uniqueEmail('left-as-claimed');
    await email.fill(address);
    // Between two of React's slices (its scheduler posts messages too): as soon as the field has
    // React's tracker, focus moves on, and the browser sends the address's change event.
    const left = email.evaluate(
      (field) =>
        new Promise<boolean>((resolve) => {
          const channel = new MessageChannel();
          const started = Date.now();
          channel.port1.onmessage = () => {
            if ('_valueTracker' in field && field._valueTracker) {
              document.getElementById('signup-password')?.focus();
              resolve(true);
            } else if (Date.now() - started > 20_000) resolve(false);
            else channel.port2.postMessage(null);
          };
          channel.port2.postMessage(null);
        }),
    );
    release();
    expect(await left, 'React took the field within 20 s').toBe(true);
    await passwordField(page).fill(password);
    await expect(email, `load ${load}`).toHaveValue(address);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible({
      timeout: 20_000,
    });
    await page.context().close();
  }
});

test('a Sign Up card filled in before any application code has run signs up', async ({ page }) => {
  // On a slow connection the card is there before the first script: what was typed then used
  // to be taken by React as the page's own (no change), and its first render emptied both fields.
  await signUpPrerendered(page.request);
  const release = await holdScripts(page, /\/assets\/(index|boot)-[\w-]+\.js$/);
  await page.goto('/signup', { waitUntil: 'commit' });
  const email = page.getByLabel('Email Address');
  const address = uniqueEmail('before-boot');
  await email.fill(address);
  await passwordField(page).fill(password);
  release();
  // Submitted once React has claimed the card's fields: what it sends is what its state holds.
  await page.waitForFunction(() => {
    const field = document.getElementById('signup-username');
    return field !== null && Object.keys(field).some((key) => key.startsWith('__reactFiber$'));
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible({
    timeout: 20_000,
  });
});

test('a Sign Up card submitted before any application code has run signs up once it has', async ({
  page,
}) => {
  // Before boot.ts runs, the browser posted the card itself: the server sent it back (303) and
  // what was typed was lost. The page's inline script holds the submit for boot.ts instead.
  await signUpPrerendered(page.request);
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.method() === 'POST') posted.push(request.url());
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const release = await holdScripts(page, /\/assets\/(index|boot)-[\w-]+\.js$/);
  await page.goto('/signup', { waitUntil: 'commit' });
  await page.getByLabel('Email Address').fill(uniqueEmail('submit-before-boot'));
  await passwordField(page).fill(password);
  await passwordField(page).press('Enter');
  // Held: still the card, as typed, and nothing posted by the browser.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(passwordField(page)).toHaveValue(password);
  release();
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible({
    timeout: 20_000,
  });
  expect(posted).toEqual([]);
  expect(violations).toEqual([]);
});

test('the page names every script its first load runs, in a few files (scripts/first-load-chunks.ts)', async ({
  page,
  browser,
}) => {
  const scripts = new Set<string>();
  const requestedAt = new Map<string, number>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const script = new URL(request.url()).pathname;
    scripts.add(script);
    if (!requestedAt.has(script)) requestedAt.set(script, Date.now());
  });
  const response = await page.goto('/about');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<meta name="served-on"');
  await page.waitForLoadState('networkidle');
  await expect(input(page, 'first_name')).toBeEditable();
  const named = [
    ...html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g),
  ];
  const linked = named.map((match) => match[1]!);
  // Each page's definition and each page's validator is a chunk of its own (issue 43), named in
  // Vite's manifest by its source file (the e2e server serves this build).
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const builtFrom = (source: RegExp) =>
    Object.entries(manifest).flatMap(([key, chunk]) =>
      source.test(key) ? [`/${chunk.file}`] : [],
    );
  const definitionOf = (pageId: string) => builtFrom(new RegExp(`^forms/${pageId}\\.json$`))[0];
  const definitions = builtFrom(/^forms\/[^/]+\.json$/);
  // Nothing found only as the scripts ran (a request after a request), nothing linked twice;
  // the dialog library and the footer's dialogs are not part of the first load: they are fetched
  // a few quiet seconds after load (src/client/components/after-first-load.ts), and the next
  // page's definition once the browser is idle (src/client/pages/form-page.tsx).
  const dialogs = /^\/assets\/(modal|help|privacy)-dialog-[\w-]+\.js$/;
  // Whatever else is fetched 3 quiet seconds after load is past the first load too (the question
  // types /about does not use: src/client/questions/question-renderers.ts), on a slow run.
  const loadAt = await page.evaluate(
    () =>
      performance.timeOrigin +
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  );
  const afterFirstLoad = (script: string) => requestedAt.get(script)! >= loadAt + 3_000;
  const idle = (script: string) =>
    dialogs.test(script) || script === definitionOf('education') || afterFirstLoad(script);
  expect(definitionOf('education')).toBeDefined();
  expect([...scripts].filter((script) => !linked.includes(script) && !idle(script))).toEqual([]);
  expect(new Set(linked).size).toBe(linked.length);
  // The entry, boot's chunk, the bundler's runtime, React's chunk (evaluated in a task of its own:
  // src/client/early-react.ts), the application, the form and the page's own definition,
  // preloaded with the page (not all three): 21 before.
  expect(linked.filter((script) => definitions.includes(script))).toEqual([definitionOf('about')]);
  const firstLoad = [...scripts].filter((script) => !idle(script));
  expect(firstLoad.length).toBeLessThanOrEqual(7);
  // No page's validator: a visitor never validates (src/client/form/page-validators.ts).
  const validators = builtFrom(/^src\/generated\/validators\//);
  expect(validators.length).toBeGreaterThan(0);
  expect(firstLoad.filter((script) => validators.includes(script))).toEqual([]);
  // No query client either: a visitor calls no /api (src/client/api/query-boundary.tsx).
  expect(firstLoad.filter((script) => /\/query-[\w-]+\.js$/.test(script))).toEqual([]);

  // Log In shares the application's chunk, not the form's (a new browser context: no cache).
  // (/about fetched no account code and no query client: its scripts above are the entry's,
  // React's, main, the form and the page's definition.)
  const login = await (await browser.newContext()).newPage();
  scripts.clear();
  login.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await login.goto('/login');
  await login.waitForLoadState('networkidle');
  expect([...scripts].filter((script) => /\/form-[\w-]+\.js$/.test(script))).toEqual([]);
  expect([...scripts].some((script) => /\/main-[\w-]+\.js$/.test(script))).toBe(true);
  // The account screens' code in one chunk, with TanStack Query's in its own, which a signed-in
  // applicant's form loads too (scripts/first-load-chunks.ts), and React's: ten scripts before.
  expect([...scripts].some((script) => /\/query-[\w-]+\.js$/.test(script))).toBe(true);
  expect([...scripts].some((script) => /\/react-[\w-]+\.js$/.test(script))).toBe(true);
  expect([...scripts].filter((script) => !dialogs.test(script)).length).toBeLessThanOrEqual(7);
  await login.context().close();
});

test('a signed-in applicant gets the plain page and sees their answers', async ({ page }) => {
  await signUpConfirmAndLogIn(page, uniqueEmail('prerender'));
  await saveAnswers(page, { first_name: 'Grace', last_name: 'Hopper' });
  const problems = consoleProblems(page);
  const response = await page.goto('/about');
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain('served-on');
  expect(html).toContain('<div id="root"></div>');
  await expect(input(page, 'first_name')).toHaveValue('Grace');
  await expect(input(page, 'last_name')).toHaveValue('Hopper');
  expect(problems).toEqual([]);
});

test('Log In is prerendered too: it hydrates without a mismatch and signs in with what was typed', async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const response = await page.goto('/login');
  expect(await response?.text()).toContain('<meta name="served-on"');
  // Typed at once, before React has taken the fields over or just after.
  await page.getByLabel('Email Address').fill('nobody@example.edu');
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
  await page.waitForLoadState('networkidle');
  const login = page.waitForRequest((request) => request.url().endsWith('/public/login'));
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await login).postDataJSON()).toEqual({
    username: 'nobody@example.edu',
    password: 'Wrong-password-1',
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Log In Error' })).toBeVisible();
  // The refused sign-in's own answer is the one resource that failed; no hydration error.
  expect(problems).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});

test('Sign Up is prerendered and hydrates without a mismatch', async ({ page }) => {
  const problems = consoleProblems(page);
  const response = await page.goto('/signup');
  expect(await response?.text()).toContain('<meta name="served-on"');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email Address').fill('ada@example.edu');
  // The password checklist is React's: it follows what is typed once the card is hydrated.
  const rules = page.locator('.requirement');
  await expect(rules.first()).toHaveAttribute('data-state', 'inactive');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.locator('.requirement[data-state="success"]')).not.toHaveCount(0);
  await expect(page.getByLabel('Email Address')).toHaveValue('ada@example.edu');
  expect(problems).toEqual([]);
});

test('a card submitted before the application runs keeps the password out of the address', async ({
  browser,
}) => {
  // Without scripts the browser posts the form itself; with them, but before the application
  // has started (here: it never does), the submit is held.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/login');
  await plain.getByLabel('Password', { exact: true }).fill('Secret-password-1');
  await plain.getByLabel('Password', { exact: true }).press('Enter');
  await plain.waitForLoadState();
  expect(plain.url()).not.toContain('Secret-password-1');
  // Sent back to the card by the server (303), not shown a JSON refusal.
  await expect(plain.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(plain.getByLabel('Password', { exact: true })).toHaveValue('');
  await noScript.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  // The application's chunk is held back, then fails.
  let release: (() => Promise<void>) | undefined;
  await page.route(/\/assets\/main-[^/]+\.js$/, (route) => {
    release ??= () => route.abort();
  });
  const reported = page.waitForRequest((request) =>
    request.url().endsWith('/public/client-errors'),
  );
  // The held chunk holds the load event back, not the page.
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Password', { exact: true }).fill('Secret-password-1');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  expect(page.url()).toMatch(/\/login$/);
  await expect.poll(() => release !== undefined).toBe(true);
  await release!();
  // The application could not load: the page says so, and the server is told.
  await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
  expect((await reported).postDataJSON()).toMatchObject({ kind: 'uncaught', route: '/login' });
  expect(page.url()).toMatch(/\/login$/);
  await context.close();
});

test('a card submitted before the application runs is submitted once it does', async ({ page }) => {
  // The server loads the prerendering entry after it starts: the first answers may be plain.
  await signUpPrerendered(page.request);
  // The application's chunk is held back until the card has been submitted.
  let release: (() => Promise<void>) | undefined;
  await page.route(/\/assets\/main-[^/]+\.js$/, (route) => {
    release ??= () => route.continue();
  });
  await page.goto('/signup', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email Address').fill(uniqueEmail('held-submit'));
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect.poll(() => release !== undefined).toBe(true);
  await release!();
  // Not posted by the browser to /signup: the application sends it once it runs.
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  expect(page.url()).not.toContain(password);
});
