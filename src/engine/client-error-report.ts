/**
 * The report a browser sends when the application failed in it (POST /public/client-errors), so
 * that "The issue that caused you to see this has been logged." (SPEC §2) is true. The client
 * builds it and the server checks it against the same limits and scrubs it again: it says where
 * and how the code failed, never what the applicant typed.
 */

/** Where the failure was caught: the route's fallback screen, an area of the page, one part of a
 * page that can try again (an upload), an uncaught exception, an unhandled promise rejection. */
export const clientErrorKinds = ['route', 'area', 'part', 'uncaught', 'rejection'] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

export interface ClientErrorReport {
  kind: ClientErrorKind;
  /** The error's name and message. */
  message: string;
  /** The stack, when the error had one. */
  stack?: string;
  /** The page's path, without its query string or fragment. */
  route: string;
  /** Which build of the client failed (vite.config.ts's __BUILD_ID__). */
  buildId: string;
}

export const clientErrorLimits = {
  message: 1000,
  stack: 8000,
  route: 300,
  buildId: 64,
  /** The whole body: more than the fields allow together, less than anything worth storing. */
  bodyBytes: 16 * 1024,
} as const;

/** A route: a path and nothing after it. */
export const clientErrorRoutePattern = '^/[^?#\\s]*$';
export const buildIdPattern = '^[A-Za-z0-9._:+-]+$';

// Every run is bounded, so a hostile 8,000-character stack costs a bounded scan at each position
// instead of backtracking over the whole rest of the text (quadratic, on the request thread).
// A longer path still loses its query: the match starts again at a later "/".
const urlQuery = /((?:https?:\/\/|\/)[^\s?#()'"<>]{0,256})[?#][^\s()'"<>]{0,2048}/g;
const email = /[^\s@()<>'"[\]]{1,64}@[^\s@()<>'"[\]]{1,253}\.[^\s@()<>'"[\]]{1,63}/g;

/**
 * Report text without what may be personal: query strings and fragments of URLs (searches,
 * tokens, reset ids) and e-mail addresses; cut to `max` characters.
 */
export function scrubReportText(text: string, max: number): string {
  return text.replace(urlQuery, '$1').replace(email, '[e-mail]').slice(0, max);
}
