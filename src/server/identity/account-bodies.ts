import type { CompiledValidator } from '../../engine/validation';
import { validate } from '../../engine/validation';
import { passwordRequirements } from '../../engine/password-requirements';
import * as validators from '../../generated/validators.js';
import { AppError, errors } from '../errors';

/**
 * Structural JSON Schemas for Fastify (types and size caps, checked before a handler runs); the
 * rules and messages themselves come from the same compiled schemas the client uses. No field
 * holds a NUL character: no address or secret has one, and PostgreSQL cannot store or compare one.
 */
const field = { type: 'string', maxLength: 1024, pattern: '^[^\\u0000]*$' } as const;

function body(...fields: string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, field])),
    required: fields,
  } as const;
}

export const accountBodies = {
  signup: body('username', 'password'),
  confirm: body('username', 'code'),
  resendConfirm: body('username'),
  login: body('username', 'password'),
  forgotPassword: body('username'),
  resetPassword: body('username', 'password', 'confirm_password', 'id'),
};

export const messageReply = {
  200: {
    type: 'object',
    properties: { message: { type: 'string' }, username: { type: 'string' } },
    required: ['message'],
  },
} as const;

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
