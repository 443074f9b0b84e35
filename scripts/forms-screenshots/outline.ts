/**
 * Draws the marks on an open preview page: a red outline around each changed question's whole
 * block and a badge with the word ("added", "changed", "removed"), so that the image says it
 * without colour too.
 */
import type { Page } from 'playwright-core';
import type { Mark } from './marks';

export type View = 'applicant' | 'sheet';

/** Outlines each mark's question on the open page; returns the keys it found. */
export async function outline(page: Page, view: View, marks: readonly Mark[]): Promise<string[]> {
  const targets = marks.map(({ keys, note, pointer, ids }) => ({
    keys,
    note,
    // The sheet marks each question with its pointer; the applicant's view has the components' ids.
    selectors:
      view === 'sheet'
        ? [`[data-pointer="${pointer.replace(/["\\]/g, '\\$&')}"]`, `#${keys[0]}`]
        : ids.map((id) => `#${id}`),
  }));
  return page.evaluate((list) => {
    const found: string[] = [];
    for (const t of list) {
      // No named helpers in here: tsx would wrap them in a `__name` the page does not have.
      let el: HTMLElement | undefined;
      for (const selector of t.selectors) {
        const candidate = selector.startsWith('#')
          ? document.getElementById(selector.slice(1))
          : document.querySelector(selector);
        if (candidate instanceof HTMLElement) {
          el = candidate;
          break;
        }
      }
      if (!el) continue;
      el.style.outline = '4px solid #d4351c';
      el.style.outlineOffset = '3px';
      el.style.position = 'relative';
      const badge = document.createElement('span');
      badge.textContent = t.note;
      badge.setAttribute(
        'style',
        'position:absolute;top:-12px;right:8px;z-index:1;background:#d4351c;color:#fff;font:700 13px system-ui;padding:1px 6px;border-radius:3px',
      );
      el.append(badge);
      found.push(...t.keys);
    }
    return found;
  }, targets);
}
