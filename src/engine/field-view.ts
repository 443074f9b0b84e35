/**
 * What a question component draws, decided by the engine (STYLE.md "The engine decides,
 * components draw"): visibility, label, required marker, error text and the ids that tie hint
 * and error to the input through aria-describedby.
 */
import { evaluateCondition } from './conditions';
import type { FormState, KeyedQuestion, PageDefinition } from './definitions';
import { fieldIndex } from './page-fields';
import { defaultMaxLength } from './question-types';
import type { FieldErrors } from './validation';
import { isFieldVisible } from './visibility';
import { showsErrors, type WebStatus } from './web-status';

export interface FieldView {
  key: string;
  visible: boolean;
  label: string;
  hint?: string;
  required: boolean;
  /**
   * Where the input stops taking characters (SPEC §9: text 45, text area 1500 unless the question
   * sets one); none when the question lets the applicant type past its limit
   * (`maxLengthMode: "show-message"`), the page schema's maxLength rule then telling them.
   */
  maxLength?: number;
  /** The messages shown (none unless the web status is validating). */
  errors: string[];
  errorText?: string;
  hintId: string;
  errorId: string;
  /** Space-separated ids for aria-describedby, or undefined when there is nothing to point at. */
  describedBy?: string;
}

export const hintId = (key: string): string => `${key}-hint`;
const errorId = (key: string): string => `${key}-error`;

/** The view of one answer key of a page; a key the page does not ask is not visible. */
export function fieldView(
  page: PageDefinition,
  key: string,
  state: FormState,
  errors: FieldErrors,
  status: WebStatus | null,
): FieldView {
  const field = fieldIndex(page).get(key);
  if (!field) {
    return {
      key,
      visible: false,
      label: '',
      required: false,
      errors: [],
      hintId: hintId(key),
      errorId: errorId(key),
    };
  }
  const visible = isFieldVisible(field, state);
  const messages = visible && showsErrors(status) ? (errors[key] ?? []) : [];
  const { hint } = field.question;
  const describedBy = [hint ? hintId(key) : '', messages.length ? errorId(key) : '']
    .filter(Boolean)
    .join(' ');
  const view: FieldView = {
    key,
    visible,
    label: field.question.label ?? '',
    required: isRequired(field.question, state),
    errors: messages,
    hintId: hintId(key),
    errorId: errorId(key),
  };
  const maxLength = field.question.maxLength ?? defaultMaxLength(field.question.type);
  if (maxLength !== undefined && field.question.maxLengthMode !== 'show-message')
    view.maxLength = maxLength;
  if (hint) view.hint = hint;
  if (messages.length) view.errorText = messages.join(' ');
  if (describedBy) view.describedBy = describedBy;
  return view;
}

/** Whether a question shows as required: `required: true`, or a condition that holds. */
export function isRequired(question: KeyedQuestion, state: FormState): boolean {
  const { required } = question;
  if (required === undefined || typeof required === 'boolean') return required === true;
  return evaluateCondition(required, state.answers);
}
