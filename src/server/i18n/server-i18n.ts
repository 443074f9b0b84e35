/**
 * The server's applicant texts in the applicant's language (issue 40): one Lingui instance per
 * language, its messages compiled once at start (as the client's are at build), so requests in
 * different languages at once never share an active locale. English is the source
 * (english-catalogue.ts); Spanish is messages.es.json, under the same keys.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { locales, type Locale } from '../../contract/locale';
import type { AppError } from '../errors';
import { englishCatalogue, isApplicantError, type TextId } from './english-catalogue';
import spanish from './messages.es.json';

export type { TextId };

type Values = Readonly<Record<string, string | number>>;

const sources: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en: englishCatalogue,
  es: spanish,
};

/** The regional form Intl writes dates in: a US university's English, and the Spanish of the US. */
const intlLocales: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es-US' };

function instanceFor(locale: Locale): I18n {
  const compiled = Object.fromEntries(
    Object.entries(sources[locale]).map(([id, message]) => [id, compileMessage(message)]),
  );
  return setupI18n({ locale, locales: intlLocales[locale], messages: { [locale]: compiled } });
}

const instances = Object.fromEntries(locales.map((l) => [l, instanceFor(l)])) as Record<
  Locale,
  I18n
>;

/** A text in a language, its `{name}` placeholders filled; English when a language lacks it. */
export function text(locale: Locale, id: TextId, values?: Values): string {
  const source = sources[locale][id] === undefined ? 'en' : locale;
  return instances[source]._(id, values);
}

/** Each English text's key (a text said by several keys keeps the first: they say the same). */
const keyOfEnglish = new Map<string, TextId>();
for (const [id, english] of Object.entries(englishCatalogue)) {
  if (!keyOfEnglish.has(english)) keyOfEnglish.set(english, id as TextId);
}

/**
 * A fixed English text (one without placeholders) in another language: for texts that travel as
 * English, such as a conversion's refusal kept in its job's row or a file rule's message. A text
 * the catalogue does not hold is returned as it is.
 */
export function translated(locale: Locale, english: string): string {
  if (locale === 'en') return english;
  const id = keyOfEnglish.get(english);
  return id ? text(locale, id) : english;
}

/**
 * How each language writes a date answer in the PDF: English as the form shows it (04/12/2007),
 * Spanish with the month's name (12 de abril de 2007), since a US reader takes 12/04/2007 for
 * December.
 */
const dateAnswerFormats: Readonly<Record<Locale, Intl.DateTimeFormatOptions>> = {
  en: { month: '2-digit', day: '2-digit', year: 'numeric' },
  es: { day: 'numeric', month: 'long', year: 'numeric' },
};

/** A date answer (its ISO parts: 2007, 04, 12) as the language writes it. */
export function dateText(locale: Locale, year: string, month: string, day: string): string {
  const at = new Date(0);
  at.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  const format = { ...dateAnswerFormats[locale], timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocales[locale], format).format(at);
}

/** A date and time as the language writes them, in UTC (the PDF's dates). */
export function dateTimeText(locale: Locale, date: Date): string {
  return `${instances[locale].date(date, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/**
 * An error's message in a language: a catalogue entry's own text with its values, else the
 * thrower's fixed text translated (a file rule's refusal); staff errors stay English.
 */
export function errorMessage(locale: Locale, error: AppError): string {
  if (locale === 'en') return error.message;
  if (error.text && isApplicantError(error.text.name)) {
    const values = Object.fromEntries(error.text.params.map((value, i) => [i, value]));
    return text(locale, `errors.${error.text.name}` as TextId, values);
  }
  return translated(locale, error.message);
}

/** An error's field messages in a language (field key → messages), each fixed text translated. */
export function fieldMessages(
  locale: Locale,
  fields: Readonly<Record<string, readonly string[]>>,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, said]) => [key, said.map((m) => translated(locale, m))]),
  );
}
