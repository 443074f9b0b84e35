import { AsyncLocalStorage } from 'node:async_hooks';

const light = new AsyncLocalStorage<true>();

/**
 * Runs a light job's conversion (one that holds a runner's light slot, JobRunnerOptions) so that
 * the processes it starts come before heavy conversions' for the CPU: `nice -n 19` still, so
 * answering HTTP comes first, but not SCHED_IDLE, under which heavy conversions run only when
 * nothing else wants the CPU. Without it, a 1 KB Word file shared the CPU evenly with three
 * accounts' heavy ones and took 2.5 times as long as alone (`npm run bench -- --only isolation`).
 * Set for the work's asynchronous course, so isolation.ts and sandbox.ts read it where they start
 * processes, with no option passed through every conversion step.
 */
export function asLightConversion<T>(work: () => Promise<T>): Promise<T> {
  return light.run(true, work);
}

/** Whether the conversion starting a process now is a light job's (asLightConversion). */
export function inLightConversion(): boolean {
  return light.getStore() === true;
}
