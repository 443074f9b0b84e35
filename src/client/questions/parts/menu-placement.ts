/**
 * SPEC §9 "Search select": page size 5, menu at most 300 px high (max-height in questions.css), at
 * least 140 px before it flips.
 */
export const PAGE_SIZE = 5;
const MIN_MENU_HEIGHT = 140;

export type MenuPlacement = 'bottom' | 'top';

/** Opens the menu above its control when less than the minimum height fits below and more fits above. */
export function menuPlacement(control: Element | null): MenuPlacement {
  if (!control) return 'bottom';
  const rect = control.getBoundingClientRect();
  const below = window.innerHeight - rect.bottom;
  return below < MIN_MENU_HEIGHT && rect.top > below ? 'top' : 'bottom';
}

/** Scrolls an option into view inside its listbox (jsdom has no scrollIntoView). */
export function revealOption(option: Element | null): void {
  if (option && typeof option.scrollIntoView === 'function')
    option.scrollIntoView({ block: 'nearest' });
}
