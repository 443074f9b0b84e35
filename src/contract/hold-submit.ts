/**
 * The page's one inline script, first in index.html's head (vite.config.ts puts it there; the
 * server's Content-Security-Policy allows it by its hash, ops/ops-plugin.ts). A prerendered card
 * is on screen before the application's first script (boot.ts) has run, on a slow connection for
 * seconds; a form submitted then was posted by the browser itself, and the server could only send
 * it back to the card (ops/request-guard.ts), with what was typed lost. This holds such a submit
 * instead: the browser does not post it, and boot.ts takes it over (removing this listener), to
 * submit it again once React has the page.
 *
 * Plain ES5, no module: it runs before anything else, in any browser the page supports.
 */
export const holdSubmitScript =
  '(function(){var h=window.heldSubmit=function(e){e.preventDefault();h.form=e.target;h.submitter=e.submitter||null};document.addEventListener("submit",h,true)})()';

/** What the script leaves on `window` for boot.ts: its listener, and the form it held, if any. */
export interface EarlyHeldSubmit {
  (event: Event): void;
  form?: EventTarget | null;
  submitter?: HTMLElement | null;
}
