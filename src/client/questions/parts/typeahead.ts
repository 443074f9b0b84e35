import type { OptionItem } from '../../../engine/definitions';

/** SPEC §9: the select's type-ahead buffer resets after 1000 ms. */
export const TYPEAHEAD_RESET_MS = 1000;

const startsWith = (option: OptionItem | undefined, text: string) =>
  option !== undefined && option.label.toLowerCase().startsWith(text.toLowerCase());

/**
 * The option a type-ahead buffer moves to (WAI-ARIA APG select-only combobox): the first option
 * starting with the buffer, searching after the active option for one letter and from it for
 * more; repeating one letter ("aaa") cycles through the options starting with it. -1 when none.
 */
export function typeaheadIndex(
  options: readonly OptionItem[],
  buffer: string,
  active: number,
): number {
  if (buffer === '' || options.length === 0) return -1;
  const from = (start: number) =>
    [...options.keys()].map(
      (i) => (((start + i) % options.length) + options.length) % options.length,
    );
  const start = buffer.length === 1 ? active + 1 : Math.max(active, 0);
  const match = from(start).find((i) => startsWith(options[i], buffer));
  if (match !== undefined) return match;
  const first = buffer[0]!.toLowerCase();
  if ([...buffer.toLowerCase()].every((c) => c === first))
    return from(active + 1).find((i) => startsWith(options[i], first)) ?? -1;
  return -1;
}

/** Whether a key press types a character (not a shortcut). */
export const isPrintable = (event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
