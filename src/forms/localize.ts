/**
 * The definitions in another language, as pure functions of the English and a translation file:
 * the same structure with the translated texts. A text without a translation, or whose English
 * changed since it was translated, stays English (forms:check keeps CI from shipping either).
 */
import type { AddressPart, PageDefinition, SiteConfig } from '../engine/definitions';
import type { ListLabels } from '../engine/option-lists';
import type { MessageTranslator } from '../engine/validation';
import { walkDefinition } from '../engine/walk-definition';
import {
  entriesOf,
  entryAt,
  isTranslatedText,
  type PageTranslation,
  type SiteTranslation,
  type TextTree,
} from './translation-files';
import { pageTexts, siteTexts, type SourceText } from './translatable-texts';

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Sets the value a JSON pointer names (its parents exist: the pointer came from this value). */
function setAt(root: unknown, pointer: string, value: string): void {
  const segments = pointer.split('/').slice(1).map(decode);
  const last = segments.pop();
  let node = root as Record<string, unknown>;
  for (const segment of segments) node = node[segment] as Record<string, unknown>;
  if (last !== undefined) node[last] = value;
}

/** The translation of a text when it was made from this very English. */
function translated(tree: unknown, text: SourceText): string | undefined {
  const entry = entryAt(tree, text.path);
  return entry && entry.en === text.text && entry.es !== '' ? entry.es : undefined;
}

function applyTexts<T>(english: T, texts: readonly SourceText[], tree: unknown): T {
  const copy = structuredClone(english);
  for (const text of texts) {
    const es = translated(tree, text);
    if (es !== undefined) setAt(copy, text.pointer, es);
  }
  return copy;
}

/** An engine text's translation (forms:check compares its English with the engine's). */
const builtInText = (builtIn: TextTree, path: string[]): string | undefined => {
  const es = entryAt(builtIn, path)?.es;
  return es === '' ? undefined : es;
};

/**
 * A page in another language: its translation's texts, and the engine's own (address part
 * labels, month names) from the site translation's `builtIn`. Option values never change.
 */
export function localizePage(
  page: PageDefinition,
  translation: PageTranslation,
  builtIn?: TextTree,
): PageDefinition {
  const localized = applyTexts(page, pageTexts(page).texts, translation);
  if (!builtIn) return localized;
  walkDefinition(localized, {
    question({ question }) {
      if (question.type === 'address' || question.type === 'school-search') {
        const labels: Partial<Record<string, string>> = { ...question.labels };
        const parts = question.type === 'school-search' ? ['ceeb'] : [];
        // A school search's name part is labelled by the question itself when it has a label.
        if (question.type === 'school-search' && !question.label) parts.push('name');
        for (const part of [...parts, ...defaultPartNames])
          labels[part] ??= builtInText(builtIn, ['partLabels', part]);
        question.labels = labels as typeof question.labels;
      }
      const months = monthNumbers.map((value) => ({
        value,
        label: builtInText(builtIn, ['months', value]),
      }));
      if ('options' in question && question.options === 'months' && months.every((m) => m.label))
        question.options = months as Array<{ value: string; label: string }>;
    },
  });
  return localized;
}

/** A page's title in another language (the index's, before the page itself loads). */
export function localizedTitle(title: string, translation: PageTranslation): string {
  return (
    translated(translation, { path: ['page', 'title'], text: title, pointer: '/title' }) ?? title
  );
}

const defaultPartNames: readonly AddressPart[] = [
  'country',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
];
const monthNumbers = Array.from({ length: 12 }, (_v, i) => String(i + 1));

/** forms/site.json in another language: the application title, alerts, Help and Privacy. */
export function localizeSite(site: SiteConfig, translation: SiteTranslation): SiteConfig {
  return applyTexts(site, siteTexts(site), translation);
}

/**
 * The translator of the schema messages: field and English message → the translation. Page
 * translations hold field → rule → text; the site's, account schema → field → rule → text and the
 * engine's own not-an-option message (any field).
 */
export function messageTranslator(
  pages: readonly PageTranslation[],
  site: SiteTranslation | undefined,
): MessageTranslator {
  const byField = new Map<string, string>();
  const addFields = (tree: unknown) => {
    for (const { path, entry } of entriesOf(tree))
      if (isTranslatedText(entry) && entry.es !== '' && path[0] !== undefined)
        byField.set(`${path[0]}\0${entry.en}`, entry.es);
  };
  for (const page of pages) addFields(page.messages);
  for (const schema of Object.values(site?.messages ?? {})) addFields(schema);
  const anyField = new Map<string, string>();
  const notAnOption = entryAt(site?.builtIn, ['notAnOption']);
  if (notAnOption && notAnOption.es !== '') anyField.set(notAnOption.en, notAnOption.es);
  return (field, message) =>
    byField.get(`${field}\0${message}`) ?? anyField.get(message) ?? message;
}

/** The named lists' labels of a site translation's `builtIn` (countries, months), by value. */
export function listLabels(builtIn: TextTree | undefined): ListLabels {
  const table = (id: string) =>
    Object.fromEntries(
      entriesOf(builtIn?.[id])
        .filter(({ entry }) => isTranslatedText(entry) && entry.es !== '')
        .map(({ path, entry }) => [path.join(), (entry as { es: string }).es]),
    );
  return { countries: table('countries'), months: table('months') };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Copies a localized value into the English one it was made from, keeping every object and array
 * the same object: a module that took `siteConfig.university` before sees the translation too.
 */
export function assignInPlace<T extends object>(target: T, source: T): void {
  const into = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const current = into[key];
    if (isObject(current) && isObject(value) && Array.isArray(current) === Array.isArray(value))
      assignInPlace(current, value);
    else if (current !== value) into[key] = value;
  }
}
