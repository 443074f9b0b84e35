/**
 * Before and after screenshots of each page a change touched, for a pull request's reviewers:
 * forms:diff says which pages and questions changed, the preview serves each side (the ref's
 * files from a temporary folder, the working tree's as they are), and the system Chromium
 * (launched as the e2e tests launch it) takes a full-page PNG of each side with the changed
 * questions outlined: in the "after" image what was added or changed, in the "before" image
 * what was removed or changed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config';
import { diffDefinitions, type Change } from '../forms-diff/compare';
import {
  definitionsAtRef,
  definitionsInWorkingTree,
  type Definitions,
} from '../forms-diff/definition-files';
import { readPages } from '../forms-diff/read-pages';
import { startPreview } from '../forms-preview/server';
import { refFolder } from './ref-folder';

export interface ScreenshotOptions {
  /** The repository's top folder (forms/ and schemas/ are read there). */
  repo: string;
  /** The ref the working tree is compared with, e.g. origin/main. */
  ref: string;
  outDir: string;
}

export interface Screenshot {
  page: string;
  side: 'before' | 'after';
  file: string;
  /** The changed questions outlined in the image, by key. */
  marked: string[];
  /** Changed questions the page has but the image could not outline (none, normally). */
  unmarked: string[];
}

/** A question to outline: where the preview draws it, and the word on its badge. */
interface Mark {
  key: string;
  pointer: string;
  note: string;
}

const note = (c: Change) => (c.kind === 'added' || c.kind === 'removed' ? c.kind : 'changed');

/** The changed questions of a page as one side's file has them (first change names each). */
function marks(defs: Definitions, pageId: string, changes: readonly Change[]): Mark[] {
  const fields = readPages(defs).get(pageId)?.fields;
  const out = new Map<string, Mark>();
  for (const c of changes) {
    const field = c.key === undefined ? undefined : fields?.get(c.key);
    if (field && !out.has(c.key!))
      out.set(c.key!, { key: c.key!, pointer: field.field.pointer, note: note(c) });
  }
  return [...out.values()];
}

/** Outlines each mark's question on the open page; returns the keys it found. */
async function outline(page: Page, list: Mark[]): Promise<string[]> {
  return page.evaluate((targets) => {
    const found: string[] = [];
    for (const t of targets) {
      const el =
        document.querySelector<HTMLElement>(`[data-pointer="${CSS.escape(t.pointer)}"]`) ??
        document.getElementById(t.key);
      if (!el) continue;
      // Red outline and badge: visible on any page colour, and the word says it without colour.
      el.style.outline = '4px solid #d4351c';
      el.style.outlineOffset = '3px';
      el.style.position = 'relative';
      const badge = document.createElement('span');
      badge.textContent = t.note;
      badge.setAttribute(
        'style',
        'position:absolute;top:-12px;right:8px;background:#d4351c;color:#fff;font:700 13px system-ui;padding:1px 6px;border-radius:3px',
      );
      el.append(badge);
      found.push(t.key);
    }
    return found;
  }, list);
}

/** Writes `<page>-before.png` and `<page>-after.png` for each page changed since `ref`. */
export async function takeBeforeAfter({
  repo,
  ref,
  outDir,
}: ScreenshotOptions): Promise<Screenshot[]> {
  const before = definitionsAtRef(repo, ref);
  const after = definitionsInWorkingTree(repo);
  const report = diffDefinitions(before, after);
  const idsOf = (defs: Definitions) => new Set(readPages(defs).keys());
  const sides = [
    { side: 'before' as const, defs: before, ids: idsOf(before) },
    { side: 'after' as const, defs: after, ids: idsOf(after) },
  ];
  // Schemas of no page (sign-up, login) have nothing to show.
  const changed = report.pages.filter((p) => sides.some((s) => s.ids.has(p.id)));
  if (changed.length === 0) return [];
  mkdirSync(outDir, { recursive: true });
  const old = refFolder(repo, ref);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const shots: Screenshot[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const { side, defs, ids } of sides) {
      const folders =
        side === 'before'
          ? old
          : { formsDir: path.join(repo, 'forms'), schemasDir: path.join(repo, 'schemas') };
      const preview = await startPreview({ port: 0, ...folders });
      try {
        for (const { id, changes } of changed) {
          if (!ids.has(id)) continue;
          // 'load', not 'networkidle': the reload channel stays open.
          await page.goto(`${preview.url}/page/${encodeURIComponent(id)}`, { waitUntil: 'load' });
          const list = marks(defs, id, changes);
          const marked = await outline(page, list);
          const file = path.join(outDir, `${id}-${side}.png`);
          await page.screenshot({ path: file, fullPage: true });
          const unmarked = list.map((m) => m.key).filter((k) => !marked.includes(k));
          shots.push({ page: id, side, file, marked, unmarked });
        }
      } finally {
        await preview.close();
      }
    }
    // Page by page, before then after, as a reviewer compares them.
    const order = changed.map((p) => p.id);
    return shots.sort((x, y) => order.indexOf(x.page) - order.indexOf(y.page));
  } finally {
    await browser.close();
    old.remove();
  }
}
