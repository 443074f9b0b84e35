import { access } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ConversionError, conversionMessages } from './conversion-messages';
import type { WorkerReply, WorkerTask } from './conversion-worker';

/** Worker threads running now (tests check that none outlives its job). */
export const liveWorkers = new Set<Worker>();

const here = import.meta.url;
/** Run from TypeScript sources (npm start, tests): the worker loads its sources through tsx too. */
const fromSources = here.endsWith('.ts');
const entry = new URL(`./conversion-worker.${fromSources ? 'ts' : 'js'}`, here);

export interface WorkerLimits {
  timeoutMs: number;
  memoryMb: number;
  signal?: AbortSignal;
}

/**
 * libuv's thread pool (file system, zlib, crypto), started now by this thread if nothing started
 * it yet: its threads inherit the priority of the thread that starts them, and a worker lowers its
 * own (conversion-worker.ts), which must not slow the server's file reads.
 */
let poolStarted = false;
function startThreadPool(): void {
  if (poolStarted) return;
  poolStarted = true;
  access(fileURLToPath(entry), () => {});
}

const startWorker = (memoryMb: number) => {
  startThreadPool();
  return new Worker(entry, {
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
    stdout: false,
    stderr: false,
  });
};

/** One started, idle thread (per heap size), so a task does not wait for a thread to start. */
const spares = new Map<number, Worker>();

function takeWorker(memoryMb: number): Worker {
  const spare = spares.get(memoryMb);
  spares.delete(memoryMb);
  const next = startWorker(memoryMb);
  // An idle spare keeps no process alive; a spare that died is simply replaced.
  next.unref();
  next.once('exit', () => {
    if (spares.get(memoryMb) === next) spares.delete(memoryMb);
  });
  next.on('error', () => {});
  spares.set(memoryMb, next);
  if (!spare) return startWorker(memoryMb);
  spare.ref();
  return spare;
}

/** Stops the idle spare threads (shutdown, tests). */
export async function stopSpareWorkers(): Promise<void> {
  const idle = [...spares.values()];
  spares.clear();
  await Promise.all(idle.map((worker) => worker.terminate()));
}

/**
 * Runs one task of conversion-worker.ts in a worker thread of its own, so the thread that answers
 * HTTP never decodes, lays out or parses an applicant's file: a V8 heap capped at `memoryMb`
 * (ConversionError tooComplex past it), and terminated (ConversionError tooSlow) when `timeoutMs`
 * runs out or the signal aborts. A fresh thread per task (one is kept started ahead): nothing one file did is left for the next.
 */
export function runInWorker(task: WorkerTask, limits: WorkerLimits): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    if (limits.signal?.aborted) return reject(new ConversionError(conversionMessages.tooSlow));
    const worker = takeWorker(limits.memoryMb);
    liveWorkers.add(worker);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', stop);
      outcome();
      void worker.terminate().finally(() => liveWorkers.delete(worker));
    };
    const stop = () => finish(() => reject(new ConversionError(conversionMessages.tooSlow)));
    const timer = setTimeout(stop, limits.timeoutMs);
    limits.signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (reply: WorkerReply) =>
      finish(() => {
        if (reply.ok) resolve(reply.bytes);
        else if (reply.conversion) reject(new ConversionError(reply.message));
        else reject(new Error(reply.message));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ConversionError(conversionMessages.tooComplex)
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The conversion worker stopped (exit code ${code}).`))),
    );
    // A copy (Buffer.slice would be a view), handed over without a second copy.
    const bytes = new Uint8Array(task.bytes);
    worker.postMessage({ ...task, bytes }, [bytes.buffer]);
  });
}
