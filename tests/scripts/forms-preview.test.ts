import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkForms } from '../../scripts/forms-check/check-project';
import { startPreview, type Preview } from '../../scripts/forms-preview/server';
import { allConditionsWords } from '../../src/engine/condition-words';
import type { FormState, PageDefinition, Question } from '../../src/engine/definitions';
import { pageFields } from '../../src/engine/page-fields';
import { validatePage } from '../../src/engine/page-validation';
import { visibleKeys } from '../../src/engine/visibility';
import { localizePage, messageTranslator } from '../../src/forms/localize';
import type { PageTranslation, SiteTranslation } from '../../src/forms/translation-files';
import { fixtureCopy, type FixtureCopy } from '../fixtures/forms-check/fixture-copy';
import { scratchDir } from '../helpers/scratch-dir';
import {
  compiledValidators,
  labelledFieldNames,
  previewBrowser,
  readJson,
} from './forms-preview-browser';

const root = path.resolve(import.meta.dirname, '../..');
const empty = (): FormState => ({ answers: {}, addAnother: {}, tabs: {} });
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const browser = previewBrowser();

// A browser on a busy machine: the first page's modules alone can take seconds.
describe('forms:preview on the shipped forms', { timeout: 90_000 }, () => {
  let dir: string;
  let preview: Preview;
  let pages: PageDefinition[];

  beforeAll(async () => {
    dir = scratchDir('forms-preview');
    cpSync(path.join(root, 'forms'), path.join(dir, 'forms'), { recursive: true });
    cpSync(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
    pages = readdirSync(path.join(dir, 'forms'))
      .filter((f) => f.endsWith('.json') && f !== 'site.json')
      .map((f) => readJson(path.join(dir, 'forms', f)) as PageDefinition);
    preview = await startPreview({
      port: 0,
      formsDir: path.join(dir, 'forms'),
      schemasDir: path.join(dir, 'schemas'),
    });
  });
  afterAll(async () => {
    await preview?.close();
  });

  it('lists each page with its two views and binds to 127.0.0.1', async () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const html = await (await fetch(preview.url)).text();
    for (const { id } of pages) {
      expect(html).toContain(`<a href="/applicant/${id}">`);
      expect(html).toContain(`<a href="/page/${id}">`);
    }
  });

  it("shows each page's questions as labelled fields, as the applicant sees them", async () => {
    for (const definition of pages) {
      const page = await browser.open(preview, definition.id);
      try {
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(definition.title);
        const shown = new Set(visibleKeys(definition, empty()));
        const fields = pageFields(definition).filter(
          (f) => shown.has(f.key) && f.question.label && !f.instance,
        );
        expect(fields.length).toBeGreaterThan(0);
        const named: string[] = [];
        for (const { owner, key, question } of fields) {
          if (owner.type === 'school-search') {
            // The school's parts are drawn once a school is picked or typed in: first, its search.
            named.push(owner.label ?? '');
          } else if (owner.type === 'file') {
            // Uploads are for signed-in applicants; the preview shows the question as a visitor does.
            const text = page.locator(`#${key}`).getByText(question.label!);
            await expect.poll(() => text.count(), { message: `${definition.id}: ${key}` }).toBe(1);
          } else named.push(question.label!);
        }
        // Questions with tabs or blocks load their code when first drawn: polled until they are.
        await expect
          .poll(() => labelledFieldNames(page), { message: definition.id })
          .toEqual(expect.arrayContaining(named));
      } finally {
        await page.close();
      }
    }
  });
});

describe('forms:preview on a copy of the forms:check fixture', { timeout: 60_000 }, () => {
  let copy: FixtureCopy;
  let preview: Preview;
  const sample = () => readJson(path.join(copy.forms, 'sample.json')) as PageDefinition;
  /** The JSON pointer of the question asking a key in the fixture page. */
  const pointerOf = (key: string) => pageFields(sample()).find((f) => f.key === key)!.pointer;

  const files = () => [
    path.join(copy.forms, 'sample.json'),
    path.join(copy.schemas, 'sample.schema.json'),
  ];
  let originals: string[];
  const version = async () =>
    ((await (await fetch(`${preview.url}/preview/state.json`)).json()) as { version: number })
      .version;

  beforeAll(async () => {
    copy = fixtureCopy();
    originals = files().map((file) => readFileSync(file, 'utf8'));
    preview = await startPreview({ port: 0, formsDir: copy.forms, schemasDir: copy.schemas });
  });
  // Each test starts from the valid fixture, once the preview has read it again.
  afterEach(async () => {
    const changed = files().filter((file, i) => readFileSync(file, 'utf8') !== originals[i]);
    if (changed.length === 0) return;
    const before = await version();
    files().forEach((file, i) => writeFileSync(file, originals[i]!));
    await expect.poll(version, { timeout: 5000 }).toBeGreaterThan(before);
  });
  afterAll(async () => {
    await preview?.close();
  });

  it('keeps the specification sheet: every branch with its condition, in words', async () => {
    const res = await fetch(`${preview.url}/page/sample`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const field of pageFields(sample()).filter((f) => f.conditions.length))
      expect(html).toContain(`Shown when ${escapeHtml(allConditionsWords(field.conditions))}`);
    expect(html).toContain('<a href="/applicant/sample">');
    // A number bound fills {limit}, as the product fills it.
    expect(html).not.toContain('{limit}');
    // A term that has started is said to be no longer offered.
    expect(html).not.toContain('no longer offered');
    copy.edit('forms/sample.json', '"starts": "2030-08-26"', '"starts": "2020-08-26"');
    const edited = await (await fetch(`${preview.url}/page/sample`)).text();
    expect(edited).toContain('(started 2020-08-26: no longer offered)');
  });

  it('shows the required messages of the page as after Submit, and none before', async () => {
    const definition = sample();
    const errors = validatePage(definition, compiledValidators(copy.schemas)('sample'), empty());
    const messages = [...new Set(Object.values(errors).flat())];
    expect(messages.length).toBeGreaterThan(1);
    const page = await browser.open(preview, 'sample');
    try {
      for (const message of messages) expect(await page.getByText(message).count()).toBe(0);
      await page.getByLabel('As after Submit').check();
      for (const message of messages)
        await expect
          .poll(() => page.getByText(message, { exact: true }).count())
          .toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });

  it("switches a condition's branches from the controlling question's options", async () => {
    const definition = sample();
    const hidden = pageFields(definition).find(
      (f) => f.conditions.length && !visibleKeys(definition, empty()).includes(f.key),
    )!;
    const rule = hidden.conditions[0] as { valueKey: string; target: string };
    const page = await browser.open(preview, 'sample');
    try {
      const label = hidden.question.label!;
      expect(await labelledFieldNames(page)).not.toContain(label);
      const branch = page.locator(`#preview-branch-${rule.valueKey}`);
      const values = await branch
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(values).toContain(rule.target);
      await branch.selectOption(rule.target);
      await expect.poll(() => labelledFieldNames(page)).toContain(label);
      await branch.selectOption(values.find((v) => v && v !== rule.target)!);
      await expect.poll(() => labelledFieldNames(page)).not.toContain(label);
    } finally {
      await page.close();
    }
  });

  it('shows a broken copy: each finding next to its question and all of them at the top', async () => {
    const page = await browser.open(preview, 'sample');
    /** Waits until the preview, reloaded on its own after an edit, lists forms:check's findings. */
    const findingsShown = async () => {
      const findings = checkForms({ formsDir: copy.forms, schemasDir: copy.schemas });
      for (const finding of findings)
        await expect
          .poll(() => page.locator('header .preview-finding', { hasText: finding.message }).count())
          .toBe(1);
      return findings;
    };
    try {
      // A misspelt placeholder and terms that have all started: warnings of the schema and the page.
      copy.edit('schemas/sample.schema.json', 'at most {limit}', 'at most {limt}');
      copy.edit('forms/sample.json', '"starts": "2030-08-26"', '"starts": "2020-08-26"');
      copy.edit('forms/sample.json', '"starts": "2031-01-13"', '"starts": "2021-01-13"');
      const findings = await findingsShown();
      const keyOf = (q: Question) => ('key' in q ? q.key : undefined);
      const questions = sample().sections.flatMap((section) => section.questions);
      for (const key of ['first_name', 'entry_term']) {
        const question = questions.find((q) => keyOf(q) === key) as { label: string };
        const named = findings.filter(
          (f) => f.pointer.split('/').includes(key) || f.pointer.startsWith(pointerOf(key)),
        );
        expect(named.length, key).toBeGreaterThan(0);
        for (const finding of named) {
          // Right before the question's own field.
          const note = page.locator('main .preview-findings--inline', { hasText: finding.message });
          await expect.poll(() => note.count()).toBe(1);
          const next = note.locator('xpath=following-sibling::*[1]');
          await expect.poll(() => next.ariaSnapshot()).toContain(`"${question.label}"`);
        }
      }
      // A type no component draws: its finding stands where the question would be.
      copy.edit(
        'forms/sample.json',
        '"type": "text", "key": "pet_name"',
        '"type": "txt", "key": "pet_name"',
      );
      const unknown = (await findingsShown()).find(
        (f) => f.pointer === `${pointerOf('pet_name')}/type`,
      );
      expect(unknown).toBeDefined();
      await expect
        .poll(() => page.locator('main .preview-unknown').getByText(unknown!.message).count())
        .toBe(1);
      // A condition on a misspelt key hides its question: its switch opens it, with the finding.
      copy.edit('forms/sample.json', '"valueKey": "applied_major"', '"valueKey": "applied_majr"');
      const misspelt = (await findingsShown()).find((f) =>
        f.pointer.startsWith(`${pointerOf('instrument')}/condition`),
      );
      expect(misspelt).toBeDefined();
      await page.locator('#preview-branch-applied_majr').selectOption('MUS');
      const note = page.locator('main .preview-findings--inline', { hasText: misspelt!.message });
      await expect.poll(() => note.count()).toBe(1);
      const instrument = pageFields(sample()).find((f) => f.key === 'instrument')!;
      await expect
        .poll(() => note.locator('xpath=following-sibling::*[1]').ariaSnapshot())
        .toContain(`"${instrument.question.label}"`);
    } finally {
      await page.close();
    }
  });

  it('reloads after an edit: the new label is drawn without touching the browser', async () => {
    const page = await browser.open(preview, 'sample');
    try {
      const before = await page.locator('html').getAttribute('data-preview-version');
      const label = `Pet Name ${Date.now()}`;
      const file = path.join(copy.forms, 'sample.json');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace('"label": "Pet Name"', `"label": "${label}"`));
      await expect.poll(() => labelledFieldNames(page), { timeout: 10_000 }).toContain(label);
      expect(await page.locator('html').getAttribute('data-preview-version')).not.toBe(before);
    } finally {
      await page.close();
    }
  });

  it('shows a clear error for a file that is not valid JSON, and the page once fixed', async () => {
    const file = path.join(copy.forms, 'sample.json');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('"id": "sample",', '"id": "sample"'));
    try {
      await expect
        .poll(async () => (await fetch(`${preview.url}/page/sample`)).status, { timeout: 5000 })
        .toBe(422);
      const html = await (await fetch(`${preview.url}/page/sample`)).text();
      expect(html).toContain('The forms cannot be shown');
      expect(html).toMatch(/sample\.json:\d+:\d+<\/strong>: not valid JSON/);
      const ok = async () =>
        ((await (await fetch(`${preview.url}/preview/state.json`)).json()) as { ok: boolean }).ok;
      await expect.poll(ok, { timeout: 5000 }).toBe(false);
    } finally {
      writeFileSync(file, good);
    }
    await expect
      .poll(async () => (await fetch(`${preview.url}/page/sample`)).status, { timeout: 5000 })
      .toBe(200);
  });

  it('says so for a page that does not exist', async () => {
    const res = await fetch(`${preview.url}/page/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('no such page');
  });
});

describe('forms:preview in Spanish', { timeout: 60_000 }, () => {
  let copy: FixtureCopy;
  let preview: Preview;
  beforeAll(async () => {
    copy = fixtureCopy({ translated: true });
    preview = await startPreview({ port: 0, formsDir: copy.forms, schemasDir: copy.schemas });
  });
  afterAll(async () => {
    await preview?.close();
  });

  it('shows the page in the language chosen: its title, labels and messages in Spanish', async () => {
    const definition = readJson(path.join(copy.forms, 'sample.json')) as PageDefinition;
    const translation = readJson(path.join(copy.forms, 'es', 'sample.json')) as PageTranslation;
    const site = readJson(path.join(copy.forms, 'es', 'site.json')) as SiteTranslation;
    const spanish = localizePage(definition, translation, site.builtIn);
    const errors = validatePage(spanish, compiledValidators(copy.schemas)('sample'), empty(), {
      translate: messageTranslator([translation], site),
    });
    const messages = [...new Set(Object.values(errors).flat())];
    expect(messages.length).toBeGreaterThan(1);
    const page = await browser.open(preview, 'sample?lang=es');
    try {
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(spanish.title);
      expect(spanish.title).not.toBe(definition.title);
      // The application's own words (the step line) in Spanish too, from its catalogue.
      // Read as written: an import of the catalogue is compiled by the build's plugin.
      const catalogue = readJson('src/client/i18n/messages.es.json') as Record<string, string>;
      const stepOf = catalogue['page.stepOf']!.replace('{step}', String(definition.step)).replace(
        '{count}',
        '\\d+',
      );
      expect(stepOf).not.toMatch(/[{}]/);
      await expect
        .poll(() => page.locator('.form-page__step').textContent())
        .toMatch(new RegExp(`^${stepOf}$`));
      const shown = new Set(visibleKeys(spanish, empty()));
      const labels = pageFields(spanish)
        .filter((f) => shown.has(f.key) && f.owner.type === 'text')
        .map((f) => f.question.label!);
      expect(labels.length).toBeGreaterThan(0);
      await expect.poll(() => labelledFieldNames(page)).toEqual(expect.arrayContaining(labels));
      await page.getByLabel('As after Submit').check();
      for (const message of messages)
        await expect
          .poll(() => page.getByText(message, { exact: true }).count())
          .toBeGreaterThan(0);
      await page.getByRole('link', { name: 'English' }).click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(definition.title);
    } finally {
      await page.close();
    }
  });
});
