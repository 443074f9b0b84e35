import type { ErrorCode } from '../contract/error-codes';

interface ErrorDefinition<Code extends ErrorCode = ErrorCode> {
  code: Code;
  status: number;
  /** The text the client shows; each %s is a parameter the throw site passes, in order. */
  message: string;
}

/**
 * The one catalogue of errors the server throws on purpose, as Fastify's lib/errors.js holds its
 * own: each with a stable code, an HTTP status and the message the client shows (SPEC §8 shows
 * the message field of a non-OK response). An entry named by its code is that code's general
 * answer (`new AppError(code)`); the others say more, with parameters (`errors.NAME(...values)`).
 */
export const errorCatalogue = {
  BAD_REQUEST: { code: 'BAD_REQUEST', status: 400, message: 'The request is not valid.' },
  INVALID_CREDENTIALS: {
    code: 'INVALID_CREDENTIALS',
    status: 400,
    message: 'Incorrect username or password.',
  },
  USER_NOT_CONFIRMED: {
    code: 'USER_NOT_CONFIRMED',
    status: 403,
    message:
      'Your account is not confirmed yet. Enter the code we e-mailed you, or ask for a new one.',
  },
  // One answer for a wrong, an expired and an over-tried code: an unknown address can only ever
  // get "wrong", so a separate "expired" would tell that an unconfirmed account exists.
  CODE_ELSEWHERE: {
    code: 'CODE_ELSEWHERE',
    status: 400,
    message:
      'This e-mail address was signed up more than once. Enter your code in the browser you signed up in, or sign up again here.',
  },
  CODE_INVALID: {
    code: 'CODE_INVALID',
    status: 400,
    message:
      'That confirmation code is not right or has expired. Ask for a new code and use the one in that e-mail.',
  },
  RESET_INVALID: {
    code: 'RESET_INVALID',
    status: 400,
    message: 'This password reset link is invalid or has expired. Please ask for a new one.',
  },
  ALREADY_SUBMITTED: {
    code: 'ALREADY_SUBMITTED',
    status: 409,
    message: 'Your application has been submitted and can no longer be changed.',
  },
  SUBMIT_THROUGH_SUBMIT: {
    code: 'SUBMIT_THROUGH_SUBMIT',
    status: 409,
    message: 'An application becomes submitted only through Submit.',
  },
  APPLICATION_INCOMPLETE: {
    code: 'APPLICATION_INCOMPLETE',
    status: 422,
    message: "We're missing some information! Complete the highlighted questions and submit again.",
  },
  TOKEN_INVALID: {
    code: 'TOKEN_INVALID',
    status: 404,
    message:
      'These saved answers have expired or were already used. Please fill in the form again.',
  },
  UNKNOWN_ANSWER_KEYS: {
    code: 'UNKNOWN_ANSWER_KEYS',
    status: 400,
    message: 'These answers are not part of the application.',
  },
  UNAUTHORIZED: {
    code: 'UNAUTHORIZED',
    status: 401,
    message: 'Your session is invalid. Please clear your cookies and login again.',
  },
  CROSS_ORIGIN: {
    code: 'CROSS_ORIGIN',
    status: 403,
    message: 'This request must come from the application itself.',
  },
  NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: 'There is nothing at this address.' },
  LOOKUP_NOT_FOUND: {
    code: 'LOOKUP_NOT_FOUND',
    status: 404,
    message: 'We could not find that entry. Please type it in yourself.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    message: 'This request must be sent as JSON (Content-Type: application/json).',
  },
  NOT_A_FILE_QUESTION: {
    code: 'NOT_A_FILE_QUESTION',
    status: 400,
    message: 'There is no file question with this key.',
  },
  FILE_REJECTED: {
    code: 'FILE_REJECTED',
    status: 400,
    message: "The file's content is not a PNG, JPEG, PDF or DOCX file.",
  },
  FILE_TOO_LARGE: {
    code: 'FILE_TOO_LARGE',
    status: 413,
    message: 'Your file is too large. The maximum file size is 1 MB.',
  },
  UPLOAD_NOT_ISSUED: {
    code: 'UPLOAD_NOT_ISSUED',
    status: 400,
    message: 'This upload was not issued to you for this question. Please choose your file again.',
  },
  UPLOAD_MISSING: {
    code: 'UPLOAD_MISSING',
    status: 400,
    message: 'We did not receive your file. Please choose your file again.',
  },
  UPLOAD_FORM_INVALID: {
    code: 'UPLOAD_FORM_INVALID',
    status: 400,
    message: 'The upload form is not valid. Please choose your file again.',
  },
  UPLOAD_REFUSED: {
    code: 'UPLOAD_REFUSED',
    status: 403,
    message: 'This upload is not allowed: its form was changed. Please choose your file again.',
  },
  UPLOAD_EXPIRED: {
    code: 'UPLOAD_EXPIRED',
    status: 403,
    message: 'This upload form has expired. Please choose your file again.',
  },
  UPLOAD_EXISTS: {
    code: 'UPLOAD_EXISTS',
    status: 409,
    message: 'This file has already been received.',
  },
  DOCUMENT_NOT_FOUND: {
    code: 'DOCUMENT_NOT_FOUND',
    status: 404,
    message: 'There is no converted document for this question.',
  },
  PDF_NOT_READY: {
    code: 'PDF_NOT_READY',
    status: 404,
    message: 'The PDF of your application is not ready yet. Please try again in a moment.',
  },
  APPLICATION_NOT_FOUND: {
    code: 'APPLICATION_NOT_FOUND',
    status: 404,
    message: 'There is no application with this id.',
  },
  PACKET_NOT_READY: {
    code: 'PACKET_NOT_READY',
    status: 409,
    message: 'The submission packet of this application is being prepared. Try again in a moment.',
  },
  SERVICE_TOKEN_INVALID: {
    code: 'SERVICE_TOKEN_INVALID',
    status: 403,
    message: 'This staff link is not valid. Please ask for a new link.',
  },
  SERVICE_TOKEN_EXPIRED: {
    code: 'SERVICE_TOKEN_EXPIRED',
    status: 403,
    message: 'This staff link has expired. Please ask for a new link.',
  },
  SERVICE_LINK_REVOKED: {
    code: 'SERVICE_LINK_REVOKED',
    status: 403,
    message: 'This staff link has been revoked. Please ask for a new link.',
  },
  STAFF_UNAUTHORIZED: {
    code: 'STAFF_UNAUTHORIZED',
    status: 401,
    message: 'Please sign in to the staff console.',
  },
  STAFF_FORBIDDEN: {
    code: 'STAFF_FORBIDDEN',
    status: 403,
    message: 'Your staff role does not allow this.',
  },
  // One answer for an unknown e-mail and a wrong password: the sign-in form tells no one who is staff.
  STAFF_CREDENTIALS_INVALID: {
    code: 'STAFF_CREDENTIALS_INVALID',
    status: 400,
    message: 'Incorrect e-mail address or password.',
  },
  STAFF_TOTP_INVALID: {
    code: 'STAFF_TOTP_INVALID',
    status: 400,
    message:
      'That code is not right or was already used. Enter the 6-digit code your authenticator app shows now.',
  },
  STAFF_TOTP_SET_UP: {
    code: 'STAFF_TOTP_SET_UP',
    status: 409,
    message:
      'Two-step sign-in is already set up for this account. Enter the code your authenticator app shows.',
  },
  STAFF_PASSWORD_CHANGE_REQUIRED: {
    code: 'STAFF_PASSWORD_CHANGE_REQUIRED',
    status: 403,
    message: 'Choose a new password before you go on: the one you were given was temporary.',
  },
  STAFF_PASSWORD_NOT_TEMPORARY: {
    code: 'STAFF_PASSWORD_NOT_TEMPORARY',
    status: 409,
    message: 'Your password has already been changed. Sign in with it.',
  },
  STAFF_PASSWORD_UNCHANGED: {
    code: 'STAFF_PASSWORD_UNCHANGED',
    status: 400,
    message: 'Choose a password different from the temporary one.',
  },
  STAFF_MEMBER_EXISTS: {
    code: 'STAFF_MEMBER_EXISTS',
    status: 409,
    message: 'A staff member with this e-mail address already exists.',
  },
  // The staff e-mail rule (staff-email.ts), the same for the console and `npm run staff`.
  STAFF_EMAIL_INVALID: {
    code: 'BAD_REQUEST',
    status: 400,
    message:
      'A staff e-mail address is letters, digits and . _ + - before the @ (starting with a letter or digit) and a domain name after it: "%s" is not one.',
  },
  STAFF_EMAIL_MISSING: {
    code: 'BAD_REQUEST',
    status: 400,
    message: "Enter the member's e-mail address.",
  },
  // The Applications list's submitted-between filter (issue 44).
  STAFF_DATES_REVERSED: {
    code: 'BAD_REQUEST',
    status: 400,
    message: 'The start date must be on or before the end date.',
  },
  STAFF_MEMBER_NOT_FOUND: {
    code: 'STAFF_MEMBER_NOT_FOUND',
    status: 404,
    message: 'There is no such staff member.',
  },
  STAFF_REMOVE_SELF: {
    code: 'STAFF_REMOVE_SELF',
    status: 409,
    message: 'You cannot remove yourself. Ask another admin to do it.',
  },
  STAFF_ROLE_SELF: {
    code: 'STAFF_ROLE_SELF',
    status: 409,
    message: 'You cannot change your own role. Ask another admin to do it.',
  },
  STAFF_SSO_UNAVAILABLE: {
    code: 'STAFF_SSO_UNAVAILABLE',
    status: 503,
    message:
      'Single sign-on is not available right now: the identity provider did not answer. Sign in with your password, or try again later.',
  },
  RATE_LIMITED: {
    code: 'RATE_LIMITED',
    status: 429,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
  NOT_READY: {
    code: 'NOT_READY',
    status: 503,
    message: 'This instance is not ready to serve requests.',
  },
  METRICS_UNAUTHORIZED: {
    code: 'METRICS_UNAUTHORIZED',
    status: 401,
    message: 'Metrics need the bearer token configured in METRICS_TOKEN.',
  },
  INTERNAL: {
    code: 'INTERNAL',
    status: 500,
    message: "We've encountered an unexpected error at this time. Please try again later.",
  },

  // The same codes, with the detail a caller needs; %s is filled in order by the throw site.
  REQUEST_INVALID: { code: 'BAD_REQUEST', status: 400, message: 'The request is not valid: %s.' },
  PASSWORD_REQUIREMENTS_UNMET: {
    code: 'BAD_REQUEST',
    status: 400,
    message: 'Your password must meet every requirement. Not yet met: %s.',
  },
  LAST_PAGE_UNKNOWN: { code: 'BAD_REQUEST', status: 400, message: 'last_page must be one of %s.' },
  ADD_ANOTHER_UNKNOWN: {
    code: 'BAD_REQUEST',
    status: 400,
    message: 'There is no add-another button "%s".',
  },
  ADD_ANOTHER_TOO_MANY: { code: 'BAD_REQUEST', status: 400, message: '"%s" allows at most %s.' },
  TABS_UNKNOWN: { code: 'BAD_REQUEST', status: 400, message: 'There are no tabs "%s".' },
  TAB_UNKNOWN: {
    code: 'BAD_REQUEST',
    status: 400,
    message: '"%s" has no tab "%s"; choose one of %s.',
  },
  OBJECT_KEY_INVALID: {
    code: 'BAD_REQUEST',
    status: 400,
    message: 'This is not a valid object key.',
  },
  ANSWER_KEYS_UNKNOWN: {
    code: 'UNKNOWN_ANSWER_KEYS',
    status: 400,
    message: 'These answers are not part of the application: %s.',
  },
  // Control characters and bidi overrides in an answer (issue 41): the field's own message, then
  // the save's, naming the fields.
  ANSWER_HIDDEN_CHARACTERS: {
    code: 'BAD_REQUEST',
    status: 400,
    message:
      'This answer holds a hidden control or text-direction character, often pasted in with the text. Type it again without it.',
  },
  ANSWERS_HIDDEN_CHARACTERS: {
    code: 'BAD_REQUEST',
    status: 400,
    message:
      'These answers hold hidden control or text-direction characters, often pasted in with the text: %s. Type them again without them.',
  },
  FIELD_KEYS_UNKNOWN: {
    code: 'UNKNOWN_ANSWER_KEYS',
    status: 400,
    message: 'These fields are not part of the application: %s.',
  },
  FILE_QUESTION_UNKNOWN: {
    code: 'NOT_A_FILE_QUESTION',
    status: 400,
    message: 'There is no file question "%s".',
  },
  UPLOAD_NOT_MULTIPART: {
    code: 'UPLOAD_FORM_INVALID',
    status: 400,
    message: 'The upload must be a multipart/form-data form.',
  },
  UPLOAD_FILE_NOT_LAST: {
    code: 'UPLOAD_FORM_INVALID',
    status: 400,
    message: 'The upload form must end with its file, named "file".',
  },
  UPLOAD_FIELD_INVALID: {
    code: 'UPLOAD_FORM_INVALID',
    status: 400,
    message: 'The upload form\'s field "%s" is not valid.',
  },
  UPLOAD_UNSIGNED: {
    code: 'UPLOAD_FORM_INVALID',
    status: 400,
    message: 'The upload form has no policy or signature.',
  },
  UPLOAD_FIELD_NOT_ALLOWED: {
    code: 'UPLOAD_REFUSED',
    status: 403,
    message: 'The upload form has a field its policy does not allow: %s.',
  },
  APPLICANT_ID_UNKNOWN: {
    code: 'NOT_FOUND',
    status: 404,
    message: 'There is no applicant with the account id %s.',
  },
  APPLICANT_EMAIL_UNKNOWN: {
    code: 'NOT_FOUND',
    status: 404,
    message: 'No applicant has the e-mail address %s.',
  },
  LINK_UNKNOWN: { code: 'NOT_FOUND', status: 404, message: 'There is no service link %s.' },
  DATA_REQUEST_UNCONFIRMED: {
    code: 'BAD_REQUEST',
    status: 400,
    message:
      'To confirm, type the applicant\'s e-mail address again exactly: "%s" does not match "%s".',
  },
  AUDIT_DATES_REVERSED: {
    code: 'BAD_REQUEST',
    status: 400,
    message: 'The "from" date (%s) must not be after the "to" date (%s).',
  },
  PACKET_NOT_SUBMITTED: {
    code: 'PACKET_NOT_READY',
    status: 409,
    message: 'This application has not been submitted, so it has no submission packet.',
  },
  NOT_READY_DRAINING: {
    code: 'NOT_READY',
    status: 503,
    message: 'This instance is not ready to serve requests. It is shutting down.',
  },
  NOT_READY_UNAVAILABLE: {
    code: 'NOT_READY',
    status: 503,
    message: 'This instance is not ready to serve requests. Unavailable: %s.',
  },
} as const satisfies { [Code in ErrorCode]: ErrorDefinition<Code> } & Record<
  string,
  ErrorDefinition
>;

export type { ErrorCode };
export type ErrorName = keyof typeof errorCatalogue;

/** The values a message template asks for: one per %s. */
type Params<Template extends string> = Template extends `${string}%s${infer Rest}`
  ? [value: string | number, ...Params<Rest>]
  : [];

/** The catalogue entry an error's message was made from, so it can be said in another language. */
export interface ErrorText {
  name: ErrorName;
  params: ReadonlyArray<string | number>;
}

export class AppError extends Error {
  readonly status: number;
  /** The entry and values of a catalogue message; undefined when the thrower wrote its own. */
  readonly text?: ErrorText;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Field errors, for validation failures: field key → distinct messages. */
    readonly errors?: Record<string, string[]>,
    status?: number,
    text?: ErrorText,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.status = status ?? errorCatalogue[code].status;
    this.text = message === undefined ? { name: code, params: [] } : text;
  }

  /** The same error, naming each field's problems (field key → distinct messages). */
  withFields(errors: Record<string, string[]>): AppError {
    return new AppError(this.code, this.message, errors, this.status, this.text);
  }
}

function format(template: string, params: ReadonlyArray<string | number>): string {
  let next = 0;
  return template.replace(/%s/g, () => String(params[next++]));
}

function factory(name: ErrorName) {
  const { code, status, message } = errorCatalogue[name];
  return (...params: Array<string | number>) =>
    new AppError(code, format(message, params), undefined, status, { name, params });
}

/** One factory per catalogue entry, its message filled in: `throw errors.TABS_UNKNOWN(id)`. */
export const errors = Object.fromEntries(
  Object.keys(errorCatalogue).map((name) => [name, factory(name as ErrorName)]),
) as {
  [Name in ErrorName]: (...params: Params<(typeof errorCatalogue)[Name]['message']>) => AppError;
};
