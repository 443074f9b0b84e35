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
 * obsolete: replayed late, it undid what had been typed since. React's tracker says so by moving
 * during the event, not by what it holds: the tracker React puts on a field as it claims it
 * starts at what the field shows, edit included, with no change handled. That happens when an
 * event on a field not yet claimed makes React hydrate there and then, and when React's render
 * reaches a field after it was typed into, which the Sign Up card (a Suspense boundary of its
 * own, hydrated after the routes commit) showed: its e-mail address, left before the replay
 * reached it, went to React as no change, and the card's next render emptied the field.
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
 * Whether React's value tracker holds what the field shows. React sets its tracker to what it
 * reads whenever its change handling runs, so after a replay, which first sets the tracker to
 * something else, this says whether React handled the replayed change (an event React holds back,
 * its field not yet committed, never gets that far).
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
 * Starts noting edits React does not see to fields in `container` for `waitMs`, beginning with
 * those already made (a field that no longer shows what the server sent). The function returned
 * is called once React's first render has committed: it hands each noted edit to React (a field
 * React has yet to claim, inside a Suspense boundary it has yet to reach, when it has), and
 * resolves when none is left (a field gone from the page is dropped) or `waitMs` is over.
 */
export function keepEarlyEdits(container: HTMLElement, waitMs = 10_000): () => Promise<void> {
  // In the order last edited.
  const edited = new Map<Field, string>();
  let replaying = false;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let done: () => void = () => {};
  const replayed = new Promise<void>((resolve) => (done = resolve));
  // Edits made before this ran (its script was still on its way): what a field shows that the
  // server did not send. A radio button only as the one chosen; unchosen, it follows that one.
  for (const node of container.querySelectorAll('input, textarea')) {
    if (!isField(node)) continue;
    const changed = isCheckable(node)
      ? node.checked !== node.defaultChecked && (node.type === 'checkbox' || node.checked)
      : node.value !== node.defaultValue;
    if (changed) edited.set(node, shownOf(node));
  }
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
  // What React's tracker held as each event reached the field, before React's listeners: only
  // a tracker there before the event can say whether React handled it.
  const before = new WeakMap<Event, { tracked: string; unseen: boolean }>();
  // Before React's listeners (on the container, added later): what the edit left.
  const note = (event: Event) => {
    const { target } = event;
    if (!isField(target)) return;
    const tracker = trackerOf(target);
    if (tracker) before.set(event, { tracked: tracker.getValue(), unseen: edited.has(target) });
    // A radio button chosen unchecks the others of its group: only the one chosen is replayed.
    for (const other of edited.keys())
      if (isSameRadioGroup(other, target) || other === target) edited.delete(other);
    edited.set(target, shownOf(target));
    if (replaying) pending ??= setTimeout(step, 50);
  };
  // After React's (on the document): an edit React saw is React's, with all noted before it.
  // React saw it if its tracker moved (its change handling ran), or if the tracker already held
  // what the field shows and no edit was waiting for React (a field left after an edit it saw).
  const seen = (event: Event) => {
    const { target } = event;
    const was = before.get(event);
    if (!was || !isField(target)) return;
    const tracked = trackerOf(target)?.getValue();
    if (tracked === undefined) return;
    if (tracked !== was.tracked || (tracked === shownOf(target) && !was.unseen))
      edited.delete(target);
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
