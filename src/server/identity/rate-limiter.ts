import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { SecretHasher } from './secrets';
import { PreparedQuery } from '../db/prepared-query';
import type { Dialect } from '../db/dialect';

/**
 * Adds `hits` to a bucket's count in one atomic statement on both databases: a new window
 * restarts the count at `hits`.
 */
const countHits = new PreparedQuery((db, p: { bucket: string; start: string; hits: number }) =>
  db
    .insertInto('rate_limits')
    .values({ bucket: p.bucket, window_start: p.start, hits: p.hits })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start = ${p.start} then rate_limits.hits + ${p.hits} else ${p.hits} end`,
        window_start: p.start,
      }),
    )
    .returning('hits'),
);

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
 * `countHits` for many buckets in one statement, each bucket once (`checkSoon`'s batches):
 * answers each bucket's total. The rows are written in the order of their buckets, so two
 * instances writing batches that share buckets take the rows' locks in the same order and never
 * wait for each other in a cycle (PostgreSQL detected a deadlock when each wrote its buckets in
 * the order it had met them, a statement each).
 */
const countBatch = new PreparedQuery((db, p: { batch: string }, dialect) =>
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

/**
 * How long hits counted by `checkSoon` wait before they are written, all buckets in one
 * statement: at most this much of another instance's hits goes unseen by this one.
 */
const BATCH_MS = 100;

/** What one counted hit found: whether it is within the limit, and when the window ends. */
export interface Hit {
  allowed: boolean;
  hits: number;
  /** Whole seconds until the window ends and the count starts again (at least 1). */
  retryAfterSeconds: number;
}

/** 429 with the catalogue message; the error handler sends `Retry-After` from it. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED');
  }
}

/**
 * Fixed-window counters, the one mechanism behind every limit of the server (/public, /api,
 * /lookup and client error reports), each answering 429 with the catalogue's RATE_LIMITED message
 * and `Retry-After`. A bucket is stored under a keyed hash (HMAC with the session secret) of its
 * name, so no store ever holds an e-mail address or an IP.
 *
 * Two stores, because the limits guard different things:
 * - `hit`/`check` (account and applicant routes): the database, shared by every instance and
 *   forgotten by no restart, or with REDIS_URL Redis, which takes these writes off the database.
 *   While Redis is away they count in the database: these limits guard passwords and accounts,
 *   so they are never left uncounted.
 * - `hitFast`/`checkFast` (/lookup and client error reports): Redis when configured, else this
 *   instance's memory, never the database. A lookup fires at every pause in typing and a report
 *   at every error a page meets: neither may cost a database write. A Redis that does not answer
 *   lets them through rather than breaking the form (they read public data, and an uncounted
 *   report only adds a few lines to the log).
 *
 * Written here rather than with @fastify/rate-limit because several limits apply to one request
 * (per IP before the body is read, per address after, the login backoff on failures only), with
 * an injectable clock for tests.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hasher: SecretHasher,
    private readonly redis?: { client: Redis; keyPrefix: string },
    /** The fast store without Redis (tests pass a small one to see it stay bounded). */
    private readonly memory: MemoryWindows = new MemoryWindows(),
  ) {}

  private readonly batched = new BatchedWindows();
  private flushing: NodeJS.Timeout | undefined;

  /** Counts one hit in bucket; not allowed once the bucket has had more than `limit` hits. */
  async hit(bucket: string, limit: number, windowMs: number): Promise<Hit> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    const key = this.hasher.hash('rate-limit', bucket);
    const hits = await this.count(key, windowStart, windowMs);
    return { allowed: hits <= limit, hits, retryAfterSeconds };
  }

  /** Counts a hit and throws the 429 when it is over the limit. */
  async check(bucket: string, limit: number, windowMs: number): Promise<void> {
    const result = await this.hit(bucket, limit, windowMs);
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds);
  }

  /**
   * Counts a hit and throws the 429 when it is over the limit, like `check`, without making the
   * request wait for a database write (the limits on every /api write, the busiest of them being
   * the save). This instance counts the hit at once; the database receives the hits of every
   * bucket together within BATCH_MS and answers each bucket's total, every instance's hits
   * included, which the next hits here count from. With Redis, the same as `check`.
   */
  async checkSoon(bucket: string, limit: number, windowMs: number): Promise<void> {
    if (this.redis) return this.check(bucket, limit, windowMs);
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    // Counted here under its name; hashed when written, once per batch rather than per hit.
    const hits = this.batched.count(bucket, windowStart, windowMs);
    this.flushing ??= setTimeout(() => void this.flushSoon(), BATCH_MS).unref();
    if (hits > limit) {
      throw new RateLimitedError(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
    }
  }

  /** Writes the hits `checkSoon` counted and not yet written (also when the server stops). */
  async flush(): Promise<void> {
    clearTimeout(this.flushing);
    this.flushing = undefined;
    const due = this.batched.take(this.clock.now().getTime());
    if (due.length === 0) return;
    try {
      const buckets = due.map(({ key }) => this.hasher.hash('rate-limit', key));
      const batch = due.map(({ windowStart, hits }, i) => ({
        bucket: buckets[i],
        start: new Date(windowStart).toISOString(),
        hits,
      }));
      const { rows } = await countBatch.execute(this.db, { batch: JSON.stringify(batch) });
      const totals = new Map(rows.map((row) => [row.bucket, Number(row.hits)]));
      due.forEach((entry, i) => this.batched.written(entry, totals.get(buckets[i]!)!));
    } catch (error) {
      // Not lost: counted again with the next batch.
      for (const entry of due) this.batched.unwritten(entry);
      throw error;
    }
  }

  private async flushSoon(): Promise<void> {
    try {
      await this.flush();
    } catch {
      // The database is away: the hits wait for the next batch, and GET /readyz says so.
      this.flushing ??= setTimeout(() => void this.flushSoon(), BATCH_MS).unref();
    }
  }

  /**
   * Counts one hit in the fast store: Redis, or this instance's memory without it; never the
   * database. While Redis does not answer the hit is allowed, uncounted.
   */
  async hitFast(bucket: string, limit: number, windowMs: number): Promise<Hit> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    const key = this.hasher.hash('rate-limit', bucket);
    let hits: number;
    if (this.redis) {
      const counted = await this.countInRedis(key, windowStart, windowMs);
      if (counted === undefined) return { allowed: true, hits: 0, retryAfterSeconds };
      hits = counted;
    } else {
      hits = this.memory.count(key, windowStart + windowMs, now);
    }
    return { allowed: hits <= limit, hits, retryAfterSeconds };
  }

  /** Counts a hit in the fast store and throws the 429 when it is over the limit. */
  async checkFast(bucket: string, limit: number, windowMs: number): Promise<void> {
    const result = await this.hitFast(bucket, limit, windowMs);
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds);
  }

  /** The hits counted in bucket's current window, without counting one. */
  async peek(bucket: string, windowMs: number): Promise<number> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    const key = this.hasher.hash('rate-limit', bucket);
    if (this.redis) {
      try {
        const value = await this.redis.client.get(this.redisKey(key, windowStart));
        return Number(value ?? 0);
      } catch {
        // Redis away: the database's count, as for hits.
      }
    }
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('bucket', '=', key)
      .executeTakeFirst();
    return row && row.window_start === new Date(windowStart).toISOString() ? Number(row.hits) : 0;
  }

  private redisKey(key: string, windowStart: number): string {
    return `${this.redis!.keyPrefix}rl:${key}:${windowStart}`;
  }

  /** The count after this hit, or undefined when Redis did not answer. */
  private async countInRedis(
    key: string,
    windowStart: number,
    windowMs: number,
  ): Promise<number | undefined> {
    try {
      const redisKey = this.redisKey(key, windowStart);
      // The key names its window and expires with it: Redis keeps nothing older.
      const result = await this.redis!.client.multi()
        .set(redisKey, 0, 'PX', windowMs + 1000, 'NX')
        .incr(redisKey)
        .exec();
      const hits = result?.[1]?.[1];
      return typeof hits === 'number' ? hits : undefined;
    } catch {
      return undefined;
    }
  }

  private async count(key: string, windowStart: number, windowMs: number): Promise<number> {
    if (this.redis) {
      const hits = await this.countInRedis(key, windowStart, windowMs);
      if (hits !== undefined) return hits;
      // Redis away: counted in the database instead, never uncounted.
    }
    const start = new Date(windowStart).toISOString();
    const row = await countHits.takeFirst(this.db, { bucket: key, start, hits: 1 });
    return Number(row!.hits);
  }
}

/**
 * Buckets the memory store holds at most: under 20 MB of heap (160 to 200 bytes a bucket, as
 * `npm run bench -- --only rate-limit` measures).
 */
export const MEMORY_BUCKETS_MAX = 100_000;

/**
 * The fast store without Redis: one count per bucket for its current window, in this instance's
 * memory. Ended windows are dropped as the clock passes them (a sweep at most once a second, so a
 * hit costs O(1) amortised), and at `maxBuckets` the tenth whose windows started first is
 * dropped: a flood of new IPs within one window costs some old counts, never unbounded memory.
 */
export class MemoryWindows {
  /** In the order their windows started: a bucket starting a new window moves to the end. */
  private readonly buckets = new Map<string, { windowEnd: number; hits: number }>();
  private nextSweep = 0;

  constructor(private readonly maxBuckets = MEMORY_BUCKETS_MAX) {}

  /** Counts one hit in key's window [.., windowEnd); returns the hits in that window so far. */
  count(key: string, windowEnd: number, now: number): number {
    if (now >= this.nextSweep) this.sweep(now);
    const bucket = this.buckets.get(key);
    if (bucket && bucket.windowEnd === windowEnd) {
      bucket.hits += 1;
      return bucket.hits;
    }
    if (bucket) this.buckets.delete(key);
    if (this.buckets.size >= this.maxBuckets) this.makeRoom(now);
    this.buckets.set(key, { windowEnd, hits: 1 });
    return 1;
  }

  /** Buckets held now (tests and the bench read it). */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Drops ended windows, then if still full the oldest tenth in one pass: a Map deleted from the
   * front one key at a time keeps holes its next iterator walks over again, so evicting one
   * bucket per new one would cost O(n) each time (measured: a hit slowing from 15 to 100 µs).
   */
  private makeRoom(now: number): void {
    this.sweep(now);
    let excess = this.buckets.size - this.maxBuckets + Math.ceil(this.maxBuckets / 10);
    if (this.buckets.size < this.maxBuckets) return;
    for (const key of this.buckets.keys()) {
      this.buckets.delete(key);
      if (--excess <= 0) break;
    }
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.windowEnd <= now) this.buckets.delete(key);
    }
    this.nextSweep = now + 1000;
  }
}

interface BatchEntry {
  /** The bucket's name (its keyed hash is what the database stores). */
  key: string;
  windowStart: number;
  hits: number;
}

/**
 * The counts behind `checkSoon`: per bucket, its current window's total as the database last
 * answered it, plus the hits counted here since then (some of them perhaps being written now).
 * A bucket is dropped once its window has ended and its hits are written.
 */
class BatchedWindows {
  private readonly buckets = new Map<
    string,
    { windowStart: number; windowEnd: number; stored: number; unwritten: number; writing: number }
  >();

  /** Counts one hit; returns the window's hits as far as this instance knows them. */
  count(key: string, windowStart: number, windowMs: number): number {
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.windowStart !== windowStart) {
      // A new window (the old one's unwritten hits no longer matter).
      bucket = {
        windowStart,
        windowEnd: windowStart + windowMs,
        stored: 0,
        unwritten: 0,
        writing: 0,
      };
      this.buckets.set(key, bucket);
    }
    bucket.unwritten += 1;
    return bucket.stored + bucket.writing + bucket.unwritten;
  }

  /** The hits to write now, marked as being written; drops the buckets of ended windows. */
  take(now: number): BatchEntry[] {
    const due: BatchEntry[] = [];
    for (const [key, bucket] of this.buckets) {
      if (bucket.unwritten > 0) {
        due.push({ key, windowStart: bucket.windowStart, hits: bucket.unwritten });
        bucket.writing += bucket.unwritten;
        bucket.unwritten = 0;
      } else if (bucket.writing === 0 && bucket.windowEnd <= now) {
        this.buckets.delete(key);
      }
    }
    return due;
  }

  /** The database counted `entry`'s hits and answered the window's total, every instance's. */
  written(entry: BatchEntry, total: number): void {
    const bucket = this.buckets.get(entry.key);
    if (!bucket || bucket.windowStart !== entry.windowStart) return;
    bucket.writing -= entry.hits;
    // Totals only grow within a window; a batch answering late must not lower it.
    bucket.stored = Math.max(bucket.stored, total - bucket.writing);
  }

  unwritten(entry: BatchEntry): void {
    const bucket = this.buckets.get(entry.key);
    if (!bucket || bucket.windowStart !== entry.windowStart) return;
    bucket.writing -= entry.hits;
    bucket.unwritten += entry.hits;
  }
}
