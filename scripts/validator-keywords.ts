import type Ajv from 'ajv';

/**
 * Custom keywords of our validation schemas. Each is defined with a `code` generator (never
 * `validate`), because AJV standalone can only emit code, not carry functions across.
 */
export function addCustomKeywords(_ajv: Ajv): void {
  // Date-relative keywords are added by the form language (issue [forms]).
}
