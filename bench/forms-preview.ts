/**
 * forms:preview's reload after an edit (issue 39: under 500 ms): on a copy of forms/ and
 * schemas/, the applicant's view of the first page is open in the system Chromium; a question's
 * label is changed in its page file, and the time from the save to the first frame with the new
 * label in the page is measured (the preview recompiles the validators, runs forms:check, tells the page,
 * which reads the new state and redraws). Several edits, after one unmeasured; the median.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../playwright.config';
import { startPreview } from '../scripts/forms-preview/server';
import type { PageDefinition } from '../src/engine/definitions';
import { pageFields } from '../src/engine/page-fields';
import { overRounds, type BenchRow } from './bench-row';

const EDITS = 7;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The first page and a label on it that a question asks with (read from the definitions). */
function firstPageLabel(formsDir: string): { file: string; id: string; label: string } {
  const pages = readdirSync(formsDir)
    .filter((f) => f.endsWith('.json') && f !== 'site.json')
    .map((f) => ({
      file: path.join(formsDir, f),
      page: JSON.parse(readFileSync(path.join(formsDir, f), 'utf8')) as PageDefinition,
    }))
    .sort((a, b) => a.page.step - b.page.step);
  const { file, page } = pages[0]!;
  const label = pageFields(page).find((f) => f.question.label && f.conditions.length === 0)!
    .question.label!;
  return { file, id: page.id, label };
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-forms-preview-'));
  try {
    cpSync(path.join(root, 'forms'), path.join(dir, 'forms'), { recursive: true });
    cpSync(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
    const { file, id, label } = firstPageLabel(path.join(dir, 'forms'));
    const original = readFileSync(file, 'utf8');
    const preview = await startPreview({
      port: 0,
      formsDir: path.join(dir, 'forms'),
      schemasDir: path.join(dir, 'schemas'),
    });
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      await page.goto(`${preview.url}/applicant/${id}`);
      await page.waitForSelector('html[data-preview-version]', { timeout: 60_000 });
      const samples: number[] = [];
      for (let edit = 0; edit <= EDITS; edit++) {
        const edited = `${label} (edit ${edit})`;
        // Timed in the page (a mutation observer, then the next frame), not by Playwright's polling.
        const drawn = page.evaluate(
          (text) =>
            new Promise<number>((resolve) => {
              const observer = new MutationObserver(() => {
                if (!document.body.textContent?.includes(text)) return;
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
              });
              observer.observe(document.body, {
                subtree: true,
                childList: true,
                characterData: true,
              });
            }),
          edited,
        );
        // The observer is in place once an evaluation after it has returned.
        await page.evaluate(() => 0);
        const started = performance.timeOrigin + performance.now();
        writeFileSync(file, original.replace(JSON.stringify(label), JSON.stringify(edited)));
        const ended = await Promise.race([
          drawn,
          new Promise<number>((_, reject) =>
            setTimeout(() => reject(new Error(`"${edited}" was not drawn in 10 s`)), 10_000),
          ),
        ]);
        // The first edit warms what the preview reads on each reload; it is not counted.
        if (edit > 0) samples.push(ended - started);
      }
      return [
        {
          id: 'reload',
          name: `reload after an edit: save to the new label drawn (median of ${EDITS})`,
          ...overRounds(samples),
          unit: 'ms',
        },
      ];
    } finally {
      await browser.close();
      await preview.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
