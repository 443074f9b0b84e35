import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints, off the event loop. In WAL mode every commit appends pages to the
 * `-wal` file; a checkpoint copies them back into the database file and syncs both. Left to the
 * server's own connection (SQLite's automatic checkpoint, every 1,000 pages) that copy ran inside a
 * request: better-sqlite3 is synchronous, so every other request waited the few milliseconds it
 * took (the save bench's p99 at 200 connections). Here a worker thread with a connection of its own
 * runs a PASSIVE checkpoint every CHECKPOINT_INTERVAL_MS: it copies what has been committed beside
 * the server's reads and writes (WAL mode lets it) and gives up rather than wait for them, so the
 * server's queries do not wait for it either.
 *
 * The server's connection keeps an automatic checkpoint as a backstop (WAL_BACKSTOP_PAGES): should
 * the thread stop or fall behind, the WAL still stops growing there.
 */
const CHECKPOINT_INTERVAL_MS = 200;
/** About 40 MB of 4 KiB pages: reached only if the checkpoint thread stops or falls behind. */
export const WAL_BACKSTOP_PAGES = 10_000;

/** How long closing the database waits for the thread to close its connection first. */
const STOP_WAIT_MS = 2_000;

// The thread's code, run as a CommonJS script (`eval`): no file to find beside a bundle, nothing
// for tsx to compile. It reports each checkpoint's figures, so that tests can see it work.
const threadCode = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const done = new Int32Array(workerData.done);
const db = new Database(workerData.file, { fileMustExist: true });
let runs = 0;
const timer = setInterval(() => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    runs += 1;
    if (workerData.report) parentPort.postMessage({ runs, ...row });
  } catch {
    // Busy or a passing I/O error: the next interval tries again; the backstop bounds the WAL.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.close(); } finally {
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
    parentPort.close();
  }
});
`;

export interface CheckpointReport {
  runs: number;
  /** SQLite's answer: 1 when the checkpoint could not take its lock this time. */
  busy: number;
  /** Frames in the WAL, and how many of them are in the database file now. */
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** Closes the thread's connection (waiting for it, so that the server's close is the last). */
  stop(): void;
}

/**
 * Starts the checkpoint thread for the database file `file` (which must exist, in WAL mode).
 * `onReport`, for tests, hears every checkpoint's figures.
 */
export function startCheckpointer(
  file: string,
  onReport?: (report: CheckpointReport) => void,
): Checkpointer {
  const done = new SharedArrayBuffer(4);
  const worker = new Worker(threadCode, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      done,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      report: Boolean(onReport),
    },
    // Only a PASSIVE checkpoint's bookkeeping runs here; a small heap is plenty.
    resourceLimits: { maxOldGenerationSizeMb: 32 },
  });
  let ended = false;
  worker.on('exit', () => (ended = true));
  // A thread that could not start (or died) leaves the backstop to bound the WAL.
  worker.on('error', () => (ended = true));
  if (onReport) worker.on('message', onReport);
  // An idle checkpointer must not keep a process (a script, a test) alive.
  worker.unref();
  return {
    stop() {
      if (ended) return;
      ended = true;
      worker.postMessage('stop');
      Atomics.wait(new Int32Array(done), 0, 0, STOP_WAIT_MS);
    },
  };
}
