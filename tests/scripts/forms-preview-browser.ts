/**
 * The browser side of tests/scripts/forms-preview.test.ts: the system Chromium (launched as the
 * e2e tests launch it), a page's applicant view once drawn, the fields an applicant reads on it,
 * and the page validators a schemas folder compiles to, to know which messages to expect.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumLaunchOptions } from '../../playwright.config';
import { createAjv, languageSchemas } from '../../scripts/build-validators';
import type { Preview } from '../../scripts/forms-preview/server';
import type { CompiledValidator } from '../../src/engine/validation';

export const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** A browser for the test file, closed when it ends; `open` shows a page's applicant view. */
export function previewBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** Opens a page's applicant view and waits until the preview has drawn it. */
    async open(preview: Preview, id: string): Promise<Page> {
      const page = await browser!.newPage();
      await page.goto(`${preview.url}/applicant/${id}`);
      await page.waitForSelector('html[data-preview-version]', { timeout: 30_000 });
      return page;
    },
  };
}

const fieldRoles = 'textbox|combobox|radiogroup|group|checkbox|spinbutton|searchbox';
const fieldLine = new RegExp(`^\\s*- (?:${fieldRoles}) "((?:[^"\\\\]|\\\\.)*)"`);

/**
 * The accessible names of the page's fields (inputs, selects, radio and checkbox groups), as
 * assistive technology reads them from the page's accessibility tree.
 */
export async function labelledFieldNames(page: Page): Promise<string[]> {
  const snapshot = await page.locator('main').ariaSnapshot();
  return snapshot.split('\n').flatMap((line) => {
    const match = fieldLine.exec(line);
    return match ? [JSON.parse(`"${match[1]}"`) as string] : [];
  });
}

/** Every page validator of a schemas folder, compiled as build-validators compiles them. */
export function compiledValidators(schemasDir: string): (id: string) => CompiledValidator {
  const ajv = createAjv();
  for (const file of readdirSync(schemasDir))
    if (file.endsWith('.schema.json') && !languageSchemas.includes(file))
      ajv.addSchema(readJson(path.join(schemasDir, file)) as object);
  return (id) => ajv.getSchema(id) as CompiledValidator;
}
