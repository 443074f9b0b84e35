/**
 * Moving focus to a field, for the error summary's links (GOV.UK: each link moves focus to the
 * field it names). Each field's container has the field key as its id.
 */

const focusable = [
  'input:checked',
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  '[role="combobox"]',
  'button:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
];

/** Focuses the first control inside an element (a checked radio before the others). */
export function focusInside(container: HTMLElement): boolean {
  let target: HTMLElement | null = null;
  for (const selector of focusable) {
    target = container.matches(selector)
      ? container
      : container.querySelector<HTMLElement>(selector);
    if (target) break;
  }
  // A field with nothing to type into (the visitor's upload note) takes focus itself.
  if (!target && container.hasAttribute('tabindex')) target = container;
  if (!target) return false;
  target.focus({ preventScroll: true });
  return target.ownerDocument.activeElement === target;
}

/** Scrolls the field with this key into view and focuses its input; false if it is not shown. */
export function focusField(key: string): boolean {
  const container = document.getElementById(key);
  if (!container) return false;
  if (typeof container.scrollIntoView === 'function') container.scrollIntoView({ block: 'center' });
  return focusInside(container);
}
