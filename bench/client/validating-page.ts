/**
 * The product's About page in the validating state (SPEC §4): a new applicant, signed in, presses
 * Submit on the last page with every required field empty, and the product does what it does for
 * anyone (posts the validating status, refuses the submit, goes to /about with the error summary
 * focused and every field's errors shown). The page is then left to settle before typing.
 */
import type { Browser } from 'playwright-core';
import { formPages } from '../../src/forms/form-pages';
import { liveApplicant, type LiveServer } from '../../tests/helpers/live-server';
import { coldPage, type ColdPage } from './chromium';

/** How long the page must go without a long task to count as settled. */
const QUIET_MS = 300;

let applicants = 0;

/** The Cookie header's pairs as Playwright cookies for `base`. */
function cookiesFor(base: string, header: string) {
  return header
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    });
}

/**
 * A cold page of a new signed-in applicant, brought to the validating state through the last
 * page's Submit button, on /about with the summary shown and focused, settled.
 * `init` is the instrumentation every bench page runs (it must include loadInstrumentation).
 */
export async function validatingPage(
  browser: Browser,
  server: LiveServer,
  init: string,
): Promise<ColdPage> {
  const cookie = await liveApplicant(server, `typing-${process.pid}-${++applicants}@example.org`);
  const cold = await coldPage(browser, init);
  const { page, context } = cold;
  await context.addCookies(cookiesFor(server.base, cookie));
  const last = formPages.at(-1)!;
  await page.goto(`${server.base}${last.route}`);
  await page.getByRole('button', { name: 'Submit', exact: true }).click({ timeout: 60_000 });
  await page.waitForURL(`${server.base}${formPages[0]!.route}`, { timeout: 60_000 });
  // The page's CSP forbids evaluating strings: a selector, then.
  await page.locator('.error-summary:focus').waitFor({ timeout: 60_000 });
  // Settled: no long task (loadInstrumentation records them) for QUIET_MS.
  for (;;) {
    await page.waitForTimeout(100);
    const quietFor = (await page.evaluate(
      'performance.now() - Math.max(0, ...window.__load.longTasks.map((t) => t[1]))',
    )) as number;
    if (quietFor >= QUIET_MS) break;
  }
  return cold;
}
