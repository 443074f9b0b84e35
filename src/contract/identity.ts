/** The account routes of /public (SPEC §6, §7) and logout. */
import { locales, type Locale } from './locale';
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

/** A language of ours (src/contract/locale.ts). */
const language = { type: 'string', enum: locales } as const;

/**
 * An account call's reply: a message to show, and after a login the address and the account's
 * language (the page reloads in it when the browser's differs: issue 40).
 */
export const accountReply = {
  200: {
    type: 'object',
    properties: { message: { type: 'string' }, username: { type: 'string' }, language },
    required: ['message'],
  },
} as const;

/** PUT /api/profile/language: the signed-in applicant's choice, kept on the account. */
export const languageBody = {
  type: 'object',
  properties: { language },
  required: ['language'],
  additionalProperties: false,
} as const;

export const logoutReply = {
  200: { type: 'object', properties: { message: { type: 'string' } } },
} as const;

export type Credentials = Wire<typeof accountBodies.signup>;
export type ConfirmBody = Wire<typeof accountBodies.confirm>;
export type UsernameBody = Wire<typeof accountBodies.forgotPassword>;
export type ResetPasswordBody = Wire<typeof accountBodies.resetPassword>;
export type LanguageBody = Wire<typeof languageBody>;
export type LoginResponse = Wire<(typeof accountReply)[200]> & {
  username: string;
  language: Locale;
};
