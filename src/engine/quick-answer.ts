/**
 * Setting an answer nothing reacts to, cheaply: the result of setAnswer (answer-changes.ts)
 * without its page-wide pass, for the keystrokes of a field that no condition, dependent select
 * or option list reads. The form store uses it so typing stays fast on long pages.
 */
import { dependenciesOf, setAnswer } from './answer-changes';
import { conditionKeys } from './conditions';
import type { Answers, PageDefinition } from './definitions';
import { pageFields, type PageField } from './page-fields';
import { conditionsHold, descKey } from './visibility';

interface PageIndex {
  /** Keys a condition reads or a field's value depends on. */
  reactive: Set<string>;
  /** Every field asking each key (a key may be asked in more than one place). */
  fieldsOf: Map<string, PageField[]>;
}

const indexes = new WeakMap<PageDefinition, PageIndex>();

function indexOf(page: PageDefinition): PageIndex {
  let index = indexes.get(page);
  if (!index) {
    index = { reactive: new Set(), fieldsOf: new Map() };
    for (const field of pageFields(page)) {
      for (const condition of field.conditions)
        for (const key of conditionKeys(condition)) index.reactive.add(key);
      for (const key of dependenciesOf(field)) index.reactive.add(key);
      const list = index.fieldsOf.get(field.key) ?? [];
      list.push(field);
      index.fieldsOf.set(field.key, list);
    }
    indexes.set(page, index);
  }
  return index;
}

/** The keys of a page whose change can hide a field, clear a dependent or change a list. */
export const reactiveKeys = (page: PageDefinition): ReadonlySet<string> => indexOf(page).reactive;

/**
 * setAnswer for `clean` answers (ones setAnswer returned, so nothing hidden holds an answer).
 * When neither the key nor its `_desc` is reactive and a field asking the key shows (or the page
 * does not ask it), setAnswer would change only the answer and its `_desc`: so only they change.
 * Otherwise, or for answers that may not be clean, it is setAnswer itself.
 */
export function setAnswerQuickly(
  page: PageDefinition,
  answers: Answers,
  key: string,
  value: string,
  desc: string | undefined,
  clean: boolean,
): Answers {
  const { reactive, fieldsOf } = indexOf(page);
  const fields = fieldsOf.get(key) ?? [];
  const quiet =
    clean &&
    !reactive.has(key) &&
    (desc === undefined || !reactive.has(descKey(key))) &&
    (fields.length === 0 || fields.some((field) => conditionsHold(field, answers)));
  if (!quiet) return setAnswer(page, answers, key, value, desc);
  const next: Answers = { ...answers, [key]: value };
  if (desc !== undefined) next[descKey(key)] = desc;
  return next;
}
