/**
 * The longest wait for the frame after a change: a hidden tab draws no frames, and deferred work
 * (the page's validation, the error summary) still catches up.
 */
const FRAME_WAIT_MS = 250;

/**
 * Calls `task` once the frame after now has been drawn (the frame's callbacks, then a task
 * after them), or after FRAME_WAIT_MS if no frame comes; returns a cancel. Where there are no
 * frames at all (no requestAnimationFrame), the task runs on a plain timer.
 */
export function afterNextPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    task();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, FRAME_WAIT_MS);
  return () => {
    done = true;
    clearTimeout(fallback);
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}
