import type { Redis } from 'ioredis';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { SecretHasher } from './secrets';
import { BatchedWindows } from './rate-limit-batches';
import { countBatch, readBucket, setTat, slidingHit } from './rate-limit-database-store';
import { MemoryWindows } from './rate-limit-memory-store';
import { RedisWindows } from './rate-limit-redis-store';

/**
 * How long hits counted by `checkSoon` wait before they are written, all buckets in one
 * statement: at most this much of another instance's hits goes unseen by this one.
 */
const BATCH_MS = 100;

/** What one counted hit found: whether it is within the limit, and when to come back. */
export interface Hit {
  allowed: boolean;
  /** The hits the bucket holds now, this one included when it was allowed. */
  hits: number;
  /**
   * Whole seconds (at least 1) until a hit is allowed again: for a fixed window, until it ends;
   * for a sliding limit, until the bucket has room for one more hit.
   */
  retryAfterSeconds: number;
}

/** 429 with the catalogue message; the error handler sends `Retry-After` from it. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED');
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The one mechanism behind every limit of the server (/public, /api, /lookup, client error
 * reports, staff sign-in), each answering 429 with the catalogue's RATE_LIMITED message and
 * `Retry-After`. A bucket is stored under a keyed hash (HMAC with the session secret) of its
 * name, so no store ever holds an e-mail address or an IP.
 *
 * - `hit`/`check`/`probe` (account, sign-in and staff routes): sliding limits, `limit` hits in a
 *   burst and then one more each window / limit (the generic cell rate algorithm, GCRA): no
 *   window boundary at which a count starts again, so the limits hold the same at any moment
 *   and `Retry-After` is the real time until a hit is allowed. Counted in the database (one
 *   atomic statement), or with REDIS_URL in Redis; while Redis is away in the database: these
 *   limits guard passwords and accounts, so they are never left uncounted.
 * - `checkSoon` (every /api write): fixed windows counted here at once and written to the
 *   database in batches, so a save never waits for a counter.
 * - `hitFast`/`checkFast` (/lookup and client error reports): fixed windows in Redis when
 *   configured, else in this instance's memory, never the database. A Redis that does not answer
 *   lets them through rather than breaking the form.
 *
 * Written here rather than with @fastify/rate-limit because several limits apply to one request
 * (per IP before the body is read, per address after, sign-in limits that depend on the device),
 * with an injectable clock for tests.
 */
export class RateLimiter {
  private readonly redis?: RedisWindows;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hasher: SecretHasher,
    redis?: { client: Redis; keyPrefix: string },
    /** The fast store without Redis (tests pass a small one to see it stay bounded). */
    private readonly memory: MemoryWindows = new MemoryWindows(),
  ) {
    if (redis) this.redis = new RedisWindows(redis.client, redis.keyPrefix);
  }

  private readonly batched = new BatchedWindows();
  private flushing: NodeJS.Timeout | undefined;

  /** Counts one hit of a sliding limit: allowed while the last `windowMs` had room for it. */
  async hit(bucket: string, limit: number, windowMs: number): Promise<Hit> {
    const now = this.clock.now().getTime();
    const { step, allowUntil } = sliding(now, limit, windowMs);
    const key = this.hasher.hash('sliding-rate-limit', bucket);
    const state =
      (await this.redis?.slidingHit(key, now, step, allowUntil)) ??
      (await this.slidingInDatabase(key, now, step, allowUntil));
    return outcome(state, now, step, allowUntil);
  }

  /** Counts a hit and throws the 429 when it is over the limit. */
  async check(bucket: string, limit: number, windowMs: number): Promise<void> {
    const result = await this.hit(bucket, limit, windowMs);
    if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds);
  }

  /** What a hit of a sliding limit would find now, without counting one. */
  async probe(bucket: string, limit: number, windowMs: number): Promise<Hit> {
    const now = this.clock.now().getTime();
    const { step, allowUntil } = sliding(now, limit, windowMs);
    const key = this.hasher.hash('sliding-rate-limit', bucket);
    let tat = await this.redis?.slidingTat(key);
    if (tat === undefined) {
      const row = await readBucket.takeFirst(this.db, { bucket: key });
      tat = row ? Date.parse(row.window_start) : 0;
    }
    return outcome({ allowed: tat <= allowUntil, tat }, now, step, allowUntil);
  }

  /**
   * Remembers `bucket` for `ms` from now (later calls renew it), in the sliding limits' store:
   * `remembers` answers true until then. Sign-in's trusted networks (login-limits.ts).
   */
  async remember(bucket: string, ms: number): Promise<void> {
    const now = this.clock.now().getTime();
    const key = this.hasher.hash('sliding-rate-limit', bucket);
    if (await this.redis?.setTat(key, now, now + ms)) return;
    await setTat.execute(this.db, { bucket: key, tat: new Date(now + ms).toISOString() });
  }

  /** Whether `remember` was called for bucket within the time it named. */
  async remembers(bucket: string): Promise<boolean> {
    return (await this.probe(bucket, 1, 1)).hits > 0;
  }

  private async slidingInDatabase(key: string, now: number, step: number, allowUntil: number) {
    const row = await slidingHit.takeFirst(this.db, {
      bucket: key,
      now: new Date(now).toISOString(),
      nowPlusStep: new Date(now + step).toISOString(),
      allowUntil: new Date(allowUntil).toISOString(),
      step,
    });
    return { allowed: Number(row!.hits) === 1, tat: Date.parse(row!.window_start) };
  }

  /**
   * Counts a hit and throws the 429 when it is over the limit, like `check`, without making the
   * request wait for a database write (the limits on every /api write, the busiest of them being
   * the save). This instance counts the hit at once; the database receives the hits of every
   * bucket together within BATCH_MS and answers each bucket's total, every instance's hits
   * included, which the next hits here count from. With Redis, counted there at once.
   */
  async checkSoon(bucket: string, limit: number, windowMs: number): Promise<void> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    if (this.redis) {
      const key = this.hasher.hash('rate-limit', bucket);
      const hits = await this.redis.count(key, windowStart, windowMs);
      if (hits !== undefined) {
        if (hits > limit) throw new RateLimitedError(seconds(windowStart + windowMs - now));
        return;
      }
      // Redis away: counted with the database's batches instead, never uncounted.
    }
    // Counted here under its name; hashed when written, once per batch rather than per hit.
    const hits = this.batched.count(bucket, windowStart, windowMs);
    this.flushing ??= setTimeout(() => void this.flushSoon(), BATCH_MS).unref();
    if (hits > limit) throw new RateLimitedError(seconds(windowStart + windowMs - now));
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
    const retryAfterSeconds = seconds(windowStart + windowMs - now);
    const key = this.hasher.hash('rate-limit', bucket);
    let hits: number;
    if (this.redis) {
      const counted = await this.redis.count(key, windowStart, windowMs);
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

  /** The hits `checkSoon` wrote for bucket's current fixed window, without counting one. */
  async peek(bucket: string, windowMs: number): Promise<number> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    const key = this.hasher.hash('rate-limit', bucket);
    const inRedis = await this.redis?.peek(key, windowStart);
    if (inRedis !== undefined) return inRedis;
    const row = await readBucket.takeFirst(this.db, { bucket: key });
    return row && row.window_start === new Date(windowStart).toISOString() ? Number(row.hits) : 0;
  }
}

/**
 * A sliding limit's numbers at `now`: each hit moves the bucket's TAT on by `step`, and a hit is
 * allowed while the TAT is at most `allowUntil`, so `limit` hits fit in a burst.
 */
function sliding(now: number, limit: number, windowMs: number) {
  const step = Math.max(1, Math.round(windowMs / limit));
  return { step, allowUntil: now + (limit - 1) * step };
}

function outcome(
  state: { allowed: boolean; tat: number },
  now: number,
  step: number,
  allowUntil: number,
): Hit {
  const tat = Math.max(state.tat, now);
  return {
    allowed: state.allowed,
    hits: Math.ceil((tat - now) / step),
    retryAfterSeconds: seconds(tat - allowUntil),
  };
}
