import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, fixtureForms, type TestApp } from '../helpers/test-app';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const LIMIT = 4;

describe('the /lookup rate limit with REDIS_URL', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const instance = async (env: Record<string, string>) => {
    const t = await createTestApp(
      '',
      { RATE_LIMIT_LOOKUP_PER_MINUTE: String(LIMIT), ...env },
      fixtureForms,
    );
    apps.push(t);
    return t;
  };
  const lookup = (t: TestApp) => t.call('GET', '/lookup/find?category=hs_ceeb&query=lincoln');

  it.skipIf(!redisUrl)('is one count for every instance sharing the Redis', async () => {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    };
    const [a, b] = [await instance(env), await instance(env)];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await lookup(i % 2 ? b! : a!)).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
  });

  it('lets lookups through, at once, while Redis does not answer', async () => {
    const t = await instance({ REDIS_URL: 'redis://127.0.0.1:1' });
    for (let i = 0; i < LIMIT + 2; i++) {
      const started = Date.now();
      const response = await lookup(t);
      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });
});
