/**
 * Characters no typed answer needs and that change what a reader sees (issue 41, F10): C0
 * controls (ESC, BEL…) but TAB and LF, DEL, and C1 controls; they would reach staff screens, the
 * PDF and the CSV exports as they are. NUL is refused before this, by the request's schema.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** TAB and LF: kept by a multi-line text, where they are lines and indents. */
const TAB_OR_LINE_FEED = /[\t\n]/u;
/**
 * Bidi embeddings, overrides and isolates: they reorder how text reads ("Trojan Source"). The
 * line and paragraph separators, which break a one-line answer where a reader sees no break, and
 * the invisible zero-width space, word joiner and BOM. Marks (LRM, RLM, ALM) and the zero-width
 * joiner and non-joiner stay: right-to-left typing, Persian, Indic scripts and emoji need them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u2028\u2029\u200B\u2060\uFEFF]/u;

/**
 * Whether an answer holds a character no answer may hold: a control character (TAB and LF
 * allowed only when `multiLine`), or a bidi override or isolate. A lone surrogate is not one: the
 * request's JSON has already become U+FFFD for it, as before.
 */
export function hasHiddenCharacters(value: string, multiLine: boolean): boolean {
  return (
    CONTROLS.test(value) ||
    BIDI_CONTROLS.test(value) ||
    (!multiLine && TAB_OR_LINE_FEED.test(value))
  );
}
