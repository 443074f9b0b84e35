import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../scripts/compiled-messages';
import { locales, sourceLocale } from '../../../src/contract/locale';

const dir = path.resolve(import.meta.dirname, '../../../src/client/i18n');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;

/** English in areas (messages.en.json, account.en.json, …); every other language in one file. */
const englishFiles = readdirSync(dir).filter((file) => file.endsWith(`.${sourceLocale}.json`));
const english: Record<string, string> = Object.assign({}, ...englishFiles.map(read));
const others = locales.filter((locale) => locale !== sourceLocale);

/** The names a message fills in ({name}, {count, plural, …}), sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.add(name);
      if (format && typeof format === 'object')
        for (const [key, choice] of Object.entries(format))
          if (key !== 'offset' && Array.isArray(choice)) walk(choice as CompiledMessage);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** How many letters a message has besides its placeholders. */
const words = (message: string) =>
  message.replace(/\{[^}]*\}/g, '').replace(/[^A-Za-z]/g, '').length;

/** The elements a message puts in its text (<signup>…</signup>, <email/>), sorted. */
const tags = (message: string) =>
  [...message.matchAll(/<(\w+)\/?>/g)].map((match) => match[1]).sort();

describe('the message catalogues (issue 40)', () => {
  it('has no English key in two areas', () => {
    const keys = englishFiles.flatMap((file) => Object.keys(read(file)));
    expect(keys.length).toBe(new Set(keys).size);
    expect(englishFiles).toContain('messages.en.json');
  });

  it.each(others)('%s has exactly the English keys', (locale) => {
    const translated = read(`messages.${locale}.json`);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(others)('%s fills in the same placeholders and elements as the English', (locale) => {
    const translated = read(`messages.${locale}.json`);
    for (const [key, source] of Object.entries(english)) {
      const text = translated[key] ?? '';
      expect(placeholders(text), key).toEqual(placeholders(source));
      expect(tags(text), key).toEqual(tags(source));
    }
  });

  it('compiles every message of every catalogue, as the build does', () => {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const json = readFileSync(path.join(dir, file), 'utf8');
      const compiled = JSON.parse(compileCatalogue(json, file)) as Record<string, unknown>;
      for (const [key, message] of Object.entries(compiled)) {
        expect(Array.isArray(message), `${file} ${key}`).toBe(true);
      }
      // Texts only index.html needs stay out of what the browser loads.
      expect(Object.keys(compiled).some((key) => key.startsWith('html.'))).toBe(false);
    }
  });

  it('fails the build on a message that does not parse, naming it', () => {
    const bad = JSON.stringify({ 'x.ok': 'Fine', 'x.bad': 'Broken {count, plural, one {#}' });
    expect(() => compileCatalogue(bad, 'messages.xx.json')).toThrow(/"x\.bad"/);
  });

  it('leaves no text in English: none is the same as an English one with words in it', () => {
    for (const locale of others) {
      const translated = read(`messages.${locale}.json`);
      const untranslated = Object.entries(english).filter(
        ([key, source]) => words(source) > 8 && translated[key] === source,
      );
      expect(untranslated).toEqual([]);
    }
  });
});
