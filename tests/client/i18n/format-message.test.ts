import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../scripts/compiled-messages';
import {
  formatMessage,
  formatNumberIn,
  type CompiledMessage as OurMessage,
} from '../../../src/client/i18n/format-message';

const dir = path.resolve(import.meta.dirname, '../../../src/client/i18n');
const catalogues = readdirSync(dir).filter((file) => /\.[a-z]{2}\.json$/.test(file));

/** Every name a compiled message fills in. */
function names(message: CompiledMessage): string[] {
  if (typeof message === 'string') return [];
  return message.flatMap((token) => {
    if (typeof token === 'string') return [];
    const [name, , cases] = token;
    const nested =
      cases && typeof cases === 'object'
        ? Object.values(cases).flatMap((c) => (Array.isArray(c) ? names(c as CompiledMessage) : []))
        : [];
    return [name, ...nested];
  });
}

/** Lingui's own runtime on one message: what the browser's reading must give. */
function lingui(message: CompiledMessage, locale: string, values: Record<string, unknown>) {
  const i18n = setupI18n({ locale, messages: { [locale]: { id: message } } });
  return i18n._('id', values);
}

// Numbers that pick every plural form English and Spanish have, and a thousands separator.
const counts = [0, 1, 2, 5, 21, 1000, 1500000];

describe("the browser's reading of compiled messages (format-message.ts)", () => {
  for (const file of catalogues) {
    const locale = file.split('.')[1]!;
    it(`reads every message of ${file} as Lingui's runtime does`, () => {
      const compiled = JSON.parse(
        compileCatalogue(readFileSync(path.join(dir, file), 'utf8'), file),
      ) as Record<string, CompiledMessage>;
      let compared = 0;
      for (const [key, message] of Object.entries(compiled)) {
        for (const count of counts) {
          const values = Object.fromEntries(
            names(message).map((name) => [name, name === 'count' ? count : `«${name}»`]),
          );
          expect(formatMessage(message as OurMessage, locale, values), key).toBe(
            lingui(message, locale, values),
          );
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  it('reads the forms a catalogue may use: plural with =n, offset and #, selectordinal, select, number', () => {
    const messages = [
      '{count, plural, =0 {none} one {# file} other {# files of {name}}} left',
      '{count, plural, offset:1 =0 {nobody} one {you} other {you and # others}}',
      '{count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
      '{kind, select, pdf {A PDF} other {A file}}: {count, number} bytes, {share, number, percent}',
      '{count, plural, one {{kind, select, pdf {# PDF} other {# file}}} other {many}}',
    ];
    for (const locale of ['en', 'es'])
      for (const text of messages)
        for (const count of counts)
          for (const kind of ['pdf', 'doc']) {
            const message = compileMessageOrThrow(text);
            const values = { count, kind, name: 'x', share: 0.25 };
            expect(formatMessage(message as OurMessage, locale, values), text).toBe(
              lingui(message, locale, values),
            );
          }
  });

  it('makes a number format only for a plural case that prints `#` (its first costs 35–45 ms)', () => {
    const hash = compileMessageOrThrow('{count, plural, one {# file} other {# files}}');
    const expected = lingui(hash, 'fr', { count: 1500 });
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    } as typeof Real;
    try {
      // A language no other test formats in, so no number format is kept from before.
      const named = compileMessageOrThrow(
        '{count, plural, one {{count} file} other {{count} files}}',
      );
      expect(formatMessage(named as OurMessage, 'fr', { count: 1500 })).toBe('1500 files');
      expect(made).toBe(0);
      expect(formatMessage(hash as OurMessage, 'fr', { count: 1500 })).toBe(expected);
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = Real;
    }
  });

  it('formats a number in the language given', () => {
    expect(formatNumberIn('en', 1.5)).toBe('1.5');
    expect(formatNumberIn('es', 1.5)).toBe('1,5');
  });

  it('fails the build on a format the browser does not read, naming the message', () => {
    const json = JSON.stringify({ 'x.when': 'Sent on {day, date, short}.' });
    expect(() => compileCatalogue(json, 'messages.xx.json')).toThrow(/"x\.when" uses date/);
  });
});
