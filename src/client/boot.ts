/**
 * The page's entry script, kept small: it lets the browser paint what the server sent (a
 * prerendered page, or nothing yet) before the application's scripts are evaluated, which on a
 * slow phone takes a few hundred milliseconds of main thread (react-dom alone is 190 KB). Those
 * scripts are already being fetched: index.html preloads them (vite.config.ts). Meanwhile, edits
 * made to a prerendered page (from before this script ran, too) are noted, to be handed to React
 * once it has hydrated, and a form is not submitted by the browser itself (it would post the card
 * to the page's own address): the submit is held and made again once React has the page (one
 * made before this script ran, too: src/contract/hold-submit.ts).
 */
import './styles/global.css';
import { reportClientError } from './api/report-client-error';
import { activateLocale, documentLocale } from './i18n/i18n';
import { fallbackTexts } from './messages';
import { keepEarlyEdits } from './prerender/early-edits';
import { loadFormLanguage } from '../forms/form-language';
import type { EarlyHeldSubmit } from '../contract/hold-submit';

const root = document.getElementById('root');
// Kept until the application has the page, however slowly its scripts arrive.
const replayEarlyEdits = root?.firstChild ? keepEarlyEdits(root, 120_000) : () => Promise.resolve();
/** A form submitted before React had the page, submitted again once it has. */
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
const holdSubmit = (event: Event) => {
  event.preventDefault();
  if (event.target instanceof HTMLFormElement)
    held = { form: event.target, submitter: (event as SubmitEvent).submitter };
};
document.addEventListener('submit', holdSubmit, true);
// Held from here on; one submitted before this script ran was held by the page's inline script
// (src/contract/hold-submit.ts), whose listener goes now.
const early = (window as Window & { heldSubmit?: EarlyHeldSubmit }).heldSubmit;
if (early) {
  document.removeEventListener('submit', early, true);
  if (early.form instanceof HTMLFormElement) {
    held = { form: early.form, submitter: early.submitter ?? null };
  }
}

/** The held submit, for React now (the button pressed, if it is still the form's). */
function submitHeld(): void {
  const { form, submitter } = held ?? {};
  held = undefined;
  if (!form?.isConnected) return;
  const button =
    submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null;
  form.requestSubmit(button);
}

/** The application could not load (a network failure, a deploy that removed its chunks). */
function showLoadFailure(error: unknown): void {
  reportClientError('uncaught', error);
  const element = (tag: string, className: string, text = '') => {
    const node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  };
  const alert = element('div', 'fallback-message');
  alert.setAttribute('role', 'alert');
  const texts = fallbackTexts();
  alert.append(element('h1', 'page__title', texts.heading), element('p', '', texts.body));
  const main = element('main', 'page');
  main.id = 'main-content';
  main.append(alert);
  root?.replaceChildren(main);
}

/**
 * The page's language, which the server chose (`<html lang>`, src/server/client-shell.ts): for
 * any but English, its catalogue and the definitions' texts load before the application renders
 * (side by side; English loads neither). Fixed for the page's life: a change of language reloads.
 */
function loadLanguage(): Promise<void> {
  const locale = documentLocale();
  if (locale === 'en') return Promise.resolve();
  return Promise.all([activateLocale(locale), loadFormLanguage(locale)]).then(() => undefined);
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  loadLanguage()
    // React's chunk first, the application in the next task: evaluated in one task, they held
    // the main thread for 70–90 ms at 4× CPU; apart, the page answers input in between, and the
    // application's part is no long task (over 50 ms) of its own (issue 43).
    .then(() => import('./early-react'))
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./main'))
    .then(({ startApplication }) => startApplication(replayEarlyEdits))
    .then(() => {
      // React handles submits from here on (hydrating a form first if it must).
      document.removeEventListener('submit', holdSubmit, true);
      submitHeld();
    })
    .catch(showLoadFailure);
}
// After the first frame has been painted; a tab in the background draws no frames.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
