import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { SecretHasher } from './secrets';

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
 * Fixed-window counters, the one mechanism behind every /public and /api limit: kept in the
 * database (every instance shares them and a restart forgets nothing) or, with REDIS_URL, in
 * Redis, which takes these writes off the database. A bucket is stored under a keyed hash (HMAC
 * with the session secret) of its name, so the table never holds an e-mail address or an IP.
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
  ) {}

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

  private async count(key: string, windowStart: number, windowMs: number): Promise<number> {
    if (this.redis) {
      try {
        const redisKey = this.redisKey(key, windowStart);
        // The key names its window and expires with it: Redis keeps nothing older.
        const result = await this.redis.client
          .multi()
          .set(redisKey, 0, 'PX', windowMs + 1000, 'NX')
          .incr(redisKey)
          .exec();
        const hits = result?.[1]?.[1];
        if (typeof hits === 'number') return hits;
      } catch {
        // Redis away: counted in the database instead, never uncounted.
      }
    }
    const start = new Date(windowStart).toISOString();
    // One atomic statement on both databases: a new window restarts the count at 1.
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket: key, window_start: start, hits: 1 })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start = ${start} then rate_limits.hits + 1 else 1 end`,
          window_start: start,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return Number(row.hits);
  }
}
