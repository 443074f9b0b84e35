/**
 * Changing answers: setting one answer clears the selects that depend on it (SPEC §4 "Changing
 * a dependent field clears the dependent select value and its _desc") and then whatever a
 * condition now hides. Switching tabs says what to clear and which file to delete.
 */
import type { Answers, FormState, PageDefinition, TabsQuestion } from './definitions';
import { pageFields, type PageField } from './page-fields';
import { clearHidden, clearKeys, descKey } from './visibility';

/** The keys a field's value depends on: its `dependsOn` list and the answer choosing its options. */
export function dependenciesOf(field: PageField): string[] {
  const { options, dependsOn = [] } = field.question;
  const byAnswer =
    options && typeof options === 'object' && 'byAnswer' in options ? [options.byAnswer] : [];
  return [...dependsOn, ...byAnswer];
}

/**
 * Sets one answer (and its `_desc` when given), clears its dependents when the value changed,
 * then clears the answers a condition now hides. Never mutates the answers passed in.
 */
export function setAnswer(
  page: PageDefinition,
  answers: Answers,
  key: string,
  value: string,
  desc?: string,
): Answers {
  const changed = (answers[key] ?? '') !== value;
  let next: Answers = { ...answers, [key]: value };
  if (desc !== undefined) next[descKey(key)] = desc;
  if (changed) {
    const dependents = pageFields(page)
      .filter((field) => field.key !== key && dependenciesOf(field).includes(key))
      .map((field) => field.key);
    next = clearKeys(next, dependents);
  }
  return clearHidden(page, next);
}

export interface TabSwitch {
  /** Answers to clear (the chosen tab's `clears` list). */
  clear: string[];
  /** The document the tab being left owns, to delete after the conversion check. */
  deleteFile?: string;
}

/** What switching a tabs question from one tab to another must clear and delete (SPEC §4). */
export function tabSwitch(question: TabsQuestion, from: string, to: string): TabSwitch {
  if (from === to) return { clear: [] };
  const target = question.tabs.find((tab) => tab.id === to);
  const left = question.tabs.find((tab) => tab.id === from);
  const result: TabSwitch = { clear: target?.clears ?? [] };
  if (left?.file) result.deleteFile = left.file;
  return result;
}

/** Applies a tab switch to the state: records the chosen tab and clears its listed answers. */
export function switchTab(state: FormState, question: TabsQuestion, to: string): FormState {
  const from = state.tabs?.[question.id] ?? question.tabs[0]?.id ?? '';
  const { clear } = tabSwitch(question, from, to);
  return {
    ...state,
    answers: clearKeys(state.answers, clear),
    tabs: { ...state.tabs, [question.id]: to },
  };
}
