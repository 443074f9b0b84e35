/**
 * Before and after screenshots of each page a change touched, for a pull request's reviewers:
 * forms:diff says which pages and questions changed, the preview serves each side (the ref's
 * files from a temporary folder, the working tree's as they are), and the system Chromium
 * (launched as the e2e tests launch it) photographs each side twice, full page: the applicant's
 * view (the product's own components, with the preview's switches set so that the changed
 * questions show), then the specification sheet. The changed questions are outlined: in the
 * "after" images what was added or changed, in the "before" images what was removed or changed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config';
import type { PreviewState } from '../../src/client/preview/preview-state';
import { diffDefinitions } from '../forms-diff/compare';
import {
  definitionsAtRef,
  definitionsInWorkingTree,
  type Definitions,
} from '../forms-diff/definition-files';
import { readPages } from '../forms-diff/read-pages';
import { startPreview, type Preview } from '../forms-preview/server';
import { branchAnswers, marksOf, type Mark } from './marks';
import { outline, type View } from './outline';
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
  /** The applicant's page, or the specification sheet. */
  view: View;
  file: string;
  /** The changed questions outlined in the image, by key. */
  marked: string[];
  /** Changed questions the page has but the image could not outline (hidden by a tab, or by
   * conditions no one choice of the switches satisfies together). */
  unmarked: string[];
}

// A busy machine's first applicant page waits for Vite to prepare the product's modules.
const DRAWN_TIMEOUT = 90_000;

/** Opens a page's applicant view and sets the switches its changed questions need to show. */
async function openApplicant(page: Page, preview: Preview, id: string, marks: readonly Mark[]) {
  // 'load', not 'networkidle': the reload channel stays open.
  await page.goto(`${preview.url}/applicant/${encodeURIComponent(id)}`, { waitUntil: 'load' });
  // Drawn, or the preview's own account of why it cannot draw the page.
  await page.waitForSelector('html[data-preview-version], .preview-problems, [role="alert"]', {
    timeout: DRAWN_TIMEOUT,
  });
  const state = (await (await fetch(`${preview.url}/preview/state.json`)).json()) as PreviewState;
  const shown = state.ok ? state.pages.find((p) => p.definition.id === id) : undefined;
  if (!shown) return;
  const answers = branchAnswers(shown.definition, marks, shown.branches);
  for (const [key, value] of Object.entries(answers))
    await page.selectOption(`[id="preview-branch-${key.replace(/["\\]/g, '\\$&')}"]`, value);
}

async function photograph(
  page: Page,
  view: View,
  marks: readonly Mark[],
  file: string,
): Promise<Pick<Screenshot, 'marked' | 'unmarked'>> {
  const marked = await outline(page, view, marks);
  await page.screenshot({ path: file, fullPage: true });
  return { marked, unmarked: marks.flatMap((m) => m.keys).filter((k) => !marked.includes(k)) };
}

/**
 * Writes `<page>-before.png` and `<page>-after.png` (the applicant's view) and
 * `<page>-sheet-before.png` and `<page>-sheet-after.png` for each page changed since `ref`.
 */
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
          const marks = marksOf(defs, id, changes);
          await openApplicant(page, preview, id, marks);
          const file = path.join(outDir, `${id}-${side}.png`);
          shots.push({
            page: id,
            side,
            view: 'applicant',
            file,
            ...(await photograph(page, 'applicant', marks, file)),
          });
          await page.goto(`${preview.url}/page/${encodeURIComponent(id)}`, { waitUntil: 'load' });
          const sheet = path.join(outDir, `${id}-sheet-${side}.png`);
          shots.push({
            page: id,
            side,
            view: 'sheet',
            file: sheet,
            ...(await photograph(page, 'sheet', marks, sheet)),
          });
        }
      } finally {
        await preview.close();
      }
    }
    // Page by page, the applicant's view first, before then after, as a reviewer compares them.
    const order = changed.map((p) => p.id);
    const rank = (s: Screenshot) =>
      order.indexOf(s.page) * 4 + (s.view === 'sheet' ? 2 : 0) + (s.side === 'after' ? 1 : 0);
    return shots.sort((x, y) => rank(x) - rank(y));
  } finally {
    await browser.close();
    old.remove();
  }
}
