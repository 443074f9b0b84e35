/**
 * Typing into a prerendered page before React has hydrated it changes the fields on screen but
 * not the answers: React 19 adopts a field as it finds it, without an onChange, and its next
 * render of the field puts the answer's value back. This notes what each field was left at
 * before React had it and, once React has hydrated the field, hands that to React as if it had
 * just been done, so the answer store holds what the applicant did.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

const isCheckable = (node: Field): node is HTMLInputElement =>
  node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio');

/** React's own mark on a node it has hydrated (its fiber), the only sign there is of it. */
const isHydrated = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/** Makes React see `left` (a value, or checked) as a change made to the field now. */
function replay(node: Field, left: string | boolean): void {
  if (isCheckable(node)) {
    // Through React's tracker, then a click, which both sets it back and is what React reads.
    node.checked = !left;
    node.click();
    return;
  }
  const value = String(left);
  node.value = value === '' ? ' ' : '';
  // The native setter, past the tracker React keeps on the element: the change stays unseen.
  const prototype = Object.getPrototypeOf(node) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(node, value);
  node.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts noting edits in `container` to fields React has not hydrated yet (before hydrateRoot, or
 * inside a Suspense boundary it has yet to reach) for `waitMs`. The function returned is called
 * once hydration has begun: it replays each noted edit when React has its field, and resolves
 * when none is left to replay (a field gone from the page is dropped), or when `waitMs` is over.
 */
export function keepEarlyEdits(container: HTMLElement, waitMs = 10_000): () => Promise<void> {
  const edited = new Map<Field, string | boolean>();
  let replaying = false;
  let done: () => void = () => {};
  const replayed = new Promise<void>((resolve) => (done = resolve));
  const step = () => {
    for (const [node, left] of edited) {
      if (!node.isConnected) edited.delete(node);
      else if (isHydrated(node)) {
        edited.delete(node);
        replay(node, left);
      }
    }
    if (edited.size > 0) setTimeout(step, 50);
    else done();
  };
  const note = (event: Event) => {
    const { target } = event;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    if (isHydrated(target)) return;
    // A radio button chosen unchecks the others of its group, which need nothing replayed.
    edited.set(target, isCheckable(target) ? target.checked : target.value);
    if (replaying && edited.size === 1) setTimeout(step, 50);
  };
  container.addEventListener('input', note, true);
  container.addEventListener('change', note, true);
  setTimeout(() => {
    container.removeEventListener('input', note, true);
    container.removeEventListener('change', note, true);
    done();
  }, waitMs);
  return () => {
    replaying = true;
    step();
    return replayed;
  };
}
