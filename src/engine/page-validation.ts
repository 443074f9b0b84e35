/**
 * Validating a page (SPEC §5): the page's compiled schema runs over all answers, and only the
 * errors of fields that show are kept, so a hidden question never blocks the applicant. A choice
 * question's answer must also be one of its options: an answer sent around the form, or one the
 * admissions office has since removed from the list, is an error the applicant can put right.
 */
import type { FormState, KeyedQuestion, PageDefinition } from './definitions';
import { isListedOption } from './option-lists';
import { pageFields, type PageField } from './page-fields';
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
  for (const field of pageFields(page)) addOptionError(errors, field, state, context);
  return errors;
}

/**
 * One field's errors as validatePage gives them in this state, for a keystroke: the field's own
 * slice of the schema when the page's validator carries one (`fields`, scripts/build-validators.ts),
 * else the page's validator read for that field alone. Never throws.
 */
export function validateField(
  page: PageDefinition,
  validator: CompiledValidator,
  state: FormState,
  key: string,
  context: ValidationContext = {},
): string[] {
  const fields = pageFields(page).filter((field) => field.key === key);
  if (!fields.some((field) => isFieldVisible(field, state))) return [];
  const own = validator.fields ? validator.fields[key] : validator;
  const errors: FieldErrors = {};
  const messages = own && validate(own, state.answers, context)[key];
  if (messages?.length) errors[key] = messages;
  for (const field of fields) addOptionError(errors, field, state, context);
  return errors[key] ?? [];
}

/** Adds the not-an-option message to a shown choice field whose answer no option has. */
function addOptionError(
  errors: FieldErrors,
  field: PageField,
  state: FormState,
  context: ValidationContext,
): void {
  const value = state.answers[field.key] ?? '';
  if (value === '' || isChoice(field.question, value, state, context)) return;
  if (!isFieldVisible(field, state)) return;
  const messages = errors[field.key] ?? [];
  const notAnOption = translatedMessage(field.key, notAnOptionMessage, context);
  if (!messages.includes(notAnOption)) errors[field.key] = [...messages, notAnOption];
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
