import { hostname } from 'node:os';
import type { ClaimedJob, JobQueue } from './job-queue';

interface JobContext {
  jobId: string;
  /** This attempt's number, from 1. */
  attempt: number;
  /** Aborted when the job runs past its handler's timeout: stop, and write nothing. */
  signal: AbortSignal;
}

export interface JobFailure {
  message: string;
  /** True when the handler said retrying cannot help (PermanentJobError). */
  permanent: boolean;
}

/** What runs one kind of job. */
export interface JobHandler<P = unknown> {
  timeoutMs: number;
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once when the job has failed for good (after its last attempt, or permanently). */
  failed?(payload: P, failure: JobFailure): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (a corrupt file): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobRunnerOptions {
  queue: JobQueue;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own payload
  handlers: Record<string, JobHandler<any>>;
  /** Jobs run at once by this runner (default 2). */
  concurrency?: number;
  /**
   * Further slots only for express jobs (images, whose cost is bounded), used when the others are
   * all busy: so slow conversions of other applicants do not hold up a small image (default 1).
   */
  expressSlots?: number;
  /** How often an idle runner looks for due jobs (default 250 ms). */
  pollMs?: number;
  /** The first retry's delay, doubled at each further attempt (default 2 s, at most 10 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a claim lasts before another runner may take the job, renewed every third of it
   * while the job runs; so a runner that dies loses its job within one lease. Default: the
   * longest handler timeout plus `leaseMarginMs` (30 s).
   */
  leaseMs?: number;
  leaseMarginMs?: number;
  logger?: JobLogger;
  /** Names this runner in the lock column (default host:pid). */
  name?: string;
}

export type JobOutcome = 'done' | 'retried' | 'failed' | 'lost';

const PURGE_EVERY_MS = 60 * 60 * 1000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/**
 * Runs jobs from the queue: in the server process by default (main.ts), or in separate worker
 * processes (worker.ts) at scale. A job that throws is retried with exponential backoff until its
 * attempts run out, then marked failed with its message; one that runs past its handler's timeout
 * is aborted and counts as a failed attempt. The lease outlasts the timeout, so a job is only
 * claimed again when its runner died.
 */
export class JobRunner {
  private readonly concurrency: number;
  private readonly expressSlots: number;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  readonly leaseMs: number;
  private readonly logger: JobLogger;
  private readonly owner: string;
  private readonly active = new Set<Promise<JobOutcome>>();
  /** The jobs under way, to give back when stop()'s grace runs out. */
  private readonly running = new Map<string, { job: ClaimedJob; controller: AbortController }>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  /** Set by a wake-up that came while not asleep, so the next sleep is skipped (none is lost). */
  private woken = false;
  private unsubscribe: (() => void) | undefined;
  private lastPurge = 0;

  constructor(private readonly options: JobRunnerOptions) {
    this.concurrency = options.concurrency ?? 2;
    this.expressSlots = options.expressSlots ?? 1;
    this.pollMs = options.pollMs ?? 250;
    this.backoffMs = options.backoffMs ?? 2000;
    this.maxBackoffMs = options.maxBackoffMs ?? 10 * 60 * 1000;
    const longest = Math.max(0, ...Object.values(options.handlers).map((h) => h.timeoutMs));
    this.leaseMs = options.leaseMs ?? longest + (options.leaseMarginMs ?? 30_000);
    this.logger = options.logger ?? silent;
    this.owner = options.name ?? `${hostname()}:${process.pid}`;
  }

  /** Starts polling (and waking on this process's enqueues) until stop(). */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.unsubscribe = this.options.queue.onEnqueue(() => this.wake());
    this.loop = this.poll();
  }

  /**
   * Stops claiming and waits for the jobs under way to finish, for at most `graceMs`: jobs still
   * running then are aborted and given back to the queue, due at once, for another runner.
   * Resolves to the number of jobs given back.
   */
  async stop(graceMs = Infinity): Promise<number> {
    this.stopping = true;
    this.unsubscribe?.();
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'over'>((resolve) => {
      if (Number.isFinite(graceMs)) timer = setTimeout(() => resolve('over'), graceMs);
    });
    const finished = (async () => {
      await this.loop;
      await Promise.allSettled([...this.active]);
      return 'finished' as const;
    })();
    const outcome = await Promise.race([finished, graceOver]);
    clearTimeout(timer);
    this.loop = undefined;
    if (outcome === 'finished') return 0;
    let released = 0;
    for (const { job, controller } of [...this.running.values()]) {
      controller.abort();
      try {
        if (await this.options.queue.release(job)) released++;
      } catch (err) {
        this.logger.error({ jobId: job.id, err }, 'giving a job back failed');
      }
    }
    this.logger.warn({ released }, 'stopped before the jobs under way finished; gave them back');
    return released;
  }

  /** Claims one due job and runs it to the end; undefined when none is due. */
  async runNext(): Promise<JobOutcome | undefined> {
    const job = await this.options.queue.claim(this.owner, this.leaseMs);
    return job ? this.execute(job) : undefined;
  }

  /** Runs due jobs one after another until none is due (tests, benchmarks, scripts). */
  async runUntilIdle(limit = 1000): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (let i = 0; i < limit; i++) {
      const outcome = await this.runNext();
      if (!outcome) break;
      outcomes.push(outcome);
    }
    return outcomes;
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      if (this.active.size >= this.concurrency + this.expressSlots) {
        // A finished job frees a slot; stop() wakes the loop too, so it never waits on a job.
        await Promise.race([...this.active, new Promise<void>((r) => (this.wakeUp = r))]);
        this.wakeUp = undefined;
        continue;
      }
      let job: ClaimedJob | undefined;
      this.woken = false;
      try {
        const expressOnly = this.active.size >= this.concurrency;
        job = await this.options.queue.claim(this.owner, this.leaseMs, { expressOnly });
      } catch (err) {
        this.logger.error({ err }, 'claiming a job failed');
      }
      if (!job) {
        await this.purgeNowAndThen();
        await this.sleep(this.pollMs);
        continue;
      }
      const running = this.execute(job)
        .catch((err: unknown): JobOutcome => {
          this.logger.error({ jobId: job.id, err }, 'recording a job outcome failed');
          return 'lost';
        })
        .finally(() => this.active.delete(running));
      this.active.add(running);
    }
  }

  /** Finished jobs are kept a week for inspection, then deleted by an idle runner. */
  private async purgeNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    try {
      await this.options.queue.purge(KEEP_FINISHED_MS);
    } catch (err) {
      this.logger.error({ err }, 'purging finished jobs failed');
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async execute(job: ClaimedJob): Promise<JobOutcome> {
    const { queue } = this.options;
    const handler = this.options.handlers[job.kind];
    const log = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    if (!handler) {
      await queue.fail(job, `No handler runs jobs of kind "${job.kind}".`);
      this.logger.error(log, 'job of unknown kind failed');
      return 'failed';
    }
    if (job.attempts > job.maxAttempts) {
      // Its last attempt's runner died: the lease ran out with no outcome recorded.
      return this.giveUp(job, handler, {
        message: 'The job stopped without finishing too many times.',
        permanent: false,
      });
    }
    const controller = new AbortController();
    this.running.set(job.id, { job, controller });
    const heartbeat = setInterval(() => void this.renew(job, controller), this.leaseMs / 3);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // Rejected before aborting, so a handler that gives up on abort still counts as timed out.
        reject(new Error(`The job took longer than ${duration(handler.timeoutMs)}.`));
        controller.abort();
      }, handler.timeoutMs);
    });
    try {
      await Promise.race([
        handler.run(job.payload, {
          jobId: job.id,
          attempt: job.attempts,
          signal: controller.signal,
        }),
        timeout,
      ]);
      const completed = await queue.complete(job);
      this.logger.info(log, completed ? 'job done' : 'job done after its lease was lost');
      return completed ? 'done' : 'lost';
    } catch (error) {
      const failure: JobFailure = {
        message: error instanceof Error ? error.message : String(error),
        permanent: error instanceof PermanentJobError,
      };
      if (!failure.permanent && job.attempts < job.maxAttempts) {
        const delay = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (job.attempts - 1));
        const retried = await queue.retry(job, failure.message, delay);
        this.logger.warn({ ...log, err: error, retryInMs: delay }, 'job failed; will retry');
        return retried ? 'retried' : 'lost';
      }
      return this.giveUp(job, handler, failure);
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
      this.running.delete(job.id);
    }
  }

  /** Extends a running job's lease; when the lease was lost, the job is aborted (it writes nothing). */
  private async renew(job: ClaimedJob, controller: AbortController): Promise<void> {
    if (controller.signal.aborted) return;
    try {
      if (!(await this.options.queue.extend(job, this.leaseMs))) {
        this.logger.warn({ jobId: job.id, kind: job.kind }, 'job lease lost; aborting it');
        controller.abort();
      }
    } catch (err) {
      // The lease holds until it runs out; the next beat tries again.
      this.logger.warn({ jobId: job.id, err }, 'renewing a job lease failed');
    }
  }

  /**
   * Records the failure with the handler first, then marks the job failed: a runner that dies in
   * between leaves the job to be claimed again and given up again, so what the applicant sees
   * (a document FAILED, not converting forever) is always written. Only the claim's holder does it.
   */
  private async giveUp(
    job: ClaimedJob,
    handler: JobHandler,
    failure: JobFailure,
  ): Promise<JobOutcome> {
    if (!(await this.options.queue.extend(job, this.leaseMs))) return 'lost';
    try {
      await handler.failed?.(job.payload, failure);
    } catch (err) {
      this.logger.error({ jobId: job.id, err }, 'recording a failed job failed');
    }
    if (!(await this.options.queue.fail(job, failure.message))) return 'lost';
    this.logger.warn({ jobId: job.id, kind: job.kind, error: failure.message }, 'job failed');
    return 'failed';
  }
}
