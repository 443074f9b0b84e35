/** How much of a typed query is searched: enough for any school name, bounded for the index. */
const MAX_QUERY_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;

/** Lower case without accents: "Muñoz" → "munoz", so both are found by either spelling. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/** The words of a text, folded: its runs of letters and digits. Everything else separates. */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words of a user's query, at most 8 of at most 40 characters each. Only letters and digits
 * survive, so no character of the full-text query syntax (quotes, `*`, `:`, `-`, parentheses,
 * operators) can ever reach the database from the user.
 */
export function queryTokens(query: string): string[] {
  return words(query)
    .slice(0, MAX_QUERY_TOKENS)
    .map((word) => Array.from(word).slice(0, MAX_TOKEN_LENGTH).join(''));
}

/** The words joined by single spaces: the form "name starts with the query" compares. */
export function wordKey(tokens: string[]): string {
  return tokens.join(' ');
}

const keptUpper = new Set(['apo', 'fpo', 'dpo']);
const keptLower = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to']);

/**
 * Title case for a text written all in capitals or all in lower case ("CONWAY" → "Conway",
 * "academy of the sacred heart" → "Academy of the Sacred Heart"); mixed case is kept as written,
 * since its writer chose it.
 */
export function titleCase(text: string): string {
  if (text !== text.toUpperCase() && text !== text.toLowerCase()) return text;
  return text.toLowerCase().replace(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu, (word, offset: number) => {
    if (keptUpper.has(word)) return word.toUpperCase();
    if (offset > 0 && keptLower.has(word)) return word;
    const capital = word.charAt(0).toUpperCase() + word.slice(1);
    // O'Fallon, D'Iberville: an Irish or French prefix, not a possessive ("John's").
    return capital.replace(/^([OD])'(\p{L})/u, (_, prefix: string, next: string) => {
      return `${prefix}'${next.toUpperCase()}`;
    });
  });
}

/** One line of text: runs of any white space (the data has non-breaking spaces) become one. */
export function clean(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
