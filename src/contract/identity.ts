/** The account routes of /public (SPEC §6, §7) and logout. */
import type { Wire } from './wire';

/**
 * Structural JSON Schemas for Fastify (types and size caps, checked before a handler runs); the
 * rules and messages themselves come from the same compiled schemas the client uses. No field
 * holds a NUL character: no address or secret has one, and PostgreSQL cannot store or compare one.
 */
const field = { type: 'string', maxLength: 1024, pattern: '^[^\\u0000]*$' } as const;

function body<const F extends readonly string[]>(...fields: F) {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, field])) as {
      [K in F[number]]: typeof field;
    },
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

/** An account call's reply: a message to show, and the address after a login. */
export const accountReply = {
  200: {
    type: 'object',
    properties: { message: { type: 'string' }, username: { type: 'string' } },
    required: ['message'],
  },
} as const;

export const logoutReply = {
  200: { type: 'object', properties: { message: { type: 'string' } } },
} as const;

export type Credentials = Wire<typeof accountBodies.signup>;
export type ConfirmBody = Wire<typeof accountBodies.confirm>;
export type UsernameBody = Wire<typeof accountBodies.forgotPassword>;
export type ResetPasswordBody = Wire<typeof accountBodies.resetPassword>;
export type LoginResponse = Wire<(typeof accountReply)[200]> & { username: string };
