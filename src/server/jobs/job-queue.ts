import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
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
}

export const DEFAULT_MAX_ATTEMPTS = 3;

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
   * Claims the next due job, or one whose lease ran out, for `leaseMs`. One statement on SQLite
   * (UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING); on PostgreSQL a transaction that locks the
   * row with FOR UPDATE SKIP LOCKED, so concurrent runners never wait on each other's rows.
   */
  async claim(owner: string, leaseMs: number): Promise<ClaimedJob | undefined> {
    const nowMs = this.clock.now().getTime();
    const now = iso(nowMs);
    const lockedBy = `${owner}:${randomUUID()}`;
    const claimable = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', now)]),
      ]);
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
          .select('id')
          .where(claimable)
          .orderBy('run_after')
          .orderBy('created_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!next) return undefined;
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

  private async finish(
    job: ClaimedJob,
    values: { status: 'done' | 'queued' | 'failed'; last_error: string | null; run_after?: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        ...values,
        locked_until: null,
        locked_by: null,
        updated_at: this.clock.now().toISOString(),
      })
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
