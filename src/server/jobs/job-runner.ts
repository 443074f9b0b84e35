import { hostname } from 'node:os';
import type { ClaimedJob } from './job-claim';
import { executeJob, type ExecutionSettings } from './job-execution';
import type { JobHandler, JobLogger, JobOutcome } from './job-handler';
import type { JobQueue } from './job-queue';

// Where the runner's users have always found them.
export {
  PermanentJobError,
  type JobFailure,
  type JobHandler,
  type JobLogger,
  type JobOutcome,
} from './job-handler';

export interface JobRunnerOptions {
  queue: JobQueue;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own payload
  handlers: Record<string, JobHandler<any>>;
  /** Jobs run at once by this runner (default 2). */
  concurrency?: number;
  /**
   * Further slots only for light jobs (EnqueueOptions.express: images, small documents), used
   * when the others are all busy: so other applicants' slow conversions do not hold up a small
   * file (default 1). With the one-job-per-owner rule of the queue, the overall and per-account
   * budgets: concurrency + expressSlots jobs at once, one of them an account's.
   */
  expressSlots?: number;
  /**
   * How long a job may hold a light slot before it is aborted and queued again as a heavy job,
   * once another light job waits for the slot (default 20 s; light files convert in seconds).
   */
  expressBudgetMs?: number;
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

const PURGE_EVERY_MS = 60 * 60 * 1000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/**
 * Runs jobs from the queue: in the server process by default (main.ts), or in separate worker
 * processes (worker.ts) at scale; each job as job-execution.ts says (retries, timeouts, the light
 * slot's budget). The lease outlasts the timeout, so a job is only claimed again when its runner
 * died.
 */
export class JobRunner {
  private readonly concurrency: number;
  private readonly expressSlots: number;
  private readonly expressBudgetMs: number;
  private readonly pollMs: number;
  readonly leaseMs: number;
  private readonly logger: JobLogger;
  private readonly settings: ExecutionSettings;
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
    this.expressBudgetMs = options.expressBudgetMs ?? 20_000;
    this.pollMs = options.pollMs ?? 250;
    const longest = Math.max(0, ...Object.values(options.handlers).map((h) => h.timeoutMs));
    this.leaseMs = options.leaseMs ?? longest + (options.leaseMarginMs ?? 30_000);
    this.logger = options.logger ?? silent;
    this.owner = options.name ?? `${hostname()}:${process.pid}`;
    this.settings = {
      queue: options.queue,
      handlers: options.handlers,
      leaseMs: this.leaseMs,
      backoffMs: options.backoffMs ?? 2000,
      maxBackoffMs: options.maxBackoffMs ?? 10 * 60 * 1000,
      logger: this.logger,
    };
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
      const expressOnly = this.active.size >= this.concurrency;
      try {
        job = await this.options.queue.claim(this.owner, this.leaseMs, { expressOnly });
      } catch (err) {
        this.logger.error({ err }, 'claiming a job failed');
      }
      if (!job) {
        await this.purgeNowAndThen();
        await this.sleep(this.pollMs);
        continue;
      }
      const running = this.execute(job, expressOnly ? this.expressBudgetMs : undefined)
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

  /** Runs a claimed job, abortable by stop() meanwhile. */
  private async execute(job: ClaimedJob, lightBudgetMs?: number): Promise<JobOutcome> {
    const controller = new AbortController();
    this.running.set(job.id, { job, controller });
    try {
      return await executeJob(this.settings, job, controller, lightBudgetMs);
    } finally {
      this.running.delete(job.id);
    }
  }
}
