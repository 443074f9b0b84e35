/**
 * The shipped Spanish translations (forms/es/) as tests read them: a test never spells out a
 * shipped text in either language, it asks the translation files for it.
 */
import { readFileSync } from 'node:fs';
import { entriesOf, isTranslatedText, type TextTree } from '../../src/forms/translation-files';

const read = (name: string) =>
  JSON.parse(readFileSync(`forms/es/${name}.json`, 'utf8')) as Record<string, TextTree>;

/** The Spanish of a page's schema message: the entry of this field made from this English. */
export function spanishMessage(pageId: string, field: string, english: string): string {
  const messages = read(pageId).messages ?? {};
  for (const { entry } of entriesOf(messages[field]))
    if (isTranslatedText(entry) && entry.en === english) return entry.es;
  throw new Error(`forms/es/${pageId}.json has no message of ${field} for "${english}"`);
}

/** The Spanish of one of the engine's own texts (forms/es/site.json `builtIn`). */
export function spanishBuiltIn(id: string): string {
  const entry = read('site').builtIn?.[id];
  if (!isTranslatedText(entry)) throw new Error(`forms/es/site.json has no builtIn ${id}`);
  return entry.es;
}

/** Every Spanish text of the translation files (to tell a Spanish message from an English one). */
export function everySpanishText(): Set<string> {
  const texts = new Set<string>();
  for (const name of ['about', 'education', 'final-steps', 'site'])
    for (const { entry } of entriesOf(read(name))) if (isTranslatedText(entry)) texts.add(entry.es);
  return texts;
}
