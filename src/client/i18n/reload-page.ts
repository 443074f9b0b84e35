/** Loads the page again from the server (its own module, so a test can stand in for it). */
export function reloadPage(): void {
  window.location.reload();
}
