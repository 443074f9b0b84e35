/** This browser's choice of language (the `lang` cookie), and the account's (issue 40). */
import {
  isLocale,
  localeCookie,
  localeCookieMaxAgeSeconds,
  type Locale,
} from '../../contract/locale';

/** Keeps the choice in this browser for a year (the server reads it: requestLocale). */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${localeCookie}=${locale}; Path=/; Max-Age=${localeCookieMaxAgeSeconds}; SameSite=Lax${secure}`;
}

/** The language the account keeps, as the login reply names it (undefined when it names none). */
export function accountLocale(reply: unknown): Locale | undefined {
  const language = (reply as { language?: unknown } | null)?.language;
  return isLocale(language) ? language : undefined;
}
