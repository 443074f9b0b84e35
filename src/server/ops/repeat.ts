/**
 * Runs `work` every `everyMs`, one run at a time (a tick while a run is under way is skipped), on
 * a timer that does not keep the process alive; `work` handles its own errors. Returns the stop
 * function, which waits for a run under way.
 */
export function repeatEvery(everyMs: number, work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= work().finally(() => {
      running = undefined;
    });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
