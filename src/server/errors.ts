/**
 * The one catalogue of errors the server throws on purpose, each with a stable code, an HTTP
 * status and the message the client shows (SPEC §8 shows the message field of a non-OK response).
 */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  INVALID_CREDENTIALS: { status: 400, message: 'Incorrect username or password.' },
  USER_NOT_CONFIRMED: {
    status: 403,
    message:
      'Your account is not confirmed yet. Enter the code we e-mailed you, or ask for a new one.',
  },
  // One answer for a wrong, an expired and an over-tried code: an unknown address can only ever
  // get "wrong", so a separate "expired" would tell that an unconfirmed account exists.
  CODE_INVALID: {
    status: 400,
    message:
      'That confirmation code is not right or has expired. Check the newest code in your e-mail, or ask for a new one.',
  },
  RESET_INVALID: {
    status: 400,
    message: 'This password reset link is invalid or has expired. Please ask for a new one.',
  },
  ALREADY_SUBMITTED: {
    status: 409,
    message: 'Your application has been submitted and can no longer be changed.',
  },
  SUBMIT_THROUGH_SUBMIT: {
    status: 409,
    message: 'An application becomes submitted only through Submit.',
  },
  APPLICATION_INCOMPLETE: {
    status: 422,
    message: "We're missing some information! Complete the highlighted questions and submit again.",
  },
  TOKEN_INVALID: {
    status: 404,
    message:
      'These saved answers have expired or were already used. Please fill in the form again.',
  },
  UNKNOWN_ANSWER_KEYS: { status: 400, message: 'These answers are not part of the application.' },
  UNAUTHORIZED: {
    status: 401,
    message: 'Your session is invalid. Please clear your cookies and login again.',
  },
  CROSS_ORIGIN: { status: 403, message: 'This request must come from the application itself.' },
  NOT_FOUND: { status: 404, message: 'There is nothing at this address.' },
  LOOKUP_NOT_FOUND: {
    status: 404,
    message: 'We could not find that entry. Please type it in yourself.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'This request must be sent as JSON (Content-Type: application/json).',
  },
  NOT_A_FILE_QUESTION: { status: 400, message: 'There is no file question with this key.' },
  FILE_REJECTED: {
    status: 400,
    message: "The file's content is not a PNG, JPEG, PDF or DOCX file.",
  },
  FILE_TOO_LARGE: {
    status: 413,
    message: 'Your file is too large. The maximum file size is 1 MB.',
  },
  UPLOAD_NOT_ISSUED: {
    status: 400,
    message: 'This upload was not issued to you for this question. Please choose your file again.',
  },
  UPLOAD_MISSING: {
    status: 400,
    message: 'We did not receive your file. Please choose your file again.',
  },
  UPLOAD_FORM_INVALID: {
    status: 400,
    message: 'The upload form is not valid. Please choose your file again.',
  },
  UPLOAD_REFUSED: {
    status: 403,
    message: 'This upload is not allowed: its form was changed. Please choose your file again.',
  },
  UPLOAD_EXPIRED: {
    status: 403,
    message: 'This upload form has expired. Please choose your file again.',
  },
  UPLOAD_EXISTS: { status: 409, message: 'This file has already been received.' },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'There is no converted document for this question.' },
  PDF_NOT_READY: {
    status: 404,
    message: 'The PDF of your application is not ready yet. Please try again in a moment.',
  },
  SERVICE_TOKEN_INVALID: {
    status: 403,
    message: 'This staff link is not valid. Please ask for a new link.',
  },
  SERVICE_TOKEN_EXPIRED: {
    status: 403,
    message: 'This staff link has expired. Please ask for a new link.',
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
  NOT_READY: { status: 503, message: 'This instance is not ready to serve requests.' },
  METRICS_UNAUTHORIZED: {
    status: 401,
    message: 'Metrics need the bearer token configured in METRICS_TOKEN.',
  },
  INTERNAL: {
    status: 500,
    message: "We've encountered an unexpected error at this time. Please try again later.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Field errors, for validation failures: field key → distinct messages. */
    readonly errors?: Record<string, string[]>,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}
