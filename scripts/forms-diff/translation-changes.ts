/**
 * forms:diff on the Spanish translations (forms/es/, issue 40): the translations added, changed
 * and removed between the two sides, and, on the newer side, the texts left without Spanish or
 * with stale Spanish (the English changed and its translation was not brought in line).
 */
import {
  entriesOf,
  isTranslatedText,
  type TranslatedText,
} from '../../src/forms/translation-files';
import type { SourceText } from '../../src/forms/translatable-texts';
import { translationTexts } from '../forms-check/translation-checks';
import { locate, toPointer, type SourceFile } from '../forms-check/source-file';
import type { Definitions } from './definition-files';
import type { Change, PageReport } from './page-changes';

const idOf = (path: readonly string[]) => path.join(' › ');

/** Every translation of a file by its id. */
function translationsOf(
  file: SourceFile | undefined,
): Map<string, { path: string[]; entry: TranslatedText }> {
  const out = new Map<string, { path: string[]; entry: TranslatedText }>();
  for (const { path, entry } of entriesOf(file?.json))
    if (isTranslatedText(entry)) out.set(idOf(path), { path, entry });
  return out;
}

/** The English the newer side's translation file translates, or undefined when it has none. */
function englishTexts(defs: Definitions, name: string): SourceText[] | undefined {
  const english = name === 'site.json' ? defs.site : defs.pages.get(name);
  if (english?.json === undefined) return undefined;
  return translationTexts(name, english.json, (schema) => defs.schemas.get(schema)?.json);
}

/** One report per translation file that changed or holds texts left untranslated or stale. */
export function translationChanges(before: Definitions, after: Definitions): PageReport[] {
  const reports: PageReport[] = [];
  const names = [...new Set([...before.translations.keys(), ...after.translations.keys()])].sort();
  for (const name of names) {
    const newer = after.translations.get(name) ?? before.translations.get(name)!;
    const changes: Change[] = [];
    const add = (pointer: string, text: string) => {
      const { line, column } = locate(newer, pointer, true);
      changes.push({
        kind: 'translation',
        text,
        affected: 'no',
        drafts: 'no',
        file: newer.path,
        line,
        column,
      });
    };
    const old = translationsOf(before.translations.get(name));
    const now = translationsOf(after.translations.get(name));
    for (const [id, { path, entry }] of now) {
      const was = old.get(id)?.entry;
      if (!was) add(toPointer(path), `Spanish added for ${id}: "${entry.es}"`);
      else if (was.es !== entry.es)
        add(toPointer(path), `Spanish of ${id}: "${was.es}" → "${entry.es}"`);
    }
    for (const [id, { path, entry }] of old)
      if (!now.has(id)) add(toPointer(path), `Spanish removed for ${id} (was "${entry.es}")`);
    if (after.translations.has(name))
      for (const text of englishTexts(after, name) ?? []) {
        const entry = now.get(idOf(text.path))?.entry;
        if (!entry)
          add(toPointer(text.path), `no Spanish yet for ${idOf(text.path)}: "${text.text}"`);
        else if (entry.en !== text.text)
          add(
            toPointer(text.path),
            `left stale: the English of ${idOf(text.path)} is now "${text.text}"; its Spanish "${entry.es}" was made from "${entry.en}"`,
          );
      }
    if (changes.length)
      reports.push({ id: `es/${name}`, title: `Spanish translation of ${name}`, changes });
  }
  return reports;
}
