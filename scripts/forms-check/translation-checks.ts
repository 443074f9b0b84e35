/**
 * The Spanish translations (forms/es/, issue 40): each page and site.json has its translation
 * file, and each text an applicant reads has its translation there, made from the English it now
 * has. Reports a missing, extra or stale translation (the English changed after it was
 * translated: the entry's `en`, its fingerprint, is no longer the definition's text) and a
 * translation whose `{placeholders}` differ from the English, each at its file:line:column.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PageDefinition, SiteConfig } from '../../src/engine/definitions';
import {
  pageTexts,
  schemaMessages,
  siteTexts,
  type SourceText,
} from '../../src/forms/translatable-texts';
import {
  accountSchemas,
  builtInTexts,
  entriesOf,
  entryAt,
  isTranslatedText,
  placeholdersOf,
} from '../../src/forms/translation-files';
import type { Findings } from './findings';
import { reportSyntax } from './meta-checks';
import { pageSchemaName, type Project } from './project';
import { locate, readSourceFile, toPointer, type SourceFile } from './source-file';

/** The translations' folder of a forms folder, and their one language. */
export const TRANSLATIONS = 'es';

/** A text to translate and the file its English is in (none: the application's own text). */
interface Expected extends SourceText {
  source?: SourceFile;
}

const shown = (file: string) => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative.split(path.sep).join('/');
};

const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}…` : text);
const idOf = (textPath: readonly string[]) => textPath.join(' › ');

function where(text: Expected): string {
  if (!text.source) return 'the application’s own text';
  const { line, column } = locate(text.source, text.pointer);
  return `${text.source.path}:${line}:${column}`;
}

/** A schema's messages as a translation file names them: `messages` (› the account form) › field › rule. */
const messageTexts = (schema: unknown, form?: string): SourceText[] =>
  schema === undefined
    ? []
    : schemaMessages(schema).map((text) => ({
        ...text,
        path: ['messages', ...(form === undefined ? [] : [form]), ...text.path],
      }));

/**
 * What a translation file of a forms folder must hold: a page's texts and its schema's messages,
 * or (site.json) the site's texts, the account forms' messages and the engine's own texts.
 */
export function translationTexts(
  name: string,
  english: unknown,
  schemaOf: (file: string) => unknown,
): SourceText[] {
  if (name === 'site.json')
    return [
      ...siteTexts(english as SiteConfig),
      ...accountSchemas.flatMap((form) => messageTexts(schemaOf(`${form}.schema.json`), form)),
      ...builtInTexts(),
    ];
  const page = english as PageDefinition;
  return [...pageTexts(page).texts, ...messageTexts(schemaOf(pageSchemaName(page.id)))];
}

/** Checks forms/es/ when the forms folder has one (a folder without it has no translations). */
export function checkTranslations(
  project: Project,
  pages: readonly SourceFile[],
  findings: Findings,
): void {
  const dir = path.join(project.formsDir, TRANSLATIONS);
  if (!existsSync(dir)) return;
  const expectedFiles = new Set<string>();
  for (const file of pages) {
    const name = path.basename(file.path);
    expectedFiles.add(name);
    const page = file.json as PageDefinition;
    const { texts, unnamed } = pageTexts(page);
    for (const { pointer } of unnamed)
      findings.error(
        'paragraph-without-id',
        file,
        pointer,
        'This paragraph has no "id": give it one (e.g. "id": "deadline-note") so its translation can name it.',
      );
    const schema = project.schemas.get(pageSchemaName(page.id));
    const expected: Expected[] = [
      ...texts.map((text) => ({ ...text, source: file })),
      ...messageTexts(schema?.json).map((text) => ({ ...text, source: schema })),
    ];
    checkFile(dir, name, file, expected, findings);
  }
  if (project.site?.json !== undefined) {
    expectedFiles.add('site.json');
    const site = project.site;
    const expected: Expected[] = siteTexts(site.json as SiteConfig).map((text) => ({
      ...text,
      source: site,
    }));
    for (const name of accountSchemas) {
      const schema = project.schemas.get(`${name}.schema.json`);
      expected.push(
        ...messageTexts(schema?.json, name).map((text) => ({ ...text, source: schema })),
      );
    }
    expected.push(...builtInTexts());
    checkFile(dir, 'site.json', site, expected, findings);
  }
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    if (expectedFiles.has(name)) continue;
    const file = readSourceFile(path.join(dir, name), shown(path.join(dir, name)));
    findings.error(
      'translation-file-extra',
      file,
      '',
      `forms/${TRANSLATIONS}/${name} translates forms/${name}, which does not exist: remove it, or rename it after the page it translates.`,
    );
  }
}

function checkFile(
  dir: string,
  name: string,
  english: SourceFile,
  expected: readonly Expected[],
  findings: Findings,
): void {
  const full = path.join(dir, name);
  if (!existsSync(full)) {
    findings.error(
      'translation-file-missing',
      english,
      '',
      `${english.path} has no Spanish translation: add forms/${TRANSLATIONS}/${name} (docs/forms.md, "Translations").`,
    );
    return;
  }
  const file = readSourceFile(full, shown(full));
  if (file.json === undefined) {
    reportSyntax(file, findings);
    return;
  }
  const wanted = new Set(expected.map((text) => idOf(text.path)));
  for (const text of expected) checkEntry(file, text, findings);
  for (const { path: entryPath, entry } of entriesOf(file.json)) {
    const pointer = toPointer(entryPath);
    if (!isTranslatedText(entry))
      findings.error(
        'translation-entry',
        file,
        pointer,
        `${idOf(entryPath)} is not a translation: write { "en": "the English", "es": "the Spanish" }.`,
      );
    else if (!wanted.has(idOf(entryPath)))
      findings.error(
        'translation-extra',
        file,
        pointer,
        `Nothing in the English is ${idOf(entryPath)} (${quote(entry.en)}) any more: remove this translation, or move it to the new id of its text.`,
        true,
      );
  }
}

function checkEntry(file: SourceFile, text: Expected, findings: Findings): void {
  const entry = entryAt(file.json, text.path);
  const pointer = toPointer(text.path);
  if (!entry || entry.es.trim() === '') {
    findings.error(
      'translation-missing',
      file,
      pointer,
      `No Spanish for ${idOf(text.path)}: ${quote(text.text)} (${where(text)}). Add { "en": ${JSON.stringify(text.text)}, "es": "…" } here.`,
    );
    return;
  }
  if (entry.en !== text.text) {
    findings.error(
      'translation-stale',
      file,
      `${pointer}/en`,
      `The English of ${idOf(text.path)} changed after it was translated (${where(text)}): it was ${quote(entry.en)}, it is now ${quote(text.text)}. Bring the Spanish in line, then copy the new English into "en".`,
    );
    return;
  }
  const english = placeholdersOf(text.text);
  const spanish = placeholdersOf(entry.es);
  if (english.join() !== spanish.join())
    findings.error(
      'translation-placeholders',
      file,
      `${pointer}/es`,
      `The Spanish of ${idOf(text.path)} has ${spanish.map((p) => `{${p}}`).join(', ') || 'no placeholder'} where the English has ${english.map((p) => `{${p}}`).join(', ') || 'none'}: keep each {placeholder} as the English writes it.`,
    );
}
