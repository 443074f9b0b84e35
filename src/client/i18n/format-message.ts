/**
 * The browser's reading of a compiled catalogue message. The catalogues are ICU MessageFormat,
 * compiled at build by Lingui (scripts/compiled-messages.ts); this interprets Lingui's compiled
 * form as Lingui's runtime does (tests/client/i18n/format-message.test.ts compares the two on
 * every message of every catalogue). Lingui's runtime weighed 3 KB gzip of a visitor's first
 * load for the few calls the applicant side makes (issue 43); the server keeps it
 * (src/server/i18n/server-i18n.ts).
 */

/** A compiled message: plain text, or text and placeholders. */
export type CompiledMessage = string | Token[];
type Token = string | [name: string, format?: string, options?: Cases | string];
type Cases = Record<string, CompiledMessage | number>;

export type MessageValues = Readonly<Record<string, string | number>>;

/** The formats this reads; the build refuses a catalogue that uses another. */
export const browserFormats: readonly string[] = ['plural', 'selectordinal', 'select', 'number'];

const made = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
function memo<T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
  let value = made.get(key) as T | undefined;
  if (!value) made.set(key, (value = make()));
  return value;
}
const pluralRules = (locale: string, type: Intl.PluralRuleType) =>
  memo(`plural ${type} ${locale}`, () => new Intl.PluralRules(locale, { type }));
const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  memo(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

const own = <T>(object: Readonly<Record<string, T>>, key: string | number): T | undefined =>
  Object.hasOwn(object, key) ? object[key] : undefined;

/**
 * `#` in a plural's case is the number (less the offset), formatted when a case prints it; else it
 * is text. Formatted lazily: a browser's first Intl.NumberFormat loads the language's number data
 * (35–45 ms at 4× CPU, issue 43), and most plural cases name their count as `{count}` instead.
 */
function render(
  message: CompiledMessage,
  locale: string,
  values: MessageValues,
  count?: number,
): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const token of message) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? numberFormat(locale).format(count) : token;
      continue;
    }
    const [name, format, options = {}] = token;
    const value = own(values, name);
    if (format === undefined) {
      text += value ?? '';
    } else if (format === 'number') {
      const style = typeof options === 'string' ? { style: options } : undefined;
      text += numberFormat(locale, style as Intl.NumberFormatOptions).format(Number(value));
    } else if (typeof options === 'object') {
      const { offset = 0, ...cases } = options;
      const chosen = (key: string | number) => {
        const found = own(cases, key);
        return typeof found === 'number' ? undefined : found;
      };
      if (format === 'select') {
        text += render(chosen(String(value)) ?? chosen('other') ?? '', locale, values);
      } else {
        const n = Number(value) - Number(offset);
        const type = format === 'selectordinal' ? 'ordinal' : 'cardinal';
        const picked = chosen(Number(value)) ?? chosen(pluralRules(locale, type).select(n));
        text += render(picked ?? chosen('other') ?? '', locale, values, n);
      }
    }
  }
  return text;
}

/** A compiled message in `locale`, its `{placeholders}` filled from `values`. */
export function formatMessage(
  message: CompiledMessage,
  locale: string,
  values: MessageValues = {},
): string {
  return render(message, locale, values);
}

/** A number in `locale`'s way (Intl.NumberFormat), e.g. 1,5 in Spanish. */
export const formatNumberIn = (
  locale: string,
  value: number,
  options?: Intl.NumberFormatOptions,
): string => numberFormat(locale, options).format(value);
