/**
 * Whole page loads from the server, for a change of language (their own module, so a test can
 * stand in for them): a page's language is fixed for its life.
 */

/** Loads this page again. */
export function reloadPage(): void {
  window.location.reload();
}

/** Loads `url` (a path of the application) as a new page. */
export function loadPage(url: string): void {
  window.location.assign(url);
}
