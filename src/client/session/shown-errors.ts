import type { FormState } from '../../engine/definitions';
import { errorSummary, type ErrorSummary } from '../../engine/error-summary';
import { loadedPages } from '../../forms/page-definitions';
import { pageValidator } from '../form/page-validators';
import { mergeErrors, validateApplication } from '../../engine/page-validation';
import { hasErrors, type FieldErrors } from '../../engine/validation';
import { showsErrors, type WebStatus } from '../../engine/web-status';
import { noShownErrors } from './application-session';

/** The errors the shell shows: every page's, and the summary of them (SPEC §2, §4). */
export interface ShownErrors {
  /** The summary shows (and the page title starts with "Error: "). */
  showing: boolean;
  byKey: FieldErrors;
  summary: ErrorSummary;
}

/** The page being edited and its errors as the form store has them: not validated twice. */
export interface EditedPageErrors {
  pageId: string;
  errors: FieldErrors;
}

/**
 * Nothing shows unless the status is validating. The client's own check of every page is live;
 * the server's answer to a refused submit stands in only when the client finds nothing (the
 * two run the same validators, so this is the rare case of answers changed elsewhere). The page
 * being edited, when given, takes the form store's errors.
 */
export function shownErrors(
  state: FormState,
  status: WebStatus | null,
  serverErrors: FieldErrors | null,
  now?: Date,
  edited?: EditedPageErrors,
): ShownErrors {
  if (!showsErrors(status)) return noShownErrors;
  // Every page's definition loads with the validators, before errors can show (form-loader.tsx).
  const formPages = loadedPages() ?? [];
  const context = now ? { now } : {};
  const byPage: Record<string, FieldErrors> = {};
  for (const page of formPages) {
    if (page.id === edited?.pageId) byPage[page.id] = edited.errors;
    else Object.assign(byPage, validateApplication([page], pageValidator, state, context));
  }
  let byKey = mergeErrors(byPage);
  if (!hasErrors(byKey) && serverErrors) byKey = serverErrors;
  const summary = errorSummary(formPages, byKey);
  return { showing: summary.pages.length > 0, byKey, summary };
}

const sameMessages = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((message, i) => message === b[i]);

/** Whether two results show the same errors (the summary follows from `byKey`). */
function sameShownErrors(a: ShownErrors, b: ShownErrors): boolean {
  if (a.showing !== b.showing) return false;
  const keys = Object.keys(a.byKey);
  if (keys.length !== Object.keys(b.byKey).length) return false;
  return keys.every((key) => sameMessages(a.byKey[key], b.byKey[key]));
}

/**
 * A filter that hands back its previous result while the errors stay the same, so a keystroke
 * that fixes nothing gives the shell the same object and re-renders none of it.
 */
export function keepSameErrors(): (next: ShownErrors) => ShownErrors {
  let last = noShownErrors;
  return (next) => (sameShownErrors(last, next) ? last : (last = next));
}

/** The submit endpoint's `{"pageId.field": messages}` as field → messages. */
export function fieldErrorsFromServer(errors: Record<string, string[]>): FieldErrors {
  const result: FieldErrors = {};
  for (const [name, messages] of Object.entries(errors)) {
    const field = name.includes('.') ? name.slice(name.indexOf('.') + 1) : name;
    if (messages.length) result[field] = [...new Set([...(result[field] ?? []), ...messages])];
  }
  return result;
}
