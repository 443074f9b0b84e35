/**
 * Every error code the server answers with (the `code` of a non-OK JSON body): the server's
 * catalogue (src/server/errors.ts) is typed by it, so a new code is added here first.
 */
export const errorCodes = [
  'BAD_REQUEST',
  'INVALID_CREDENTIALS',
  'USER_NOT_CONFIRMED',
  'CODE_INVALID',
  'RESET_INVALID',
  'ALREADY_SUBMITTED',
  'SUBMIT_THROUGH_SUBMIT',
  'APPLICATION_INCOMPLETE',
  'TOKEN_INVALID',
  'UNKNOWN_ANSWER_KEYS',
  'UNAUTHORIZED',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'LOOKUP_NOT_FOUND',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_A_FILE_QUESTION',
  'FILE_REJECTED',
  'FILE_TOO_LARGE',
  'UPLOAD_NOT_ISSUED',
  'UPLOAD_MISSING',
  'UPLOAD_FORM_INVALID',
  'UPLOAD_REFUSED',
  'UPLOAD_EXPIRED',
  'UPLOAD_EXISTS',
  'DOCUMENT_NOT_FOUND',
  'PDF_NOT_READY',
  'SERVICE_TOKEN_INVALID',
  'SERVICE_TOKEN_EXPIRED',
  'SERVICE_LINK_REVOKED',
  'STAFF_UNAUTHORIZED',
  'STAFF_FORBIDDEN',
  'RATE_LIMITED',
  'NOT_READY',
  'METRICS_UNAUTHORIZED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];
