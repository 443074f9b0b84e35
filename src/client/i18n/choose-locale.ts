/**
 * Choosing the applicant side's language (issue 40), loaded when one is chosen: the `lang` cookie
 * for this browser, the account's language for a signed-in applicant (so it follows them to
 * another device), then a reload, GOV.UK style: a page's language is fixed for its life, the
 * server serves the next one in the new language (its `<html lang>`, its prerendered markup) and
 * boot loads its texts.
 */
import type { Locale } from '../../contract/locale';
import { fetchJson } from '../api/fetch-json';
import { rememberLocale } from './locale-cookie';
import { reloadPage } from './reload-page';

interface ChooseOptions {
  /** Signed in: the account keeps the choice too. */
  signedIn: boolean;
  /** Keeps what the applicant typed across the reload (saved, or in the history entry). */
  keepAnswers?: () => Promise<unknown>;
}

/**
 * Switches to `locale`: remembers it (the account's failure to keep it is logged, not shown: this
 * browser keeps it all the same), keeps the typed answers, and reloads the page.
 */
export async function chooseLocale(locale: Locale, options: ChooseOptions): Promise<void> {
  rememberLocale(locale);
  const kept = options.keepAnswers?.().catch((error: unknown) => console.error(error));
  const stored = options.signedIn
    ? fetchJson('/api/profile/language', { method: 'PUT', body: { language: locale } }).catch(
        (error: unknown) => console.error(error),
      )
    : undefined;
  await Promise.all([kept, stored]);
  reloadPage();
}
