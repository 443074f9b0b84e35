import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  localeCookie,
  localeCookieMaxAgeSeconds,
  requestLocale,
  type Locale,
} from '../../contract/locale';
import { text, type TextId } from './server-i18n';

/** Staff routes: the staff side stays English (ARCHITECTURE §17). */
const englishPrefixes = ['/api/staff', '/service'];

/** The language to answer a request in: its `lang` cookie, else Accept-Language; staff English. */
export function localeOf(request: FastifyRequest): Locale {
  if (englishPrefixes.some((prefix) => request.url.startsWith(prefix))) return 'en';
  return requestLocale(request.cookies?.[localeCookie], request.headers['accept-language']);
}

/** A server text in the request's language: `{ message: textFor(request, 'messages.saved') }`. */
export function textFor(
  request: FastifyRequest,
  id: TextId,
  values?: Readonly<Record<string, string | number>>,
): string {
  return text(localeOf(request), id, values);
}

/**
 * Sets the `lang` cookie, as the language control does in the browser (readable by the page, a
 * year long): after a sign-in, to the account's language; after a choice, to the choice.
 */
export function setLocaleCookie(reply: FastifyReply, locale: Locale, secure: boolean): void {
  reply.setCookie(localeCookie, locale, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: localeCookieMaxAgeSeconds,
  });
}
