import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type UpdateObject } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/tables';

/** A job a runner holds: run it, then complete, retry or fail it with its lock token. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
  /** The claim's token: only its holder may finish the job (a later claimer has another). */
  lockedBy: string;
}

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Whose job it is (an applicant's account id): at most one of an owner's jobs runs at a time. */
  owner?: string;
  /** A job of bounded cost (an image): may run in a runner's express slot (JobRunnerOptions). */
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

  /**
   * Claims the next due job, or one whose lease ran out, for `leaseMs`, skipping jobs whose owner
   * has another job running (fairness: one applicant's slow jobs hold one slot at most, so another
   * applicant's job waits at most one job's time). One statement on SQLite (UPDATE … WHERE id =
   * (SELECT … LIMIT 1) RETURNING; SQLite runs one writer at a time, so two claims cannot both see
   * an owner idle); on PostgreSQL a transaction that locks the row with FOR UPDATE SKIP LOCKED,
   * so concurrent runners never wait on each other's rows, then takes the owner's advisory lock
   * and checks again that none of the owner's jobs runs.
   */
  async claim(
    owner: string,
    leaseMs: number,
    options: { expressOnly?: boolean } = {},
  ): Promise<ClaimedJob | undefined> {
    const nowMs = this.clock.now().getTime();
    const now = iso(nowMs);
    const lockedBy = `${owner}:${randomUUID()}`;
    const ownerBusy = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.exists(
        eb
          .selectFrom('jobs as other')
          .select('other.id')
          .whereRef('other.owner', '=', 'jobs.owner')
          .whereRef('other.id', '<>', 'jobs.id')
          .where('other.status', '=', 'running')
          .where('other.locked_until', '>', now),
      );
    const claimable = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.and([
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', now)]),
        ]),
        eb.or([eb('owner', 'is', null), eb.not(ownerBusy(eb))]),
        ...(options.expressOnly ? [eb('express', '=', 1)] : []),
      ]);
    // Owners whose jobs have run least recently first (those that never ran, and jobs of no owner,
    // before all): with one slot, another applicant waits for one job at most, not for the queue
    // of jobs one applicant sent before.
    const lastRan = sql<string>`coalesce((select max(o.updated_at) from jobs o where o.owner = jobs.owner and o.status <> 'queued'), '')`;
    const running = (eb: ExpressionBuilder<Database, 'jobs'>) => ({
      status: 'running' as const,
      attempts: eb('attempts', '+', 1),
      locked_until: iso(nowMs + leaseMs),
      locked_by: lockedBy,
      updated_at: now,
    });

    let row;
    if (dialectOf(this.db) === 'postgres') {
      row = await this.db.transaction().execute(async (trx) => {
        const next = await trx
          .selectFrom('jobs')
          .select(['id', 'owner'])
          .where(claimable)
          .orderBy(lastRan)
          .orderBy('run_after')
          .orderBy('created_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!next) return undefined;
        if (next.owner !== null) {
          // Another runner may be claiming this owner's other job right now: the advisory lock
          // (held until commit) orders the two, and the check after it sees the first's claim.
          await sql`select pg_advisory_xact_lock(hashtext(${`jobs:${next.owner}`}))`.execute(trx);
          const busy = await trx
            .selectFrom('jobs')
            .select('id')
            .where('owner', '=', next.owner)
            .where('id', '<>', next.id)
            .where('status', '=', 'running')
            .where('locked_until', '>', now)
            .executeTakeFirst();
          if (busy) return undefined;
        }
        return trx
          .updateTable('jobs')
          .set(running)
          .where('id', '=', next.id)
          .returningAll()
          .executeTakeFirst();
      });
    } else {
      row = await this.db
        .updateTable('jobs')
        .set(running)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where(claimable)
            .orderBy(lastRan)
            .orderBy('run_after')
            .orderBy('created_at')
            .limit(1),
        )
        .returningAll()
        .executeTakeFirst();
    }
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload) as unknown,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      lockedBy,
    };
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
