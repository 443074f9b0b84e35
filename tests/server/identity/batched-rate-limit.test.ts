/**
 * RateLimiter.checkSoon, behind every /api write: counted by this instance at once, so a request
 * past the limit is refused without waiting for the database, and written to the database in
 * batches whose totals bring in the hits of every other instance.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock';
import { RateLimitedError, RateLimiter } from '../../../src/server/identity/rate-limiter';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;
const hasher = new SecretHasher('batched-rate-limit-test-secret');

describe.each(databases)('per-account write limits counted in batches on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, {}, fixtureForms);
  });
  afterAll(async () => t?.close());

  const refused = (limiter: RateLimiter, bucket: string, limit: number) =>
    limiter.checkSoon(bucket, limit, MINUTE).then(
      () => undefined,
      (error: unknown) => error,
    );

  it('refuses past the limit at once, and writes the hits with the next batch', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(t.db, clock, hasher);
    for (let i = 0; i < 3; i++) expect(await refused(limiter, 'api-writes:a', 3)).toBeUndefined();
    const error = await refused(limiter, 'api-writes:a', 3);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(60);
    expect(await limiter.peek('api-writes:a', MINUTE)).toBe(0);

    await limiter.flush();
    expect(await limiter.peek('api-writes:a', MINUTE)).toBe(4);

    // The next window starts the count again, in memory and in the database.
    clock.advance(MINUTE);
    expect(await refused(limiter, 'api-writes:a', 3)).toBeUndefined();
    await limiter.flush();
    expect(await limiter.peek('api-writes:a', MINUTE)).toBe(1);
  });

  it('writes the hits within a moment without being asked', async () => {
    const limiter = new RateLimiter(t.db, new ManualClock(), hasher);
    await limiter.checkSoon('api-writes:b', 10, MINUTE);
    await limiter.checkSoon('api-writes:b', 10, MINUTE);
    for (let i = 0; i < 50 && (await limiter.peek('api-writes:b', MINUTE)) < 2; i++) {
      await sleep(20);
    }
    expect(await limiter.peek('api-writes:b', MINUTE)).toBe(2);
  });

  it("counts another instance's hits once a batch has brought their total", async () => {
    const clock = new ManualClock();
    const one = new RateLimiter(t.db, clock, hasher);
    const other = new RateLimiter(t.db, clock, hasher);
    for (let i = 0; i < 3; i++) await one.checkSoon('api-writes:c', 4, MINUTE);
    await one.flush();
    // `other` has not heard of them yet: its first hit is the window's fourth, within the limit.
    expect(await refused(other, 'api-writes:c', 4)).toBeUndefined();
    await other.flush();
    expect(await other.peek('api-writes:c', MINUTE)).toBe(4);
    expect(await refused(other, 'api-writes:c', 4)).toBeInstanceOf(RateLimitedError);
    await other.flush();
    await one.flush();
    expect(await one.peek('api-writes:c', MINUTE)).toBe(5);
  });

  it('writes a batch of many buckets at once, each answered with its own total', async () => {
    const clock = new ManualClock();
    const one = new RateLimiter(t.db, clock, hasher);
    const other = new RateLimiter(t.db, clock, hasher);
    // A bucket stored in an earlier window starts again at this batch's hits.
    await one.checkSoon('api-writes:e', 10, MINUTE);
    await one.flush();
    clock.advance(MINUTE);
    const buckets = ['api-writes:d', 'api-writes:e', 'validations:d'];
    for (const [i, bucket] of buckets.entries()) {
      for (let n = 0; n <= i; n++) await other.checkSoon(bucket, 10, MINUTE);
      await one.checkSoon(bucket, 10, MINUTE);
    }
    await other.flush();
    await one.flush();
    expect(await Promise.all(buckets.map((bucket) => one.peek(bucket, MINUTE)))).toEqual([2, 3, 4]);
    // `one` learnt the totals its batch answered: 10 more hits in `validations:d` go past 10.
    const refusals = [];
    for (let n = 0; n < 7; n++) refusals.push(await refused(one, 'validations:d', 10));
    expect(refusals.map((error) => error instanceof RateLimitedError)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('lets two instances write batches of the same buckets at the same time', async () => {
    const clock = new ManualClock();
    const one = new RateLimiter(t.db, clock, hasher);
    const other = new RateLimiter(t.db, clock, hasher);
    const buckets = Array.from({ length: 40 }, (_, i) => `api-writes:many-${i}`);
    for (let round = 0; round < 5; round++) {
      // Counted in opposite orders: each batch lists its buckets in the order it met them.
      for (const bucket of buckets) await one.checkSoon(bucket, 1000, MINUTE);
      for (const bucket of [...buckets].reverse()) await other.checkSoon(bucket, 1000, MINUTE);
      await Promise.all([one.flush(), other.flush()]);
    }
    expect(await Promise.all(buckets.map((bucket) => one.peek(bucket, MINUTE)))).toEqual(
      buckets.map(() => 10),
    );
  });
});
