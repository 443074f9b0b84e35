/**
 * What a reviewer reads in place of codes: each answer key's question label and its options'
 * labels, from one side's pages, so forms:diff can say `Intended major is Music (MUS)` rather
 * than `applied_major is "MUS"`.
 */
import type { OptionItem, OptionSource, Scalar } from '../../src/engine/definitions';
import { resolveOptions } from '../../src/engine/option-lists';
import type { Field } from './page-changes';

interface Term {
  label?: string;
  options: OptionItem[];
}

/** Answer key → its question's label and options (every page of one side). */
export type Vocabulary = ReadonlyMap<string, Term>;

// The engine's yes-no questions offer these when they name no options of their own.
const yesNo: OptionItem[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];
// A checkbox stores "true" when ticked.
const checkbox: OptionItem[] = [{ value: 'true', label: 'ticked' }];

/** The options of a source as an author sees them: inline as written, named lists as of `now`. */
export function optionItems(source: OptionSource | undefined, now: Date): OptionItem[] {
  if (source === undefined) return [];
  if (Array.isArray(source)) return source;
  if (typeof source === 'object' && 'byAnswer' in source) {
    const cases = Object.values(source.cases);
    if (source.default !== undefined) cases.push(source.default);
    const byValue = new Map(cases.flatMap((c) => optionItems(c, now)).map((o) => [o.value, o]));
    return [...byValue.values()];
  }
  return resolveOptions(source, { now }).filter((o) => o.value !== '');
}

/** The vocabulary of every page's fields of one side. */
export function vocabularyOf(pages: Iterable<ReadonlyMap<string, Field>>, now: Date): Vocabulary {
  const out = new Map<string, Term>();
  for (const fields of pages)
    for (const [key, { field }] of fields) {
      const q = field.question;
      const options =
        q.type === 'yes-no' && !q.options
          ? yesNo
          : q.type === 'checkbox'
            ? checkbox
            : optionItems(q.options, now);
      out.set(key, { label: q.label, options });
    }
  return out;
}

/** A question by its label when it has one (`Intended major`), else by its key. */
export function questionName(vocabulary: Vocabulary, key: string): string {
  return vocabulary.get(key)?.label ?? key;
}

/** An option by its label and code (`Music (MUS)`): a reader knows the label, a search the code. */
export function optionName(option: OptionItem): string {
  return option.label === option.value ? option.label : `${option.label} (${option.value})`;
}

/** An answer value in words: the option it names when the question offers it, else quoted. */
export function valueName(vocabulary: Vocabulary, key: string, value: Scalar): string {
  const option = vocabulary.get(key)?.options.find((o) => o.value === String(value));
  if (option) return optionName(option);
  return typeof value === 'string' ? `"${value}"` : String(value);
}
