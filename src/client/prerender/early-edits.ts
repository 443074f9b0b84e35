/**
 * Typing into a prerendered page before React has it changes the fields on screen but not the
 * answers: React 19 adopts a field as it finds it, without an onChange, and its next render of
 * the field puts the answer's value back. This notes what each field was left at by an edit React
 * did not see and, once React has committed its first render, hands that to React as if it had
 * just been done, so the answer store holds what the applicant did.
 *
 * Whether React saw an edit is read from React itself once the event has been through it, not
 * guessed from whether it has claimed the field: React claims a field (puts its fiber on it) while
 * it renders, some slices before it commits, and an edit in between reached no handler (a phone
 * number typed then lost its first digits). An edit React did see makes what was noted before it
 * obsolete: replayed late, it undid what had been typed since. What React's tracker holds says
 * so only if the tracker was on the field before the event: an event on a field not yet claimed
 * makes React hydrate there and then, and the tracker it puts on the field starts at what the
 * field shows, edit included, with no change handled (an e-mail address typed into the Sign Up
 * card as it loaded was lost that way when the field was left).
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

const isCheckable = (node: Field): node is HTMLInputElement =>
  node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio');

/** A field whose value React follows (a file input's is the browser's alone). */
const isField = (target: EventTarget | null): target is Field =>
  (target instanceof HTMLInputElement && target.type !== 'file') ||
  target instanceof HTMLTextAreaElement;

/** React's own mark on a node it has claimed (its fiber), the only sign there is of it. */
const isClaimed = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

const isSameRadioGroup = (a: Field, b: Field) =>
  a instanceof HTMLInputElement &&
  b instanceof HTMLInputElement &&
  a.type === 'radio' &&
  b.type === 'radio' &&
  a.name !== '' &&
  a.name === b.name &&
  a.form === b.form;

/** React's value tracker on a field, there once React has claimed it. */
const trackerOf = (node: Field) =>
  (node as Field & { _valueTracker?: { getValue(): string } | null })._valueTracker ?? undefined;

/** What the field shows, as React's value tracker keeps it ("true" or "false" for checked). */
const shownOf = (node: Field) => (isCheckable(node) ? String(node.checked) : node.value);

/**
 * Whether React's value tracker holds what the field shows. React puts the tracker on a field when
 * it claims it, holding what the field showed then, and sets it to what it reads whenever its
 * change handling runs. So, for a field React had claimed before the event, this says React has
 * seen an edit only once the event has been through React's handling (an event React holds back,
 * its field not yet committed, never gets past it), or after a replay that first set the tracker
 * to something else.
 */
function reactHasSeen(node: Field): boolean {
  return trackerOf(node)?.getValue() === shownOf(node);
}

/**
 * Makes React see `shown` (a value, or "true"/"false" for checked) as a change made to the field
 * now; whether it did is what React's tracker holds afterwards (not if it has yet to commit).
 */
function replay(node: Field, shown: string): boolean {
  if (isCheckable(node)) {
    // Through React's tracker, then a click, which both sets it back and is what React reads.
    node.checked = shown !== 'true';
    node.click();
    return reactHasSeen(node);
  }
  node.value = shown === '' ? ' ' : '';
  // The native setter, past the tracker React keeps on the element: the change stays unseen.
  const prototype = Object.getPrototypeOf(node) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(node, shown);
  node.dispatchEvent(new Event('input', { bubbles: true }));
  return reactHasSeen(node);
}

/**
 * Starts noting edits React does not see to fields in `container` for `waitMs`. The function
 * returned is called once React's first render has committed: it hands each noted edit to React
 * (a field React has yet to claim, inside a Suspense boundary it has yet to reach, when it has),
 * and resolves when none is left (a field gone from the page is dropped) or `waitMs` is over.
 */
export function keepEarlyEdits(container: HTMLElement, waitMs = 10_000): () => Promise<void> {
  // In the order last edited.
  const edited = new Map<Field, string>();
  let replaying = false;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let done: () => void = () => {};
  const replayed = new Promise<void>((resolve) => (done = resolve));
  const step = () => {
    pending = undefined;
    // Over a copy: a replay is an edit too, noted again (last) until React has seen it.
    for (const node of [...edited.keys()]) {
      const shown = edited.get(node);
      if (shown === undefined) continue;
      if (!node.isConnected) edited.delete(node);
      else if (isClaimed(node) && replay(node, shown)) {
        edited.delete(node);
        // Left before React had it: what a field does as it is left (a long answer is stored
        // then) is done now.
        if (document.activeElement !== node)
          node.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      }
    }
    if (edited.size > 0) pending = setTimeout(step, 50);
    else done();
  };
  // Events on a field React was tracking before they reached it: only of those can its tracker
  // say that React has seen them.
  const tracked = new WeakSet<Event>();
  // Before React's listeners (on the container, added later): what the edit left.
  const note = (event: Event) => {
    const { target } = event;
    if (!isField(target)) return;
    if (trackerOf(target)) tracked.add(event);
    // A radio button chosen unchecks the others of its group: only the one chosen is replayed.
    for (const other of edited.keys())
      if (isSameRadioGroup(other, target) || other === target) edited.delete(other);
    edited.set(target, shownOf(target));
    if (replaying) pending ??= setTimeout(step, 50);
  };
  // After React's (on the document): an edit React saw is React's, with all noted before it.
  const seen = (event: Event) => {
    if (tracked.has(event) && isField(event.target) && reactHasSeen(event.target))
      edited.delete(event.target);
  };
  const events = ['input', 'change'] as const;
  for (const type of events) {
    container.addEventListener(type, note, true);
    document.addEventListener(type, seen);
  }
  setTimeout(() => {
    for (const type of events) {
      container.removeEventListener(type, note, true);
      document.removeEventListener(type, seen);
    }
    clearTimeout(pending);
    done();
  }, waitMs);
  return () => {
    replaying = true;
    step();
    return replayed;
  };
}
