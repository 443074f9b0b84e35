import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ConversionError, conversionMessages } from './conversion-messages';
import { findOnPath } from './find-on-path';
import { inLightConversion } from './conversion-priority';
import { idlePolicy } from './sandbox';
import type { WorkerReply, WorkerTask } from './conversion-worker';

/** Conversion processes running now (tests check that none outlives its job). */
export const liveWorkers = new Set<ChildProcess>();

const here = import.meta.url;
/** Run from TypeScript sources (npm start, tests): the process loads its sources through tsx too. */
const fromSources = here.endsWith('.ts');
const entry = fileURLToPath(new URL(`./conversion-worker.${fromSources ? 'ts' : 'js'}`, here));

export interface WorkerLimits {
  timeoutMs: number;
  memoryMb: number;
  signal?: AbortSignal;
}

/** The end of each process's stderr (V8's last words when it runs out of heap). */
const stderrTails = new WeakMap<ChildProcess, string>();

/** `nice` (coreutils), found once; '' when it is not on the PATH. */
let nice: string | undefined;

/**
 * A conversion process at the lowest CPU priority from its first instruction (`nice -n 19` and
 * SCHED_IDLE where `chrt` is found, see sandbox.ts idlePolicy, run node; a `light` job's without
 * SCHED_IDLE, conversion-priority.ts), threads included: V8's collector threads and libuv's pool,
 * which a worker thread shares with the server's, so that when both want the CPU, answering HTTP
 * comes first (measured with `npm run bench -- --only isolation`). Its V8 heap is capped at
 * `memoryMb`.
 */
function startProcess(memoryMb: number, light: boolean): ChildProcess {
  nice ??= findOnPath('nice', process.env.PATH ?? '') ?? '';
  const nodeArgs = [
    ...(fromSources ? ['--import', 'tsx'] : []),
    `--max-old-space-size=${memoryMb}`,
    '--max-semi-space-size=16',
  ];
  const child = fork(entry, [], {
    ...(nice
      ? {
          execPath: nice,
          // A light job's process waits for no heavy one (conversion-priority.ts).
          execArgv: ['-n', '19', ...(light ? [] : idlePolicy()), process.execPath, ...nodeArgs],
        }
      : { execArgv: nodeArgs }),
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTails.set(child, ((stderrTails.get(child) ?? '') + chunk).slice(-2000));
  });
  // Without `nice`, its main thread at least (and the threads it starts from now on).
  try {
    if (child.pid) setPriority(child.pid, 19);
  } catch {
    // exited already
  }
  return child;
}

/**
 * One started, idle process per heap size and priority (light or not), so a task does not wait
 * for node to start.
 */
const spares = new Map<string, ChildProcess>();

/** An idle spare keeps the server's event loop alive no more than a closed file would. */
function setHeld(child: ChildProcess, held: boolean): void {
  // A piped stderr is a socket (net.Socket), typed as a plain Readable.
  const handles = [child, child.channel, child.stderr as Socket | null];
  for (const handle of handles) {
    if (held) handle?.ref();
    else handle?.unref();
  }
}

function takeProcess(memoryMb: number, light: boolean): ChildProcess {
  const key = `${memoryMb}:${light ? 'light' : 'idle'}`;
  const spare = spares.get(key);
  spares.delete(key);
  const next = startProcess(memoryMb, light);
  setHeld(next, false);
  next.once('exit', () => {
    if (spares.get(key) === next) spares.delete(key);
  });
  next.on('error', () => {});
  spares.set(key, next);
  if (!spare || spare.exitCode !== null || spare.signalCode !== null) {
    return startProcess(memoryMb, light);
  }
  setHeld(spare, true);
  return spare;
}

/** Stops the idle spare processes (shutdown, tests). */
export async function stopSpareWorkers(): Promise<void> {
  const idle = [...spares.values()];
  spares.clear();
  await Promise.all(idle.map((child) => stopProcess(child)));
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // An idle spare's handles are unreferenced: held again until it has exited.
    setHeld(child, true);
    child.kill('SIGKILL');
  });
}

/**
 * Runs one task of conversion-worker.ts in a child process of its own, so the process that answers
 * HTTP never decodes, lays out or parses an applicant's file: a V8 heap capped at `memoryMb`
 * (ConversionError tooComplex past it), at the lowest CPU priority, and killed (ConversionError
 * tooSlow) when `timeoutMs` runs out or the signal aborts. A fresh process per task (one is kept
 * started ahead): nothing one file did is left for the next.
 */
export function runInWorker(task: WorkerTask, limits: WorkerLimits): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    if (limits.signal?.aborted) return reject(new ConversionError(conversionMessages.tooSlow));
    const child = takeProcess(limits.memoryMb, inLightConversion());
    liveWorkers.add(child);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', stop);
      outcome();
      void stopProcess(child).finally(() => liveWorkers.delete(child));
    };
    const stop = () => finish(() => reject(new ConversionError(conversionMessages.tooSlow)));
    const timer = setTimeout(stop, limits.timeoutMs);
    limits.signal?.addEventListener('abort', stop, { once: true });
    child.once('message', (reply: WorkerReply) =>
      finish(() => {
        if (reply.ok) resolve(reply.bytes);
        else if (reply.conversion) reject(new ConversionError(reply.message));
        else reject(new Error(reply.message));
      }),
    );
    child.once('error', (error: Error) => finish(() => reject(error)));
    // 'close' rather than 'exit': its stderr has been read to the end.
    child.once('close', (code, signal) =>
      finish(() => {
        const stderr = stderrTails.get(child) ?? '';
        reject(
          // V8 aborts the process when its heap is full ("JavaScript heap out of memory").
          /heap out of memory|Allocation failed/i.test(stderr)
            ? new ConversionError(conversionMessages.tooComplex)
            : new Error(`The conversion process stopped (${code ?? signal}): ${stderr.trim()}`),
        );
      }),
    );
    child.send(task, (error) => {
      if (error) finish(() => reject(error));
    });
  });
}
