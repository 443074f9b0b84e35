interface ShutdownLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface GracefulShutdownOptions {
  log: ShutdownLogger;
  /** How long to stay up unready before closing, for a load balancer to notice (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** The cap on finishing the work under way (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Called at once: stop being ready (GET /readyz answers 503). */
  drain?: () => void;
  /** Stop taking work and finish what is under way; each is given the cap. */
  finish: Array<(timeoutMs: number) => Promise<unknown>>;
  /** Then, whether or not the work finished: close the database and the like. */
  release: () => Promise<void>;
  /** Replaces process.exit (tests). */
  exit?: (code: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Graceful shutdown on SIGTERM and SIGINT, for the server and the worker alike: drain, finish
 * the requests and jobs under way for at most the cap, release, exit 0. A second signal exits at
 * once with 1 (an operator pressing Ctrl-C twice means it).
 */
export function exitGracefullyOnSignals(options: GracefulShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      options.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    started = true;
    void shutDown(options, signal).then(
      () => exit(0),
      (err: unknown) => {
        options.log.error({ err }, 'shutting down failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function shutDown(options: GracefulShutdownOptions, signal: NodeJS.Signals): Promise<void> {
  const { log, drainMs, timeoutMs } = options;
  const started = Date.now();
  log.info({ signal, drainMs, timeoutMs }, 'shutting down: finishing the work under way');
  options.drain?.();
  if (drainMs > 0) await sleep(drainMs);
  let timer: NodeJS.Timeout | undefined;
  const capped = await Promise.race([
    Promise.allSettled(options.finish.map((finish) => finish(timeoutMs))).then(() => false),
    new Promise<boolean>((resolve) => {
      // A little longer than the cap, so a job runner that gives its jobs back at the cap can.
      timer = setTimeout(() => resolve(true), timeoutMs + 2000);
    }),
  ]);
  clearTimeout(timer);
  if (capped) log.warn({ timeoutMs }, 'the work under way did not finish in time; exiting anyway');
  await options.release();
  log.info({ ms: Date.now() - started }, 'shut down');
}
