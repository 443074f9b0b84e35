const defaultPrefix = 'admissions_identity';

/** The identity cookie prefix, which the server writes into index.html's meta tag. */
export function identityCookiePrefix(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="identity-cookie-prefix"]');
  return meta?.content.trim() || defaultPrefix;
}

/**
 * SPEC §1: a user counts as logged in when any cookie name begins with the identity prefix. A
 * page rendered on the server (src/client/prerender) is a visitor's: there is no document.
 */
export function isLoggedIn(doc: Document | undefined = globalThis.document): boolean {
  if (!doc) return false;
  const prefix = identityCookiePrefix(doc);
  return doc.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .some((name) => name !== '' && name.startsWith(prefix));
}
