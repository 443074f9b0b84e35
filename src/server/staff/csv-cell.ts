/**
 * What a spreadsheet skips before it decides a cell is a formula: whitespace of every kind (line
 * feeds, carriage returns, tabs, spaces, no-break and ideographic spaces), other control characters
 * and invisible format characters (zero-width spaces, bidi marks, a byte order mark).
 */
const LEADING_BLANKS = /^[\s\p{Cc}\p{Cf}]*/u;

/** The characters that start a formula, once fullwidth forms (＝ ＋ － ＠) are folded by NFKC. */
const FORMULA_START = /^[=+\-@]/;

/**
 * Whether a spreadsheet could run a cell as a formula (OWASP's CSV injection advice): its first
 * character after any blanks, folded by NFKC, is = + - or @; or it starts with a tab or a carriage
 * return, which some spreadsheets drop before they look.
 */
export function isFormulaLike(value: string): boolean {
  if (/^[\t\r]/.test(value)) return true;
  const folded = value.normalize('NFKC');
  return FORMULA_START.test(folded.slice(LEADING_BLANKS.exec(folded)![0].length));
}

/** The value with an apostrophe before it when a spreadsheet would run it as a formula. */
export function neutralised(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}
