/**
 * One cold load of a page, timed from navigation start to "rendered and idle": the last field of
 * the page is in the DOM and has been through an animation frame, and no long task (over 50 ms,
 * Long Tasks API) starts within 200 ms after that, or after the long task that ran last. Also
 * lists the JavaScript and CSS fetched up to that moment (Resource Timing), whose bytes the size
 * figures count.
 *
 * Browser code is a string: tsx rewrites the functions it compiles with a helper that does not
 * exist in the page.
 */
import type { Browser, Page } from 'playwright-core';
import { coldPage } from './chromium';

/** The quiet window that makes a page count as idle. */
const QUIET_MS = 200;
/**
 * The longer quiet window of the settled figure: a prerendered page's fields are drawn before its
 * scripts run, so a long task of theirs (evaluation, hydration) may start after the 200 ms window
 * and not count in `ms`; `settledMs` counts every long task up to one second apart.
 */
const SETTLE_MS = 1000;
/** How long after idle the settled figure is waited for (a page busy for longer gives it as is). */
const SETTLE_WAIT_MS = 10_000;

/** Installs, before any script of the page runs, the long-task and last-field observers. */
export const loadInstrumentation = (lastFieldId: string) => `(() => {
  const state = { longTasks: [], lastFieldAt: null };
  window.__load = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const found = () => {
    if (!document.getElementById(${JSON.stringify(lastFieldId)})) return false;
    requestAnimationFrame(() => { state.lastFieldAt = performance.now(); });
    return true;
  };
  const observer = new MutationObserver(() => { if (found()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true });
})()`;

interface LoadState {
  longTasks: Array<[number, number]>;
  lastFieldAt: number | null;
  now: number;
}

/**
 * The moment the page became idle: from the last field's frame, each long task that starts
 * before the quiet window has passed pushes the moment to its end.
 */
function idleAt(
  lastFieldAt: number,
  longTasks: ReadonlyArray<[number, number]>,
  quietMs = QUIET_MS,
): number {
  let ready = lastFieldAt;
  for (const [start, end] of [...longTasks].sort((a, b) => a[0] - b[0]))
    if (start < ready + quietMs) ready = Math.max(ready, end);
  return ready;
}

export interface PageLoad {
  /** Navigation start to rendered and idle, in ms. */
  ms: number;
  /** Navigation start to the end of the markup's parsing (Navigation Timing's domInteractive). */
  parsedMs: number;
  /**
   * Navigation start to the last field's first frame: where `ms` starts counting long tasks. A
   * prerendered page draws it once its markup is parsed and styled, before its scripts run; a
   * page rendered by its script, once the script has rendered it.
   */
  drawnMs: number;
  /**
   * Navigation start to the end of the last long task before a second without one, in ms (at
   * most SETTLE_WAIT_MS after `ms`, where the page is still busy then).
   */
  settledMs: number;
  /** The JavaScript and CSS files fetched before that moment. */
  resources: Array<{ url: string; kind: 'js' | 'css' }>;
}

/** Loads `url` in the page (instrumented with loadInstrumentation) and waits until it is idle. */
export async function loadPage(page: Page, url: string, timeoutMs = 60_000): Promise<PageLoad> {
  await page.goto(url, { waitUntil: 'commit' });
  const deadline = Date.now() + timeoutMs;
  let ready = NaN;
  let settled = NaN;
  let drawn = NaN;
  for (;;) {
    if (Date.now() > deadline)
      throw new Error(`${url} was not rendered and idle within ${timeoutMs} ms`);
    await page.waitForTimeout(100);
    const state = (await page.evaluate(
      '({ ...window.__load, now: performance.now() })',
    )) as LoadState;
    if (state.lastFieldAt === null) continue;
    drawn = state.lastFieldAt;
    ready = idleAt(state.lastFieldAt, state.longTasks);
    settled = idleAt(state.lastFieldAt, state.longTasks, SETTLE_MS);
    // Long tasks are reported after they end; a margin lets the last one arrive. The load figure
    // never waits for the settled one: a page still busy SETTLE_WAIT_MS after idle ends it there.
    if (state.now - settled >= SETTLE_MS + 100 || state.now - ready >= SETTLE_WAIT_MS) break;
  }
  const entries = (await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.startTime <= ${ready}).map((e) => e.name)`,
  )) as string[];
  const resources: PageLoad['resources'] = [];
  for (const name of entries) {
    const { pathname } = new URL(name);
    if (pathname.endsWith('.js')) resources.push({ url: name, kind: 'js' });
    else if (pathname.endsWith('.css')) resources.push({ url: name, kind: 'css' });
  }
  const parsed = (await page.evaluate(
    `performance.getEntriesByType('navigation')[0]?.domInteractive ?? NaN`,
  )) as number;
  return { ms: ready, parsedMs: parsed, drawnMs: drawn, settledMs: settled, resources };
}

/**
 * One cold load of `url` in a fresh context with `init`, closed once timed: no other page is
 * open in the browser. A page opened before it, even an empty one, made a load 1.5–2× as slow on
 * two cores (docs/performance.md), so a page's place in its round decided its figure.
 */
export async function loadAlone(browser: Browser, init: string, url: string): Promise<PageLoad> {
  const cold = await coldPage(browser, init);
  try {
    return await loadPage(cold.page, url);
  } finally {
    await cold.context.close();
  }
}
