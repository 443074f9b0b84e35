import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, UpdateObject } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { anyClaimable, claimJob, type ClaimedJob, type ClaimOptions } from './job-claim';

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Whose job it is (an applicant's account id): at most one of an owner's jobs runs at a time. */
  owner?: string;
  /**
   * A light job (an image, a small document: uploads/conversion-cost.ts): may run in a runner's
   * light slot while heavy jobs hold the others (JobRunnerOptions.expressSlots).
   */
  express?: boolean;
}

const DEFAULT_MAX_ATTEMPTS = 3;

/** What JobQueue.stats() reports. */
export interface QueueStats {
  counts: Array<{ kind: string; status: string; count: number }>;
  oldestDueSeconds: Array<{ kind: string; seconds: number }>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The table-backed job queue (ARCHITECTURE: jobs survive a restart because they are rows). Any
 * number of runners, in any number of processes, claim from it: a claim is atomic, and carries a
 * lease after which a job whose runner died is claimed again.
 */
export class JobQueue {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Adds a job; pass a transaction as `executor` to add it with the rows it belongs to. */
  async enqueue(
    kind: string,
    payload: unknown,
    options: EnqueueOptions = {},
    executor: Kysely<Database> = this.db,
  ): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now().getTime();
    await executor
      .insertInto('jobs')
      .values({
        id,
        kind,
        payload: JSON.stringify(payload),
        status: 'queued',
        attempts: 0,
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        run_after: iso(now + (options.delayMs ?? 0)),
        locked_until: null,
        locked_by: null,
        last_error: null,
        owner: options.owner ?? null,
        express: options.express ? 1 : 0,
        created_at: iso(now),
        updated_at: iso(now),
      })
      .execute();
    for (const listener of this.listeners) listener();
    return id;
  }

  /** Calls `listener` whenever this process enqueues (an in-process runner wakes up at once). */
  onEnqueue(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Claims the next due job for `leaseMs`, fairly between owners (job-claim.ts). */
  claim(
    owner: string,
    leaseMs: number,
    options: ClaimOptions = {},
  ): Promise<ClaimedJob | undefined> {
    return claimJob(this.db, this.clock, owner, leaseMs, options);
  }

  /** Whether a light job waits for a light slot now (another owner's, due, its owner idle). */
  lightJobWaiting(): Promise<boolean> {
    return anyClaimable(this.db, this.clock, { expressOnly: true });
  }

  /** Marks a claimed job done; false when its lease was lost to another runner. */
  complete(job: ClaimedJob): Promise<boolean> {
    return this.finish(job, { status: 'done', last_error: null });
  }

  /** Puts a claimed job back in the queue, due after `delayMs`, keeping the error. */
  retry(job: ClaimedJob, error: string, delayMs: number): Promise<boolean> {
    const runAfter = iso(this.clock.now().getTime() + delayMs);
    return this.finish(job, { status: 'queued', last_error: error, run_after: runAfter });
  }

  /** Marks a claimed job failed for good, with its error. */
  fail(job: ClaimedJob, error: string): Promise<boolean> {
    return this.finish(job, { status: 'failed', last_error: error });
  }

  /**
   * Extends a claim by `leaseMs` from now, while its job runs; false when the claim was lost
   * (its lease ran out and another runner took the job, or the job was finished).
   */
  async extend(job: ClaimedJob, leaseMs: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    return this.updateClaimed(job, { locked_until: iso(now + leaseMs), updated_at: iso(now) });
  }

  /**
   * Gives a claimed job back, due now, without counting the attempt: its runner is shutting down
   * before the job could finish, which says nothing about the job.
   */
  async release(job: ClaimedJob): Promise<boolean> {
    const now = this.clock.now().toISOString();
    return this.updateClaimed(job, (eb) => ({
      status: 'queued' as const,
      attempts: eb('attempts', '-', 1),
      run_after: now,
      locked_until: null,
      locked_by: null,
      updated_at: now,
    }));
  }

  /**
   * Gives a light job that outran its time in a runner's light slot, while another light job
   * waited for the slot, back as a heavy one, due now,
   * without counting the attempt: it waits for a general slot, and the light slot is free again
   * for the small files it is kept for (JobRunnerOptions.expressBudgetMs).
   */
  async demote(job: ClaimedJob): Promise<boolean> {
    const now = this.clock.now().toISOString();
    return this.updateClaimed(job, (eb) => ({
      status: 'queued' as const,
      express: 0,
      attempts: eb('attempts', '-', 1),
      run_after: now,
      locked_until: null,
      locked_by: null,
      updated_at: now,
    }));
  }

  /**
   * The queue as the metrics show it, by kind: jobs in each status, and how long the oldest due
   * job has waited (seconds; 0 when none waits).
   */
  async stats(): Promise<QueueStats> {
    const now = this.clock.now();
    const [counts, oldest] = await Promise.all([
      this.db
        .selectFrom('jobs')
        .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy(['kind', 'status'])
        .execute(),
      this.db
        .selectFrom('jobs')
        .select(['kind', (eb) => eb.fn.min('run_after').as('since')])
        .where('status', '=', 'queued')
        .where('run_after', '<=', now.toISOString())
        .groupBy('kind')
        .execute(),
    ]);
    return {
      counts: counts.map((c) => ({ kind: c.kind, status: c.status, count: Number(c.n) })),
      oldestDueSeconds: oldest.map((o) => ({
        kind: o.kind,
        seconds: Math.max(0, (now.getTime() - new Date(String(o.since)).getTime()) / 1000),
      })),
    };
  }

  private async finish(
    job: ClaimedJob,
    values: { status: 'done' | 'queued' | 'failed'; last_error: string | null; run_after?: string },
  ): Promise<boolean> {
    return this.updateClaimed(job, {
      ...values,
      locked_until: null,
      locked_by: null,
      updated_at: this.clock.now().toISOString(),
    });
  }

  /** Updates a job while `job`'s claim on it holds; false when the claim was lost. */
  private async updateClaimed(
    job: ClaimedJob,
    values:
      | UpdateObject<Database, 'jobs'>
      | ((eb: ExpressionBuilder<Database, 'jobs'>) => UpdateObject<Database, 'jobs'>),
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', job.lockedBy)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes finished jobs older than `ageMs` (the queue keeps them a while for inspection). */
  async purge(ageMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('updated_at', '<', iso(this.clock.now().getTime() - ageMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
