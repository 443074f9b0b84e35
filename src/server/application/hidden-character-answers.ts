import { hasHiddenCharacters } from '../../engine/hidden-characters';
import { pageFields } from '../../engine/page-fields';
import { errorCatalogue, errors } from '../errors';
import type { FormsRuntime } from './forms-runtime';

type Pages = Pick<FormsRuntime, 'pages'>;

/**
 * Per forms: the keys of multi-line questions (text areas), the only answers where TAB and LF
 * belong, and the page of each key (where a submission's field error goes).
 */
const shapes = new WeakMap<Pages, { keys: Set<string>; pages: Map<string, string> }>();
function shapeOf(forms: Pages) {
  let shape = shapes.get(forms);
  if (!shape) {
    shape = { keys: new Set(), pages: new Map() };
    for (const page of forms.pages) {
      for (const field of pageFields(page)) {
        if (field.question.type === 'textarea') shape.keys.add(field.key);
        if (!shape.pages.has(field.key)) shape.pages.set(field.key, page.id);
      }
    }
    shapes.set(forms, shape);
  }
  return shape;
}

/** The keys of the answers holding a character no answer may hold (engine/hidden-characters.ts). */
export function keysWithHiddenCharacters(
  forms: Pages,
  answers: Readonly<Record<string, string>>,
): string[] {
  const { keys } = shapeOf(forms);
  return Object.entries(answers)
    .filter(([key, value]) => hasHiddenCharacters(value, keys.has(key)))
    .map(([key]) => key);
}

/**
 * Refuses a save (or a visitor's answers) when a free-text answer holds a control character or a
 * bidi override (issue 41, F10): a 400 with the catalogue's message naming the fields, each field
 * with its own message, so the page shows it beside the question. Applied to every answer: no
 * option code or date holds one either, so nothing typed by hand escapes it.
 */
export function assertNoHiddenCharacters(
  forms: Pages,
  answers: Readonly<Record<string, string>>,
): void {
  const found = keysWithHiddenCharacters(forms, answers);
  if (found.length === 0) return;
  const message = errorCatalogue.ANSWER_HIDDEN_CHARACTERS.message;
  throw errors
    .ANSWERS_HIDDEN_CHARACTERS(found.slice(0, 10).join(', '))
    .withFields(Object.fromEntries(found.map((key) => [key, [message]])));
}

/**
 * The field errors of a submission with those of stored answers that hold such a character (saved
 * before the rule, or by some other way in) added to their pages, so submit refuses them as it
 * refuses a missing answer and the error summary links to each.
 */
export function withHiddenCharacterErrors(
  forms: Pages,
  answers: Readonly<Record<string, string>>,
  fieldErrors: Record<string, Record<string, string[]>>,
): Record<string, Record<string, string[]>> {
  const found = keysWithHiddenCharacters(forms, answers);
  if (found.length === 0) return fieldErrors;
  const { pages } = shapeOf(forms);
  const message = errorCatalogue.ANSWER_HIDDEN_CHARACTERS.message;
  const merged = { ...fieldErrors };
  for (const key of found) {
    const page = pages.get(key) ?? '';
    const fields = { ...merged[page] };
    fields[key] = [...new Set([...(fields[key] ?? []), message])];
    merged[page] = fields;
  }
  return merged;
}
