/**
 * The applicant side's own texts in the page's language (issue 40), through Lingui's runtime:
 * the catalogues are ICU MessageFormat, compiled when the build imports them
 * (scripts/compiled-messages.ts), so no message parser reaches the browser. English, the source,
 * comes in parts that load with the code that shows them (messages.en.json here, for the pages'
 * shell; account.en.json with the sign-in screens, and so on: catalogueArea), so an English
 * visitor's first load carries only what it shows; Spanish is one chunk (messages.es.json),
 * loaded only for Spanish, before the first render. A page's language is fixed for its life:
 * choosing another reloads the page.
 */
import { i18n, type Messages } from '@lingui/core';
import { isLocale, sourceLocale, type Locale } from '../../contract/locale';
import english from './messages.en.json';

/** The catalogue's keys, read from the English: a key that is not there is a type error. */
export type MessageKey = keyof typeof english;
export type MessageValues = Readonly<Record<string, string | number>>;

// The plugin hands over compiled messages where the JSON's type says strings.
const compiled = (catalogue: unknown) => catalogue as Messages;

// Every language but the source: each a chunk of its own.
const otherCatalogues: Readonly<Partial<Record<Locale, () => Promise<unknown>>>> = {
  es: () => import('./messages.es.json').then((module) => module.default),
};

i18n.load(sourceLocale, compiled(english));
i18n.activate(sourceLocale);

/** The text of `key` in the active language, with its `{placeholders}` filled from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values);
}

/**
 * A part of the English catalogue, loaded with the code that shows it (another language's texts
 * are all loaded already): `t` for its keys.
 */
export function catalogueArea<C extends object>(english: C) {
  i18n.load(sourceLocale, compiled(english));
  return (key: keyof C & string, values?: MessageValues): string => i18n._(key, values);
}

/** The language the texts are in now. */
export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : sourceLocale);

const loaded = new Set<Locale>([sourceLocale]);

/** Loads `locale`'s catalogue (once; English is always there) and makes it the active language. */
export async function activateLocale(locale: Locale): Promise<void> {
  const load = otherCatalogues[locale];
  if (!loaded.has(locale) && load) {
    i18n.load(locale, compiled(await load()));
    loaded.add(locale);
  }
  i18n.activate(locale);
}

/** The language the server chose for this page (`<html lang>`), English when it names none. */
export function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : sourceLocale;
}

/** A number in the active language's way (Intl.NumberFormat), e.g. 1,5 in Spanish. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  i18n.number(value, options);
