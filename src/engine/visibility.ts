/**
 * Visibility of fields, and clearing what a condition hides (ARCHITECTURE decision 3): a field
 * whose condition fails loses its answer and its `_desc` companion. Tabs and add-another blocks
 * hide without clearing: a tab clears only the keys it lists when chosen (SPEC §4 "Tabs"), and a
 * block count only grows.
 */
import { evaluateCondition } from './conditions';
import type { Answers, FormState, PageDefinition } from './definitions';
import { pageFields, type PageField } from './page-fields';

/** The `_desc` companion key of an answer key (SPEC §3). */
export const descKey = (key: string): string => `${key}_desc`;

/** The chosen tab of a tabs question (its first tab until the applicant picks another). */
export function chosenTab(state: FormState, tabs: string, defaultTab: string): string {
  return state.tabs?.[tabs] ?? defaultTab;
}

/** The number of add-another blocks shown (default 1). */
export function blockCount(state: FormState, id: string): number {
  return Math.max(1, state.addAnother?.[id] ?? 1);
}

/** Whether every condition of a field holds (the part of visibility that clears answers). */
export function conditionsHold(field: PageField, answers: Answers): boolean {
  return field.conditions.every((condition) => evaluateCondition(condition, answers));
}

/** Whether a field shows: its conditions hold, its tab is chosen, its block number is shown. */
export function isFieldVisible(field: PageField, state: FormState): boolean {
  if (field.tab && chosenTab(state, field.tab.tabs, field.tab.defaultTab) !== field.tab.tab) {
    return false;
  }
  if (field.instance && field.instance.n > blockCount(state, field.instance.id)) return false;
  return conditionsHold(field, state.answers);
}

/** The keys of a page that show in this state, in page order. */
export function visibleKeys(page: PageDefinition, state: FormState): string[] {
  const keys = new Set<string>();
  for (const field of pageFields(page)) if (isFieldVisible(field, state)) keys.add(field.key);
  return [...keys];
}

/**
 * Clears the answers (and `_desc`) of every field a condition hides, repeating until nothing
 * changes, since clearing one answer can hide more. Returns the same object when nothing changed.
 */
export function clearHidden(page: PageDefinition, answers: Answers): Answers {
  const fields = pageFields(page);
  let current = answers;
  for (let pass = 0; pass < fields.length + 1; pass++) {
    // A key asked in two places stays while any of its fields shows.
    const shown = new Set(fields.filter((f) => conditionsHold(f, current)).map((f) => f.key));
    const hidden = fields.filter((f) => !shown.has(f.key)).map((f) => f.key);
    const next = clearKeys(current, hidden);
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** Sets the given keys and their `_desc` companions to '' (returns the same object if all were). */
export function clearKeys(answers: Answers, keys: Iterable<string>): Answers {
  let next: Answers | undefined;
  for (const key of keys) {
    for (const k of [key, descKey(key)]) {
      if (answers[k] !== undefined && answers[k] !== '') {
        next ??= { ...answers };
        next[k] = '';
      }
    }
  }
  return next ?? answers;
}
