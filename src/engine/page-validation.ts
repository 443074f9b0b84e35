/**
 * Validating a page (SPEC §5): the page's compiled schema runs over all answers, and only the
 * errors of fields that show are kept, so a hidden question never blocks the applicant. A choice
 * question's answer must also be one of its options: an answer sent around the form, or one the
 * admissions office has since removed from the list, is an error the applicant can put right.
 */
import type { FormState, KeyedQuestion, PageDefinition } from './definitions';
import { isListedOption } from './option-lists';
import { pageFields } from './page-fields';
import {
  pickErrors,
  translatedMessage,
  validate,
  type CompiledValidator,
  type FieldErrors,
  type ValidationContext,
} from './validation';
import { isFieldVisible, visibleKeys } from './visibility';

/** Not in SPEC §5 (it lists no such message): ours, for an answer no option of the list has. */
export const notAnOptionMessage = 'Please choose one of the options in the list.';

/**
 * All distinct messages per visible field of one page. Never throws. `visible` is the page's
 * visibleKeys for this state, when the caller already knows them (the form store keeps them
 * while only answers no condition reads change).
 */
export function validatePage(
  page: PageDefinition,
  validator: CompiledValidator,
  state: FormState,
  context: ValidationContext = {},
  visible: readonly string[] = visibleKeys(page, state),
): FieldErrors {
  const errors = pickErrors(validate(validator, state.answers, context), visible);
  for (const field of pageFields(page)) {
    const value = state.answers[field.key] ?? '';
    if (value === '' || isChoice(field.question, value, state, context)) continue;
    if (!isFieldVisible(field, state)) continue;
    const messages = errors[field.key] ?? [];
    const notAnOption = translatedMessage(field.key, notAnOptionMessage, context);
    if (!messages.includes(notAnOption)) errors[field.key] = [...messages, notAnOption];
  }
  return errors;
}

const checkboxValues = ['true', 'false'];
const yesNoValues = ['Y', 'N'];

/** Whether a value is one the question offers; questions without options take any value. */
function isChoice(
  question: KeyedQuestion,
  value: string,
  state: FormState,
  context: ValidationContext,
): boolean {
  switch (question.type) {
    case 'select':
    case 'radio':
      return question.options === undefined
        ? true
        : isListedOption(question.options, value, { answers: state.answers, now: context.now });
    case 'yes-no':
      return yesNoValues.includes(value);
    case 'checkbox':
    case 'confirm':
      return checkboxValues.includes(value);
    default:
      return true;
  }
}

/** Page id → its errors, for every page that has any (the server's check at submit). */
export function validateApplication(
  pages: readonly PageDefinition[],
  validatorOf: (pageId: string) => CompiledValidator | undefined,
  state: FormState,
  context: ValidationContext = {},
): Record<string, FieldErrors> {
  const result: Record<string, FieldErrors> = {};
  for (const page of pages) {
    const validator = validatorOf(page.id);
    if (!validator) continue;
    const errors = validatePage(page, validator, state, context);
    if (Object.keys(errors).length > 0) result[page.id] = errors;
  }
  return result;
}

/** Every page's errors merged into one map (the shape the validations endpoint receives). */
export function mergeErrors(byPage: Record<string, FieldErrors>): FieldErrors {
  return Object.assign({}, ...Object.values(byPage)) as FieldErrors;
}
