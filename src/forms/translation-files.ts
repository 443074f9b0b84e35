/**
 * The shape of a translation file (forms/es/*.json, schemas/translation.schema.json), and the
 * texts the engine itself shows that a translation of forms/site.json carries too.
 */
import { countries } from '../engine/data/countries';
import { defaultLabels } from '../engine/page-fields';
import { monthNames } from '../engine/option-lists';
import { notAnOptionMessage } from '../engine/page-validation';
import type { SourceText } from './translatable-texts';

/**
 * One translated text: the English it was translated from (its fingerprint: when the English
 * changes, the two differ and forms:check calls the translation stale) and the translation.
 */
export interface TranslatedText {
  en: string;
  es: string;
}

/** Nested objects of texts, keyed by stable ids (question key, option value, section id…). */
export interface TextTree {
  [id: string]: TranslatedText | TextTree;
}

/** forms/es/{page}.json: a page's texts and its schema's messages (field → rule → text). */
export interface PageTranslation {
  $schema?: string;
  page?: TextTree;
  errorSummary?: TextTree;
  sections?: TextTree;
  questions?: TextTree;
  messages?: TextTree;
}

/** forms/es/site.json: the site's texts, the account forms' messages, the engine's own texts. */
export interface SiteTranslation {
  $schema?: string;
  university?: TextTree;
  alerts?: TextTree;
  help?: TextTree;
  privacy?: TextTree;
  /** Account schema name (signup, login…) → field → rule → text. */
  messages?: TextTree;
  builtIn?: TextTree;
}

/** The account forms' schemas whose messages an applicant reads (sign-in screens, at submit). */
export const accountSchemas = [
  'signup',
  'login',
  'confirm',
  'forgot-password',
  'reset-password',
  'resend-confirm',
] as const;

/**
 * The texts the engine shows on its own: the not-an-option message, address part labels, and the
 * labels of the named lists worth translating (months, countries; US states and Canadian
 * provinces keep their own names).
 */
export function builtInTexts(): SourceText[] {
  const texts: SourceText[] = [
    { path: ['builtIn', 'notAnOption'], text: notAnOptionMessage, pointer: '' },
  ];
  for (const [part, label] of Object.entries(defaultLabels))
    texts.push({ path: ['builtIn', 'partLabels', part], text: label, pointer: '' });
  monthNames.forEach((month, i) =>
    texts.push({ path: ['builtIn', 'months', String(i + 1)], text: month, pointer: '' }),
  );
  for (const [code, name] of countries)
    texts.push({ path: ['builtIn', 'countries', code], text: name, pointer: '' });
  return texts;
}

export const isTranslatedText = (value: unknown): value is TranslatedText =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TranslatedText).en === 'string' &&
  typeof (value as TranslatedText).es === 'string';

/** The entry at a path of a translation file, if there is one. */
export function entryAt(tree: unknown, path: readonly string[]): TranslatedText | undefined {
  let node: unknown = tree;
  for (const id of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, id)) return undefined;
    node = (node as Record<string, unknown>)[id];
  }
  return isTranslatedText(node) ? node : undefined;
}

/** Every entry of a translation file with its path (the `$schema` aside). */
export function entriesOf(
  tree: unknown,
  path: string[] = [],
): Array<{
  path: string[];
  entry: unknown;
}> {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree))
    return [{ path, entry: tree }];
  if (isTranslatedText(tree) || ('en' in tree && 'es' in tree)) return [{ path, entry: tree }];
  return Object.entries(tree)
    .filter(([id]) => !(path.length === 0 && id === '$schema'))
    .flatMap(([id, inner]) => entriesOf(inner, [...path, id]));
}

/** The placeholders of a text, e.g. `{n}`, `{year}`, sorted. */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
