import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Clock } from '../clock';

/**
 * Fixed-window counters kept in the database, so every server instance shares them and a restart
 * forgets nothing. Written here rather than with @fastify/rate-limit because each /public route
 * needs two limits at once (per IP before the body is read, per username after), with an
 * injectable clock for tests.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit in bucket; false once the bucket has had more than `limit` hits in this window. */
  async hit(bucket: string, limit: number, windowMs: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    const windowStart = new Date(now - (now % windowMs)).toISOString();
    // One atomic statement on both databases: a new window restarts the count at 1.
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, window_start: windowStart, hits: 1 })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.hits + 1 else 1 end`,
          window_start: windowStart,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return Number(row.hits) <= limit;
  }
}
