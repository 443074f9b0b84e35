import type { CompiledValidator } from '../../engine/validation';
import { validate } from '../../engine/validation';
import { passwordRequirements } from '../../engine/password-requirements';
import * as validators from '../../generated/validators.js';
import { AppError, errors } from '../errors';

/** Throws a 400 naming every problem when the body breaks its account schema (SPEC §5). */
export function assertValid(validator: CompiledValidator, data: unknown): void {
  const problems = validate(validator, data);
  const fields = Object.keys(problems);
  if (fields.length === 0) return;
  const first = problems[fields[0]!]!;
  const unmet = first.filter((m) => (passwordRequirements as readonly string[]).includes(m));
  const error =
    unmet.length > 0
      ? errors.PASSWORD_REQUIREMENTS_UNMET(unmet.join('; '))
      : new AppError('BAD_REQUEST', first[0]!);
  throw error.withFields(problems);
}

export { validators };
