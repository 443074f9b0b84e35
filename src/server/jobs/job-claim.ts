import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
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

export interface ClaimOptions {
  /** Light jobs only: the claim is for a runner's light slot. */
  expressOnly?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Jobs a claim at `now` may take: due, or lease run out, and their owner running no other. */
function claimableAt(now: string, options: ClaimOptions) {
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
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', now)]),
      ]),
      eb.or([eb('owner', 'is', null), eb.not(ownerBusy(eb))]),
      ...(options.expressOnly ? [eb('express', '=', 1)] : []),
    ]);
}

/** Whether a claim with these options would find a job now, without claiming it. */
export async function anyClaimable(db: Db, clock: Clock, options: ClaimOptions): Promise<boolean> {
  const claimable = claimableAt(clock.now().toISOString(), options);
  const row = await db.selectFrom('jobs').select('id').where(claimable).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the next due job, or one whose lease ran out, for `leaseMs` (JobQueue.claim), skipping
 * jobs whose owner has another job running (fairness: one applicant's slow jobs hold one slot at
 * most, so another applicant's job waits at most one job's time). One statement on SQLite
 * (UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING; SQLite runs one writer at a time, so two
 * claims cannot both see an owner idle); on PostgreSQL a transaction that locks the row with FOR
 * UPDATE SKIP LOCKED, so concurrent runners never wait on each other's rows, then takes the
 * owner's advisory lock and checks again that none of the owner's jobs runs.
 */
export async function claimJob(
  db: Db,
  clock: Clock,
  owner: string,
  leaseMs: number,
  options: ClaimOptions = {},
): Promise<ClaimedJob | undefined> {
  const nowMs = clock.now().getTime();
  const now = iso(nowMs);
  const lockedBy = `${owner}:${randomUUID()}`;
  const claimable = claimableAt(now, options);
  // Owners whose jobs have run least recently first (those that never ran, and jobs of no owner,
  // before all): with one slot, another applicant waits for one job at most, not for the queue
  // of jobs one applicant sent before. Light jobs are not put first here: they have slots of their
  // own (JobRunnerOptions.expressSlots), and the general slots stay first come, first served.
  const lastRan = sql<string>`coalesce((select max(o.updated_at) from jobs o where o.owner = jobs.owner and o.status <> 'queued'), '')`;
  const running = (eb: ExpressionBuilder<Database, 'jobs'>) => ({
    status: 'running' as const,
    attempts: eb('attempts', '+', 1),
    locked_until: iso(nowMs + leaseMs),
    locked_by: lockedBy,
    updated_at: now,
  });

  let row;
  if (dialectOf(db) === 'postgres') {
    row = await db.transaction().execute(async (trx) => {
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
    row = await db
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
