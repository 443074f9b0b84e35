/**
 * Validating a page (SPEC §5): the page's compiled schema runs over all answers, and only the
 * errors of fields that show are kept, so a hidden question never blocks the applicant.
 */
import type { FormState, PageDefinition } from './definitions';
import {
  pickErrors,
  validate,
  type CompiledValidator,
  type FieldErrors,
  type ValidationContext,
} from './validation';
import { visibleKeys } from './visibility';

/** All distinct messages per visible field of one page. Never throws. */
export function validatePage(
  page: PageDefinition,
  validator: CompiledValidator,
  state: FormState,
  context: ValidationContext = {},
): FieldErrors {
  return pickErrors(validate(validator, state.answers, context), visibleKeys(page, state));
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
