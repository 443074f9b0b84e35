/**
 * Screenshots of the pages a change touched, for a pull request's reviewers: forms:diff against
 * the base ref says which pages changed, the preview serves them, and the system Chromium
 * (launched as the e2e tests launch it) takes a full-page PNG of each.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config';
import { diffDefinitions } from '../forms-diff/compare';
import { definitionsAtRef, definitionsInWorkingTree } from '../forms-diff/definition-files';
import { startPreview } from './server';

export interface ScreenshotOptions {
  /** The repository's top folder (forms/ and schemas/ are read there). */
  repo: string;
  /** The ref the working tree is compared with, e.g. origin/main. */
  ref: string;
  outDir: string;
}

/** Writes `<page id>.png` for each page changed since `ref`; returns the files written. */
export async function takeScreenshots({ repo, ref, outDir }: ScreenshotOptions): Promise<string[]> {
  const after = definitionsInWorkingTree(repo);
  const report = diffDefinitions(definitionsAtRef(repo, ref), after);
  const pageIds = new Set(
    [...after.pages.values()].map((file) => (file.json as { id?: unknown } | undefined)?.id),
  );
  // Schemas of no page (sign-up, login) and removed pages have nothing to show.
  const changed = report.pages.map((p) => p.id).filter((id) => pageIds.has(id));
  if (changed.length === 0) return [];
  mkdirSync(outDir, { recursive: true });
  const preview = await startPreview({
    port: 0,
    formsDir: path.join(repo, 'forms'),
    schemasDir: path.join(repo, 'schemas'),
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const files: string[] = [];
    for (const id of changed) {
      // 'load', not 'networkidle': the reload channel stays open.
      await page.goto(`${preview.url}/page/${encodeURIComponent(id)}`, { waitUntil: 'load' });
      const file = path.join(outDir, `${id}.png`);
      await page.screenshot({ path: file, fullPage: true });
      files.push(file);
    }
    return files;
  } finally {
    await browser.close();
    await preview.close();
  }
}
