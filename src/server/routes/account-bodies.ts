import type { CompiledValidator } from '../../engine/validation';
import { validate } from '../../engine/validation';
import { passwordRequirements } from '../../engine/password-requirements';
import * as validators from '../../generated/validators.js';
import { AppError } from '../errors';

/** Throws a 400 naming every problem when the body breaks its account schema (SPEC §5). */
export function assertValid(validator: CompiledValidator, data: unknown): void {
  const errors = validate(validator, data);
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  const first = errors[fields[0]!]!;
  const unmet = first.filter((m) => (passwordRequirements as readonly string[]).includes(m));
  const message =
    unmet.length > 0
      ? `Your password must meet every requirement. Not yet met: ${unmet.join('; ')}.`
      : first[0]!;
  throw new AppError('BAD_REQUEST', message, errors);
}

export { validators };
