/** Staff sign-in and staff members (issue 17), under /api/staff. */
import { allRequired, type Wire, string } from './wire';

const email = { type: 'string', minLength: 1, maxLength: 254, pattern: '^[^\\u0000]*$' } as const;
const role = { type: 'string', enum: ['reader', 'admin'] } as const;
const noContent = { 204: { type: 'null' } } as const;

/** GET /sign-in-options: whether the login page offers single sign-on. */
export const signInOptionsReply = { 200: allRequired({ oidc: { type: 'boolean' } }) } as const;

const password = {
  type: 'string',
  minLength: 1,
  maxLength: 1024,
  pattern: '^[^\\u0000]*$',
} as const;

/** POST /login: the password step. */
export const staffLoginBody = allRequired({ email, password });
/**
 * What comes next: replacing a generated password (POST /password), then the TOTP step: setting
 * up a new authenticator, or giving a code from it.
 */
export const staffLoginReply = {
  200: allRequired({ next: { type: 'string', enum: ['password-change', 'totp-setup', 'totp'] } }),
} as const;

/** GET /totp/setup: the secret to enrol, as a URI, a QR code (SVG markup) and text to type. */
export const totpSetupReply = {
  200: allRequired({
    otpauthUri: string,
    qrSvg: string,
    secret: string,
  }),
} as const;

/** POST /totp: the code; spaces are allowed, as apps show "123 456". */
/** POST /password: the member's own password in place of the generated one. */
export const newPasswordBody = allRequired({ password });
/** After it, the TOTP step. */
export const newPasswordReply = {
  200: allRequired({ next: { type: 'string', enum: ['totp-setup', 'totp'] } }),
} as const;

export const totpBody = allRequired({ code: { type: 'string', minLength: 1, maxLength: 16 } });

/** The signed-in member: POST /totp and GET /me. */
export const staffMeReply = { 200: allRequired({ email: string, role }) } as const;

export const logoutReply = noContent;

/** GET /oidc/callback: what the provider sends back (it may add parameters of its own). */
export const oidcCallbackQuery = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 4096 },
    state: { type: 'string', maxLength: 1024 },
    error: { type: 'string', maxLength: 1024 },
  },
} as const;
export const redirectReply = { 302: { type: 'null' } } as const;

const member = allRequired({
  id: string,
  email: string,
  role,
  createdAt: string,
  totp: { type: 'boolean' },
});
export const membersReply = {
  200: allRequired({ members: { type: 'array', items: member } }),
} as const;

/**
 * A new member's address: bounded here, judged by the staff e-mail rule (staff-email.ts), so an
 * empty or wrong one is answered with the catalogue's own words, not the schema validator's.
 */
const memberEmail = { type: 'string', maxLength: 1000 } as const;
export const addMemberBody = allRequired({ email: memberEmail, role });
/** The new member's password, shown once to the admin who hands it on. */
export const addMemberReply = {
  201: allRequired({
    id: string,
    email: string,
    role,
    temporaryPassword: string,
  }),
} as const;

export const memberParams = allRequired({
  id: { type: 'string', maxLength: 64, pattern: '^[^\\u0000]*$' },
});
export const removeMemberReply = noContent;

export type SignInOptions = Wire<(typeof signInOptionsReply)[200]>;
export type StaffLoginBody = Wire<typeof staffLoginBody>;
export type StaffLoginResponse = Wire<(typeof staffLoginReply)[200]>;
export type TotpSetup = Wire<(typeof totpSetupReply)[200]>;
export type TotpBody = Wire<typeof totpBody>;
export type NewPasswordBody = Wire<typeof newPasswordBody>;
export type NewPasswordResponse = Wire<(typeof newPasswordReply)[200]>;
export type StaffMe = Wire<(typeof staffMeReply)[200]>;
export type MembersResponse = Wire<(typeof membersReply)[200]>;
export type AddMemberBody = Wire<typeof addMemberBody>;
export type AddMemberResponse = Wire<(typeof addMemberReply)[201]>;
export type MemberParams = Wire<typeof memberParams>;
