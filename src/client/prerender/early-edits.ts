/**
 * Typing into a prerendered page before React has hydrated it changes the fields on screen but
 * not the answers: React 19 adopts the field's value as it finds it, without an onChange. This
 * notes the fields edited early and, once React has hydrated each one, hands the edit to React
 * as if it had just been made, so the answer store holds what the applicant sees.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

/** React's own mark on a node it has hydrated (its fiber), the only sign there is of it. */
const isHydrated = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/** The native value or checked setter, past the tracker React installs on the element. */
function setNative(node: Field, property: 'value' | 'checked', value: string | boolean): void {
  const prototype = Object.getPrototypeOf(node) as object;
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(node, value);
}

/** Makes React see the field's current state as a change from the one it was prerendered in. */
function replay(node: Field): void {
  if (node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio')) {
    if (node.checked === node.defaultChecked) return;
    const checked = node.checked;
    node.checked = node.defaultChecked;
    // A click both restores the applicant's choice and is the event React reads it from.
    if (checked !== node.checked) node.click();
    return;
  }
  const value = node.value;
  if (value === node.defaultValue) return;
  node.value = node.defaultValue;
  setNative(node, 'value', value);
  node.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts noting edits in `container` to fields React has not hydrated yet (before hydrateRoot, or
 * inside a Suspense boundary it has yet to reach) for `waitMs`. The function returned is called
 * once hydration has begun: it replays each noted edit when React has its field.
 */
export function keepEarlyEdits(container: HTMLElement, waitMs = 10_000): () => void {
  const edited = new Set<Field>();
  let replaying = false;
  const step = () => {
    for (const node of edited)
      if (isHydrated(node)) {
        edited.delete(node);
        replay(node);
      }
    if (edited.size > 0) setTimeout(step, 50);
  };
  const note = (event: Event) => {
    const { target } = event;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    if (isHydrated(target)) return;
    edited.add(target);
    if (replaying && edited.size === 1) setTimeout(step, 50);
  };
  container.addEventListener('input', note, true);
  container.addEventListener('change', note, true);
  setTimeout(() => {
    container.removeEventListener('input', note, true);
    container.removeEventListener('change', note, true);
  }, waitMs);
  return () => {
    replaying = true;
    step();
  };
}
