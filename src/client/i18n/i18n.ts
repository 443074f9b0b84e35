/**
 * The applicant side's own texts in the page's language (issue 40): the catalogues are ICU
 * MessageFormat, compiled by Lingui when the build imports them (scripts/compiled-messages.ts),
 * so no message parser reaches the browser, and read here (format-message.ts). English, the
 * source, comes in parts that load with the code that shows them (messages.en.json here, for the
 * pages' shell; account.en.json with the sign-in screens, and so on: catalogueArea), so an
 * English visitor's first load carries only what it shows; Spanish is one chunk
 * (messages.es.json), loaded only for Spanish, before the first render. A page's language is
 * fixed for its life: choosing another reloads the page.
 */
import { isLocale, sourceLocale, type Locale } from '../../contract/locale';
import {
  formatMessage,
  formatNumberIn,
  type CompiledMessage,
  type MessageValues,
} from './format-message';
import english from './messages.en.json';

export type { MessageValues };

/** The catalogue's keys, read from the English: a key that is not there is a type error. */
export type MessageKey = keyof typeof english;

type Catalogue = Record<string, CompiledMessage>;

// The plugin hands over compiled messages where the JSON's type says strings.
const compiled = (catalogue: unknown) => catalogue as Catalogue;

// Every language but the source: each a chunk of its own.
const otherCatalogues: Readonly<Partial<Record<Locale, () => Promise<unknown>>>> = {
  es: () => import('./messages.es.json').then((module) => module.default),
};

const catalogues: Partial<Record<Locale, Catalogue>> = {
  [sourceLocale]: { ...compiled(english) },
};
let active: Locale = sourceLocale;

/** A key's message in the active language; a key it lacks reads as the key, as Lingui's does. */
function text(key: string, values?: MessageValues): string {
  const catalogue = catalogues[active] ?? {};
  const message = Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
  return message === undefined ? key : formatMessage(message, active, values);
}

/** The text of `key` in the active language, with its `{placeholders}` filled from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  return text(key, values);
}

/**
 * A part of the English catalogue, loaded with the code that shows it (another language's texts
 * are all loaded already): `t` for its keys.
 */
export function catalogueArea<C extends object>(english: C) {
  Object.assign((catalogues[sourceLocale] ??= {}), compiled(english));
  return (key: keyof C & string, values?: MessageValues): string => text(key, values);
}

/** The language the texts are in now. */
export const activeLocale = (): Locale => active;

/** Loads `locale`'s catalogue (once; English is always there) and makes it the active language. */
export async function activateLocale(locale: Locale): Promise<void> {
  const load = otherCatalogues[locale];
  if (!catalogues[locale] && load) catalogues[locale] = compiled(await load());
  active = locale;
}

/** The language the server chose for this page (`<html lang>`), English when it names none. */
export function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : sourceLocale;
}

/** A number in the active language's way (Intl.NumberFormat), e.g. 1,5 in Spanish. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  formatNumberIn(active, value, options);
