/**
 * RateLimiter's fast store, behind /lookup and client error reports: this instance's memory
 * without Redis (fixed windows, ended windows dropped, a bounded number of buckets), Redis with
 * REDIS_URL (keyed hashes, never an IP), and a Redis that does not answer lets hits through.
 * Never a database write.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock';
import { openDatabase, type Db } from '../../../src/server/db/database';
import { MemoryWindows } from '../../../src/server/identity/rate-limit-memory-store';
import { RateLimitedError, RateLimiter } from '../../../src/server/identity/rate-limiter';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { connectRedis } from '../../../src/server/ops/redis';
import { createTestApp, fixtureForms, type TestApp } from '../helpers/test-app';
import { scratchDir } from '../../helpers/scratch-dir';

const MINUTE = 60_000;
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const hasher = new SecretHasher('fast-rate-limit-test-secret');
const silentLog = Fastify({ logger: false }).log;

let db: Db;
beforeAll(async () => {
  const dataDir = scratchDir('admissions-fast-limit');
  db = await openDatabase({ url: '', dataDir });
});
afterAll(async () => {
  await db.destroy();
});

const rowsInDatabase = async () =>
  (await db.selectFrom('rate_limits').select('bucket').execute()).length;

describe('the fast store in memory (no REDIS_URL)', () => {
  it('counts a fixed window, refuses past the limit with the seconds left, and starts again', async () => {
    // 12:00:00.000: the start of a minute window.
    const clock = new ManualClock();
    const limiter = new RateLimiter(db, clock, hasher);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hitFast('lookup:192.0.2.1', 3, MINUTE));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4]);
    expect(results[3]!.retryAfterSeconds).toBe(60);

    // 14.5 s before the window ends: Retry-After rounds up, never to 0.
    clock.advance(45_500);
    const error = await limiter.checkFast('lookup:192.0.2.1', 3, MINUTE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(15);
    expect((error as RateLimitedError).code).toBe('RATE_LIMITED');
    clock.advance(14_499);
    expect((await limiter.hitFast('lookup:192.0.2.1', 3, MINUTE)).retryAfterSeconds).toBe(1);

    // Another IP has its own count.
    expect((await limiter.hitFast('lookup:192.0.2.2', 3, MINUTE)).allowed).toBe(true);

    // The next window starts the count again.
    clock.advance(1);
    const next = await limiter.hitFast('lookup:192.0.2.1', 3, MINUTE);
    expect(next).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 60 });
    await expect(limiter.checkFast('lookup:192.0.2.1', 3, MINUTE)).resolves.toBeUndefined();

    expect(await rowsInDatabase()).toBe(0);
  });

  it('drops the buckets of ended windows', async () => {
    const clock = new ManualClock();
    const memory = new MemoryWindows();
    const limiter = new RateLimiter(db, clock, hasher, undefined, memory);
    // A thousand minutes of ten new IPs each: only the current minute's are kept.
    for (let minute = 0; minute < 1000; minute++) {
      for (let i = 0; i < 10; i++) await limiter.hitFast(`lookup:10.${minute}.0.${i}`, 5, MINUTE);
      expect(memory.size).toBe(10);
      clock.advance(MINUTE);
    }
    await limiter.hitFast('lookup:192.0.2.9', 5, MINUTE);
    expect(memory.size).toBe(1);
  });

  it('holds at most maxBuckets, dropping the oldest window first', async () => {
    const clock = new ManualClock();
    const memory = new MemoryWindows(100);
    const limiter = new RateLimiter(db, clock, hasher, undefined, memory);
    await limiter.hitFast('lookup:192.0.2.1', 2, MINUTE);
    await limiter.hitFast('lookup:192.0.2.1', 2, MINUTE);
    // One window, a flood of new IPs: memory stays at the bound.
    for (let i = 0; i < 1000; i++) {
      await limiter.hitFast(`lookup:flood-${i}`, 2, MINUTE);
      expect(memory.size).toBeLessThanOrEqual(100);
    }
    expect(memory.size).toBeGreaterThanOrEqual(90);
    // The newest buckets kept their counts: the last IP of the flood is still counted.
    expect((await limiter.hitFast('lookup:flood-999', 1, MINUTE)).hits).toBe(2);
  });

  it('keeps nothing in the database, whatever the count', async () => {
    const limiter = new RateLimiter(db, new ManualClock(), hasher);
    for (let i = 0; i < 50; i++) await limiter.hitFast(`client-errors:198.51.100.${i}`, 1, MINUTE);
    expect(await rowsInDatabase()).toBe(0);
  });
});

describe('the fast store with a Redis that does not answer', () => {
  let dead: Redis;
  beforeAll(async () => {
    dead = await connectRedis('redis://127.0.0.1:1', silentLog);
  });
  afterAll(() => {
    dead.disconnect();
  });

  it('lets every hit through at once, uncounted, and writes nothing to the database', async () => {
    const limiter = new RateLimiter(db, new ManualClock(), hasher, {
      client: dead,
      keyPrefix: 'dead:',
    });
    const started = Date.now();
    for (let i = 0; i < 10; i++) {
      const result = await limiter.hitFast('lookup:192.0.2.1', 2, MINUTE);
      expect(result.allowed).toBe(true);
      expect(result.hits).toBe(0);
    }
    await expect(limiter.checkFast('lookup:192.0.2.1', 2, MINUTE)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await rowsInDatabase()).toBe(0);

    // Unlike the account limits, which count in the database instead.
    const durable = [];
    for (let i = 0; i < 3; i++)
      durable.push((await limiter.hit('ip:192.0.2.1', 2, MINUTE)).allowed);
    expect(durable).toEqual([true, true, false]);
    await db.deleteFrom('rate_limits').execute();
  });
});

describe('the fast store in Redis (REDIS_URL)', () => {
  let redis: Redis | undefined;
  const keyPrefix = `test-${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    if (redisUrl) redis = await connectRedis(redisUrl, silentLog);
  });
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it.skipIf(!redisUrl)('counts in Redis under keyed hashes, never the IP', async () => {
    const clock = new ManualClock();
    const memory = new MemoryWindows();
    const limiter = new RateLimiter(db, clock, hasher, { client: redis!, keyPrefix }, memory);
    const allowed = [];
    for (let i = 0; i < 3; i++)
      allowed.push((await limiter.hitFast('lookup:203.0.113.7', 2, MINUTE)).allowed);
    expect(allowed).toEqual([true, true, false]);
    // Another limiter on the same Redis (another instance) shares the count.
    const other = new RateLimiter(db, clock, hasher, { client: redis!, keyPrefix });
    expect((await other.hitFast('lookup:203.0.113.7', 2, MINUTE)).hits).toBe(4);

    const keys = await redis!.keys(`${keyPrefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${keyPrefix}rl:[A-Za-z0-9_-]{43}:\\d+$`));
    expect(keys[0]).not.toContain('203.0.113');
    expect(keys[0]).not.toContain('lookup');
    // The key expires with its window.
    expect(await redis!.pttl(keys[0]!)).toBeGreaterThan(0);
    expect(await redis!.pttl(keys[0]!)).toBeLessThanOrEqual(MINUTE + 1000);
    expect(memory.size).toBe(0);
    expect(await rowsInDatabase()).toBe(0);
  });
});

describe('/lookup/find and /public/client-errors on the fast store', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answer 429 with Retry-After from the window, and count again in the next one', async () => {
    t = await createTestApp(
      '',
      { RATE_LIMIT_LOOKUP_PER_MINUTE: '2', RATE_LIMIT_REPORTS_PER_MINUTE: '1' },
      fixtureForms,
    );
    const app = t;
    const find = () =>
      app.app.inject({
        method: 'GET',
        url: '/lookup/find?category=hs_ceeb&query=x',
        remoteAddress: '192.0.2.30',
      });
    const report = () =>
      app.call('POST', '/public/client-errors', {
        kind: 'uncaught',
        message: 'Error: x',
        route: '/about',
        buildId: 'b1',
      });
    const start = app.clock.now().getTime();
    // 20 s into a minute window, whatever the test clock's start.
    app.clock.advance(MINUTE - (start % MINUTE) + 20_000);
    expect([(await find()).statusCode, (await find()).statusCode]).toEqual([200, 200]);
    const limited = await find();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.json()).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'RATE_LIMITED',
    });
    expect((await report()).statusCode).toBe(204);
    const reportLimited = await report();
    expect(reportLimited.statusCode).toBe(429);
    expect(reportLimited.headers['retry-after']).toBe('40');
    // No @fastify/rate-limit headers: the limiter says only when to come back.
    expect(Object.keys(limited.headers).some((h) => h.startsWith('x-ratelimit'))).toBe(false);

    app.clock.advance(40_000);
    expect((await find()).statusCode).toBe(200);
    expect((await report()).statusCode).toBe(204);
    const rows = await app.db.selectFrom('rate_limits').select('bucket').execute();
    expect(rows).toHaveLength(0);
  });
});
