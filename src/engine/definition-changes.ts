/**
 * What a change of the form definitions means for one applicant's draft (issue 18): per page,
 * the required questions that now show and are unanswered, the chosen options no longer offered,
 * and the answers to questions the definitions no longer ask. Required is what the page shows
 * (the definition's `required`, evaluated on the answers), the same marker fieldView draws.
 */
import type { FormState, KeyedQuestion, PageDefinition } from './definitions';
import { fieldHref } from './error-summary';
import { isRequired } from './field-view';
import { isListedOption, optionLabel } from './option-lists';
import { fieldIndex, pageFields, type PageField } from './page-fields';
import { isFieldVisible } from './visibility';

/** A question the applicant is pointed to: its key, label and link (`/{page}#{key}`). */
interface ChangedQuestion {
  key: string;
  label: string;
  href: string;
}

/** An answer whose option the list no longer offers; `was` is the option's label as chosen. */
interface ChangedOption extends ChangedQuestion {
  was: string;
}

export interface PageChanges {
  /** The page id, title and route (today's page; a page no longer asked keeps its old ones). */
  page: string;
  title: string;
  route: string;
  /** Required questions that show, are unanswered, and were not required and shown before. */
  added: ChangedQuestion[];
  /** Answers the list offered before and no longer does. */
  options: ChangedOption[];
  /** Keys answered under the old definitions that no page asks any more (kept, never shown). */
  removed: string[];
}

/**
 * The changes one applicant meets between the definitions of their last save (`before`) and
 * today's (`after`), in today's step order; pages with no change are left out.
 */
export function definitionChanges(
  before: readonly PageDefinition[],
  after: readonly PageDefinition[],
  state: FormState,
  now: Date = new Date(),
): PageChanges[] {
  const oldFields = fieldsByKey(before);
  const newKeys = new Set(after.flatMap((page) => pageFields(page).map((field) => field.key)));
  const result: PageChanges[] = [];
  for (const page of [...after].sort((a, b) => a.step - b.step)) {
    const changes = emptyChanges(page);
    for (const field of fieldIndex(page).values()) {
      if (!isFieldVisible(field, state)) continue;
      const link = {
        key: field.key,
        label: field.question.label ?? '',
        href: fieldHref(page, field.key),
      };
      const old = oldFields.get(field.key);
      const value = state.answers[field.key] ?? '';
      if (value === '' && isRequired(field.question, state) && !(old && shownRequired(old, state)))
        changes.added.push(link);
      const was =
        old && value !== ''
          ? droppedOption(old.question, field.question, value, state, now)
          : undefined;
      if (was !== undefined) changes.options.push({ ...link, was });
    }
    changes.removed = removedKeys(before, page.id, newKeys, state);
    result.push(changes);
  }
  // A page today's definitions no longer have: only its removed answers are left to report.
  for (const page of before) {
    if (after.some((p) => p.id === page.id)) continue;
    result.push({ ...emptyChanges(page), removed: removedKeys(before, page.id, newKeys, state) });
  }
  return result.filter((c) => c.added.length + c.options.length + c.removed.length > 0);
}

function emptyChanges(page: PageDefinition): PageChanges {
  return {
    page: page.id,
    title: page.title,
    route: page.route,
    added: [],
    options: [],
    removed: [],
  };
}

/** The first field of each key over all pages (a key belongs to one page: forms:check). */
function fieldsByKey(pages: readonly PageDefinition[]): Map<string, PageField> {
  const byKey = new Map<string, PageField>();
  for (const page of pages)
    for (const [key, field] of fieldIndex(page)) if (!byKey.has(key)) byKey.set(key, field);
  return byKey;
}

/** Whether the applicant was already shown this field as required under the old definitions. */
function shownRequired(old: PageField, state: FormState): boolean {
  return isFieldVisible(old, state) && isRequired(old.question, state);
}

/**
 * The label of the chosen option when the old list offered the answer and today's does not; a
 * dated option that simply passed its day was offered by neither, so is no definition change.
 */
function droppedOption(
  before: KeyedQuestion,
  after: KeyedQuestion,
  value: string,
  state: FormState,
  now: Date,
): string | undefined {
  if (!after.options || !before.options) return undefined;
  const context = { answers: state.answers, now };
  if (isListedOption(after.options, value, context)) return undefined;
  if (!isListedOption(before.options, value, context)) return undefined;
  return optionLabel(before.options, value, context) || value;
}

/** Keys of an old page that hold an answer and that no page of today's definitions asks. */
function removedKeys(
  before: readonly PageDefinition[],
  pageId: string,
  newKeys: ReadonlySet<string>,
  state: FormState,
): string[] {
  const page = before.find((p) => p.id === pageId);
  if (!page) return [];
  return [...fieldIndex(page).keys()].filter(
    (key) => !newKeys.has(key) && (state.answers[key] ?? '') !== '',
  );
}
