/**
 * The languages the applicant side speaks (ARCHITECTURE §17): English, the source of every text,
 * and Spanish. The choice travels as the `lang` cookie (a visitor's, and a signed-in applicant's
 * on this device) and is kept on the account, so it follows the applicant to another device.
 * The staff side stays English.
 */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];

/** The source language: every text is written in it first. */
export const sourceLocale: Locale = 'en';

/** The cookie that carries a visitor's choice (one year; not httpOnly: the page reads it). */
export const localeCookie = 'lang';
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** Each language's name, written in that language (the language control's labels). */
export const localeNames: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The best of our languages for an Accept-Language header (RFC 9110 §12.5.4): the highest
 * q-value whose primary tag we speak; English when none matches or the header is absent or bad.
 */
function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header || header.length > 1_000) return sourceLocale;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',').slice(0, 50)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (isLocale(primary) && (!best || q > best.q)) best = { locale: primary, q };
  }
  return best?.locale ?? sourceLocale;
}

/** The language of a request: the `lang` cookie if it names one of ours, else Accept-Language. */
export function requestLocale(cookieValue: string | undefined, acceptLanguage?: string): Locale {
  return isLocale(cookieValue) ? cookieValue : localeFromAcceptLanguage(acceptLanguage);
}
