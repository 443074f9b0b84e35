import {
  clientErrorLimits,
  scrubReportText,
  type ClientErrorKind,
  type ClientErrorReport,
} from '../../engine/client-error-report';
import { ServerError } from './errors';

declare const __BUILD_ID__: string | undefined;

/** More would only repeat the first ones, or be a loop; the server limits per address too. */
const MAX_REPORTS_PER_PAGE_LOAD = 5;

/** The build the page runs (vite.config.ts defines it), or "unknown" where nothing did. */
const buildId: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unknown';

let sent = 0;
const seen = new Set<string>();
let currentRoute: (() => string) | undefined;

/** Where the application is (the router's path, a memory router's too); set by createApp. */
export function trackRouteForReports(route: () => string): void {
  currentRoute = route;
}

/**
 * Not faults of the page's code: a call the server refused or failed (a ServerError, with the
 * message shown: a 4xx, a conversion that failed, a 5xx the server has logged itself, or no
 * answer at all) and an abort the page asked for.
 */
function isExpected(error: unknown): boolean {
  return (
    error instanceof ServerError || (error instanceof DOMException && error.name === 'AbortError')
  );
}

function describeError(kind: ClientErrorKind, error: unknown): ClientErrorReport {
  // A string is what a window "error" event without an error object carries (its message).
  const message =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : `Non-error thrown: ${typeof error}`;
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const path = (currentRoute?.() ?? window.location.pathname) || '/';
  return {
    kind,
    message: scrubReportText(message, clientErrorLimits.message),
    ...(stack ? { stack: scrubReportText(stack, clientErrorLimits.stack) } : {}),
    route: scrubReportText(path.split(/[?#]/)[0] ?? '/', clientErrorLimits.route),
    buildId: buildId.slice(0, clientErrorLimits.buildId),
  };
}

/**
 * Posts a report of an error the page could not handle to the server, which logs it. Only the
 * error's message and stack, the path and the build go: never answers, query strings or what the
 * error object carries besides. It never throws and never waits: a failing report is dropped
 * (reporting it would loop), as are repeats and those past a few per page load.
 */
export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  try {
    if (isExpected(error) || sent >= MAX_REPORTS_PER_PAGE_LOAD) return;
    const report = describeError(kind, error);
    const key = `${kind}\n${report.message}\n${report.route}`;
    if (seen.has(key)) return;
    seen.add(key);
    sent++;
    // keepalive: the report still goes when the page is being left or reloaded.
    fetch('/public/client-errors', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
    }).catch(() => undefined);
  } catch {
    // Reporting must never become an error of its own.
  }
}

/** Forgets what was sent, as a new page load would (tests). */
export function resetClientErrorReports(): void {
  sent = 0;
  seen.clear();
}
