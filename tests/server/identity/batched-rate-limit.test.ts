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
});
