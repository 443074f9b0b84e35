/**
 * The staff console's search text (issue 44): a name or e-mail as words to match, the same on
 * SQLite and PostgreSQL because it is folded here, in JavaScript, not by either database (SQLite
 * lowers ASCII letters only, and neither strips accents without an extension).
 */

/**
 * The words of `text`, folded: lower case, compatibility-decomposed (NFKD) with the combining
 * marks dropped, so "María García-López" and "maria garcia lopez" are the same; every run of
 * characters that are neither letters nor digits (hyphens, commas, the @ and dots of an e-mail)
 * becomes one space.
 */
export function searchWords(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The summary row's search column: its words with a space before each, so that a word starts
 * wherever " <word>" is found. Empty stays empty: it marks a row not folded yet (migration 0021).
 */
export function searchColumnOf(name: string, email: string): string {
  const words = searchWords(`${name} ${email}`);
  return words ? ` ${words}` : ' ';
}

/** The distinct words typed in a search, folded the same way; none when only punctuation. */
export function queryWords(typed: string): string[] {
  const words = searchWords(typed);
  return words ? [...new Set(words.split(' '))] : [];
}
