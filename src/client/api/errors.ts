/** The error types of SPEC §8. Every failed call is one of these, so callers branch on the type. */
import type { ErrorCode } from '../../contract/error-codes';

/** The parts of a server error body (`{message, code?, errors?}`) that the client reads. */
export interface ErrorDetails {
  status: number;
  /** The server's code; FAILED marks a conversion that ended FAILED (ConversionFailedError). */
  code?: ErrorCode | 'FAILED';
  errors?: Record<string, string[]>;
}

/** A failed call: carries the message to show, the HTTP status and the server's code and errors. */
export class ServerError extends Error {
  override name = 'ServerError';
  readonly status: number;
  readonly code: ErrorDetails['code'];
  readonly errors: Record<string, string[]> | undefined;

  constructor(message: string, details: ErrorDetails) {
    super(message);
    this.status = details.status;
    this.code = details.code;
    this.errors = details.errors;
  }
}

/** A 401: the session is missing or expired. Handled once, globally (cache cleared, go to /login). */
export class UnauthorizedError extends ServerError {
  override name = 'UnauthorizedError';
}

/**
 * A mistake in the application's own configuration, found while running (SPEC §8): a provider
 * missing around a component, an index.html without its root. The form definitions' own
 * configuration checks (SPEC §5) run earlier, at build time, in forms:check.
 */
export class BadConfigurationError extends Error {
  override name = 'BadConfigurationError';
}
