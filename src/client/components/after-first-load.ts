/**
 * Code the first screen does not draw (the dialog library, the question types another page uses)
 * is fetched after the first load, never inside it: at the visitor's first sign of intent, or once
 * the load is over and the page has been quiet for a while. A task fetched at intent is there by
 * the time the click, the Enter or the tap it announces needs it; one that is not still loads on
 * demand (each caller keeps its lazy path).
 */

/** How long after `load`, and after the last key or press in a field, the page must stay quiet. */
export const QUIET_AFTER_LOAD_MS = 3_000;

const events = ['pointerdown', 'keydown', 'touchstart', 'pointerover', 'focusin'];
/** A pointer or the focus is intent only on a control that can open something. */
const controls = 'button, a[href], summary, [role="button"], [role="tab"]';
/** A key or a press there is typing: no sign of wanting a dialog, and no moment to compile code. */
const textEntry = 'input, textarea, select, [contenteditable="true"]';

const tasks = new Set<() => void>();
let loaded = false;
let done = false;
let quietTimer: ReturnType<typeof setTimeout> | undefined;

function runTasks() {
  done = true;
  for (const type of events) document.removeEventListener(type, onEvent, true);
  window.removeEventListener('load', onLoad);
  clearTimeout(quietTimer);
  for (const task of tasks) task();
  tasks.clear();
}

/** (Re)starts the quiet wait. */
function onLoad() {
  loaded = true;
  clearTimeout(quietTimer);
  quietTimer = setTimeout(runTasks, QUIET_AFTER_LOAD_MS);
}

function onEvent({ type, target }: Event) {
  const on = (selector: string) => target instanceof Element && target.closest(selector);
  if (type === 'pointerover' || type === 'focusin') {
    if (on(controls)) runTasks();
  } else if (on(textEntry)) {
    if (loaded) onLoad();
  } else runTasks();
}

/**
 * Runs `task` once: at the first interaction with the page outside a field (a press, a touch, a
 * key, or a pointer or the focus on a button or link), or once QUIET_AFTER_LOAD_MS have passed
 * since `load` and since the last key or press in a field; at once when that moment has passed.
 * Returns a function that drops the task.
 */
export function afterFirstLoad(task: () => void): () => void {
  if (done) {
    task();
    return () => {};
  }
  if (tasks.size === 0) {
    // Adding the same listener twice adds it once: a page whose tasks were dropped is fine.
    for (const type of events)
      document.addEventListener(type, onEvent, { capture: true, passive: true });
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
  }
  tasks.add(task);
  return () => tasks.delete(task);
}
