import { sql } from 'kysely';
import type { Dialect } from '../db/dialect';
import { PreparedQuery } from '../db/prepared-query';

/** A bucket's hits in a batch, as `countBatch` reads them from its JSON parameter. */
interface BatchRow {
  bucket: string;
  start: string;
  hits: number;
}

const batchRows = (batch: string, dialect: Dialect) =>
  dialect === 'postgres'
    ? sql<BatchRow>`json_to_recordset(${batch}::json)`.as<'batch'>(
        sql`batch(bucket text, start text, hits integer)`,
      )
    : sql<BatchRow>`(select value ->> 'bucket' as bucket, value ->> 'start' as start,
        value ->> 'hits' as hits from json_each(${batch}))`.as('batch');

/**
 * Adds hits to many buckets in one statement, each bucket once (`checkSoon`'s batches):
 * answers each bucket's total. The rows are written in the order of their buckets, so two
 * instances writing batches that share buckets take the rows' locks in the same order and never
 * wait for each other in a cycle (PostgreSQL detected a deadlock when each wrote its buckets in
 * the order it had met them, a statement each).
 */
export const countBatch = new PreparedQuery((db, p: { batch: string }, dialect) =>
  db
    .insertInto('rate_limits')
    .columns(['bucket', 'window_start', 'hits'])
    .expression(
      db
        .selectFrom(batchRows(p.batch, dialect))
        .select(['batch.bucket', 'batch.start', 'batch.hits'])
        // SQLite reads ON CONFLICT after a SELECT without WHERE as a join's ON.
        .where(sql<boolean>`true`)
        .orderBy('batch.bucket'),
    )
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start = excluded.window_start
          then rate_limits.hits + excluded.hits else excluded.hits end`,
        window_start: (eb) => eb.ref('excluded.window_start'),
      }),
    )
    .returning(['bucket', 'hits']),
);

/** `tat` moved on by `step` milliseconds, written as toISOString writes it. */
const later = (tat: unknown, step: number, dialect: Dialect) =>
  dialect === 'postgres'
    ? sql<string>`to_char((${tat}::timestamptz + ${step} * interval '1 millisecond') at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${tat}, '+' || (${step} / 1000.0) || ' seconds')`;

/** ISO instants compare as text; PostgreSQL's default collation would not order them so. */
const text = (value: unknown, dialect: Dialect) =>
  dialect === 'postgres' ? sql`${value} collate "C"` : sql`${value}`;

/**
 * One hit of a sliding limit (the generic cell rate algorithm), in one atomic statement on both
 * databases. The row keeps the bucket's theoretical arrival time (TAT) in `window_start`: each
 * allowed hit moves it `step` (window / limit) past the later of itself and now, and a hit is
 * allowed while the TAT is at most `allowUntil` (now + window - step). A refused hit changes
 * nothing, so a client that keeps knocking is not kept out for longer. `hits` answers 1 for an
 * allowed hit and 0 for a refused one. A TAT in the past is an empty bucket, so the purge of
 * rows older than a day never forgets a live one.
 */
export const slidingHit = new PreparedQuery(
  (
    db,
    p: { bucket: string; now: string; nowPlusStep: string; allowUntil: string; step: number },
    dialect,
  ) =>
    db
      .insertInto('rate_limits')
      .values({ bucket: p.bucket, window_start: p.nowPlusStep, hits: 1 })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`case when ${text(sql.ref('rate_limits.window_start'), dialect)}
            <= ${p.allowUntil} then 1 else 0 end`,
          window_start: sql<string>`case
            when ${text(sql.ref('rate_limits.window_start'), dialect)} > ${p.allowUntil}
              then rate_limits.window_start
            when ${text(sql.ref('rate_limits.window_start'), dialect)} > ${p.now}
              then ${later(sql.ref('rate_limits.window_start'), p.step, dialect)}
            else ${p.nowPlusStep} end`,
        }),
      )
      .returning(['hits', 'window_start']),
);

/** Sets a bucket's TAT, whatever it was: `RateLimiter.remember`'s "until then". */
export const setTat = new PreparedQuery((db, p: { bucket: string; tat: string }) =>
  db
    .insertInto('rate_limits')
    .values({ bucket: p.bucket, window_start: p.tat, hits: 1 })
    .onConflict((oc) => oc.column('bucket').doUpdateSet({ window_start: p.tat, hits: 1 })),
);

/** A bucket's stored row: its TAT for a sliding limit, its window's start for a fixed one. */
export const readBucket = new PreparedQuery((db, p: { bucket: string }) =>
  db.selectFrom('rate_limits').select(['hits', 'window_start']).where('bucket', '=', p.bucket),
);
