/**
 * Keystroke latency, measured in the page (as the former bench/typing.ts did): real key presses
 * (CDP Input.dispatchKeyEvent, through Playwright) one at a time, each measured from its keydown
 * to:
 * - `frame`: the next animation frame after the field's value changed (the input event's
 *   handlers, React's render and commit included, have run; the frame that paints it begins);
 * - `paint`: the task right after that frame's rAF callbacks, the usual approximation of the
 *   moment the frame with the change was produced (style, layout and paint included);
 * - `handled`: the end of the input event's handlers (the work the form itself does per key).
 * Listeners on window: keydown (capture) starts a sample; the input event's bubble phase, which
 * comes after React's listener on its root, ends the handling.
 */
import type { Page } from 'playwright-core';

/** Thirty characters, as the issue asks. */
const KEYS = 'abcdefghijklmnopqrstuvwxyzabcd';
/** A pause between key presses, like brisk typing (about ten characters a second). */
const GAP_MS = 100;

export interface KeystrokeSample {
  frame: number;
  paint: number;
  handled: number;
}

export const keystrokeInstrumentation = `(() => {
  const state = { samples: [], waiters: [] };
  window.__typing = state;
  let start = 0;
  window.addEventListener('keydown', () => { start = performance.now(); }, true);
  window.addEventListener('input', () => {
    const t0 = start;
    const handled = performance.now() - t0;
    requestAnimationFrame(() => {
      const frame = performance.now() - t0;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.samples.push({ frame, paint: performance.now() - t0, handled });
        state.waiters.splice(0).forEach((wake) => wake());
      };
      channel.port2.postMessage(0);
    });
  });
})()`;

/** Resolves once the page has recorded n samples. */
const samplesReached = (n: number) => `new Promise((resolve) => {
  const state = window.__typing;
  const check = () => {
    if (state.samples.length >= ${n}) resolve(true);
    else state.waiters.push(check);
  };
  check();
})`;

/**
 * Types KEYS one character at a time into the same field of several pages, alternating between
 * them key by key (ABBA order), so that whatever else the machine does hits every page alike.
 * Each key waits for its sample before the next; returns each page's samples.
 */
export async function typeInterleaved(
  pages: readonly Page[],
  selector: string,
): Promise<KeystrokeSample[][]> {
  const before: number[] = [];
  for (const page of pages) {
    const field = page.locator(selector);
    await field.scrollIntoViewIfNeeded();
    await field.click();
    before.push((await page.evaluate('window.__typing.samples.length')) as number);
  }
  const order = pages.map((_, i) => i);
  for (let k = 0; k < KEYS.length; k++) {
    for (const i of k % 2 === 0 ? order : [...order].reverse()) {
      const page = pages[i]!;
      const sampled = page.evaluate(samplesReached(before[i]! + k + 1));
      await page.keyboard.press(KEYS[k]!);
      await sampled;
      await page.waitForTimeout(GAP_MS);
    }
  }
  return Promise.all(
    pages.map(async (page, i) => {
      const typed = await page.locator(selector).inputValue();
      if (typed !== KEYS) throw new Error(`${selector} holds "${typed}" after typing "${KEYS}"`);
      return (await page.evaluate(
        `window.__typing.samples.slice(${before[i]})`,
      )) as KeystrokeSample[];
    }),
  );
}
