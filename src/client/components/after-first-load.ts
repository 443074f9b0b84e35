/**
 * Code the first screen does not draw (the dialog library, the question types another page uses)
 * is fetched after the first load, never inside it: at the visitor's first sign of intent, or once
 * the load is over and the page has been quiet for a while. A task fetched at intent is there by
 * the time the click, the Enter or the tap it announces needs it; one that is not still loads on
 * demand (each caller keeps its lazy path).
 */

/** How long after `load`, and after the last key typed in a field, the page must stay quiet. */
export const QUIET_AFTER_LOAD_MS = 3_000;

/** Events that are a person acting on the page, wherever they happen. */
const actions = ['pointerdown', 'keydown', 'touchstart'] as const;
/** Events that are intent only on a control that can open something (a scripted focus is not). */
const approaches = ['pointerover', 'focusin'] as const;
const controls = 'button, a[href], summary, [role="button"], [role="tab"], [role="menuitem"]';
/** Where a key is typing: no sign of wanting a dialog, and no moment to compile code. */
const textEntry = 'input, textarea, select, [contenteditable="true"]';

const tasks = new Set<() => void>();
let started = false;
let loaded = false;
let done = false;
let quietTimer: ReturnType<typeof setTimeout> | undefined;
let idleCallback: number | undefined;

function runTasks() {
  if (done) return;
  done = true;
  stopListening();
  for (const task of tasks) task();
  tasks.clear();
}

/** (Re)starts the quiet wait; once over, the tasks run when the browser is next idle. */
function waitForQuiet() {
  clearTimeout(quietTimer);
  quietTimer = setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      idleCallback = window.requestIdleCallback(runTasks, { timeout: 2_000 });
    } else runTasks();
  }, QUIET_AFTER_LOAD_MS);
}

function onAction(event: Event) {
  const typing =
    event.type === 'keydown' && event.target instanceof Element && event.target.closest(textEntry);
  if (!typing) runTasks();
  else if (loaded && idleCallback === undefined) waitForQuiet();
}

function onApproach(event: Event) {
  if (event.target instanceof Element && event.target.closest(controls)) runTasks();
}

function onLoad() {
  loaded = true;
  waitForQuiet();
}

function startListening() {
  started = true;
  const options = { capture: true, passive: true };
  for (const type of actions) document.addEventListener(type, onAction, options);
  for (const type of approaches) document.addEventListener(type, onApproach, options);
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
}

function stopListening() {
  for (const type of actions) document.removeEventListener(type, onAction, true);
  for (const type of approaches) document.removeEventListener(type, onApproach, true);
  window.removeEventListener('load', onLoad);
  clearTimeout(quietTimer);
  if (idleCallback !== undefined) window.cancelIdleCallback(idleCallback);
}

/**
 * Runs `task` once: at the first interaction with the page (a press, a touch, a key outside a
 * field, or a pointer or the focus on a button or link), or once QUIET_AFTER_LOAD_MS have passed
 * since `load` and since the last key typed in a field; at once when that moment has passed.
 * Returns a function that drops the task.
 */
export function afterFirstLoad(task: () => void): () => void {
  if (done) {
    task();
    return () => {};
  }
  tasks.add(task);
  if (!started) startListening();
  return () => tasks.delete(task);
}
