/**
 * The limiter's sliding limits (hit, check, probe), on each database and on Redis: a burst of
 * `limit` hits, then one more each window / limit, with no window boundary at which a count starts
 * again; a refused hit changes nothing; Retry-After is the real time until a hit is allowed.
 */
import type { Redis } from 'ioredis';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock';
import { RateLimitedError, RateLimiter } from '../../../src/server/identity/rate-limiter';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { connectRedis } from '../../../src/server/ops/redis';
import { databases, openTestDatabase, type TestDatabase } from '../helpers/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const hasher = new SecretHasher('sliding-rate-limit-test-secret');
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const keyPrefix = `sliding-test-${process.pid}:`;

let redis: Redis | undefined;
beforeAll(async () => {
  if (redisUrl) redis = await connectRedis(redisUrl, Fastify({ logger: false }).log);
});
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const stores = databases.flatMap(({ name, url }) => [
  { name: `${name}`, url, redis: false },
  ...(redisUrl ? [{ name: `redis over ${name}`, url, redis: true }] : []),
]);

describe.each(stores)('sliding limits on $name', ({ url, redis: inRedis }) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.close();
  });

  /** A limiter whose clock starts a minute before an hour begins, where a fixed window resets. */
  const limiterAt = async (start = '2026-01-15T12:59:00.000Z') => {
    database = await openTestDatabase(url);
    const clock = new ManualClock(start);
    const store = inRedis ? { client: redis!, keyPrefix } : undefined;
    return { clock, limiter: new RateLimiter(database.db, clock, hasher, store) };
  };
  const bucket = () => `sliding-test:${Math.random()}`;

  it('allows a burst of the limit, then one more each window / limit, across the hour', async () => {
    const { clock, limiter } = await limiterAt();
    const name = bucket();
    const burst = [];
    for (let i = 0; i < 4; i++) burst.push(await limiter.hit(name, 3, HOUR));
    expect(burst.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(burst.map((h) => h.hits)).toEqual([1, 2, 3, 3]);
    // Room for one more comes 20 minutes (an hour / 3) after the first hit.
    expect(burst[3]!.retryAfterSeconds).toBe(20 * 60);

    // 13:00:30: a fixed hour would have started again; the sliding limit has not.
    clock.advance(90_000);
    const early = await limiter.hit(name, 3, HOUR);
    expect(early).toEqual({ allowed: false, hits: 3, retryAfterSeconds: 20 * 60 - 90 });

    // The refused hits moved nothing: one second before the twenty minutes, still refused...
    clock.advance((20 * 60 - 90 - 1) * 1000);
    expect((await limiter.hit(name, 3, HOUR)).retryAfterSeconds).toBe(1);
    // ...and allowed at the time Retry-After named, once, then refused for another 20 minutes.
    clock.advance(1000);
    expect((await limiter.hit(name, 3, HOUR)).allowed).toBe(true);
    const next = limiter.check(name, 3, HOUR).catch((error: unknown) => error);
    expect(await next).toBeInstanceOf(RateLimitedError);
    expect(((await next) as RateLimitedError).retryAfterSeconds).toBe(20 * 60);

    // After an hour of quiet the bucket is empty: a whole burst again.
    clock.advance(HOUR);
    const again = [];
    for (let i = 0; i < 4; i++) again.push((await limiter.hit(name, 3, HOUR)).allowed);
    expect(again).toEqual([true, true, true, false]);

    // Counted in the store under test, under a keyed hash of the bucket's name.
    const rows = await database.db.selectFrom('rate_limits').select('bucket').execute();
    expect(rows).toHaveLength(inRedis ? 0 : 1);
    if (inRedis) {
      const keys = await redis!.keys(`${keyPrefix}rls:*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).toMatch(/^sliding-test-\d+:rls:[A-Za-z0-9_-]{43}$/);
    }
  });

  it('keeps a client knocking every minute to the steady pace, not a new burst each hour', async () => {
    const { clock, limiter } = await limiterAt('2026-01-15T12:30:00.000Z');
    const name = bucket();
    const allowedAt: number[] = [];
    for (let minute = 0; minute < 180; minute++) {
      if ((await limiter.hit(name, 6, HOUR)).allowed) allowedAt.push(minute);
      clock.advance(MINUTE);
    }
    // Six in a row, then one each ten minutes (an hour / 6) for the rest of the three hours. Fixed
    // hours would have let six more through in a row at 13:00 (minute 30) and again at 14:00.
    const steady = Array.from({ length: 17 }, (_, i) => 10 * (i + 1));
    expect(allowedAt).toEqual([0, 1, 2, 3, 4, 5, ...steady]);
  });

  it('probes without counting, and counts each bucket apart', async () => {
    const { clock, limiter } = await limiterAt();
    const name = bucket();
    expect(await limiter.probe(name, 2, MINUTE)).toEqual({
      allowed: true,
      hits: 0,
      retryAfterSeconds: 1,
    });
    await limiter.check(name, 2, MINUTE);
    await limiter.check(name, 2, MINUTE);
    const full = await limiter.probe(name, 2, MINUTE);
    expect(full).toEqual({ allowed: false, hits: 2, retryAfterSeconds: 30 });
    expect(await limiter.probe(name, 2, MINUTE)).toEqual(full);
    expect((await limiter.hit(`${name}:other`, 2, MINUTE)).allowed).toBe(true);
    clock.advance(30_000);
    expect((await limiter.probe(name, 2, MINUTE)).allowed).toBe(true);
  });

  it('remembers a bucket for the time given, renewed by each call', async () => {
    const { clock, limiter } = await limiterAt();
    const name = bucket();
    expect(await limiter.remembers(name)).toBe(false);
    await limiter.remember(name, HOUR);
    clock.advance(HOUR - 1);
    expect(await limiter.remembers(name)).toBe(true);
    await limiter.remember(name, HOUR);
    clock.advance(HOUR - 1);
    expect(await limiter.remembers(name)).toBe(true);
    clock.advance(1);
    expect(await limiter.remembers(name)).toBe(false);
  });
});
