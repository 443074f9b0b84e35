import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from './helpers/test-app';

const routes = [
  '/public/signup',
  '/public/confirm',
  '/public/resend-confirm',
  '/public/login',
  '/public/forgot-password',
  '/public/reset-password',
];

const hostileBodies: Array<[string, string]> = [
  ['no body', ''],
  ['malformed JSON', '{"username": '],
  ['an array', '[1,2,3]'],
  ['a string', '"hello"'],
  ['null', 'null'],
  [
    'numbers for strings',
    '{"username": 5, "password": 6, "code": 7, "id": 8, "confirm_password": 9}',
  ],
  [
    'objects for strings',
    '{"username": {"$ne": ""}, "password": [], "code": {}, "id": {}, "confirm_password": {}}',
  ],
  [
    'a huge field',
    JSON.stringify({ username: 'a'.repeat(5000) + '@x.org', password: 'p'.repeat(5000) }),
  ],
  ['prototype pollution', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
  [
    'SQL in fields',
    JSON.stringify({
      username: "a@b.co' OR 1=1 --",
      password: "'; DROP TABLE accounts; --",
      code: "1' OR '1'='1",
      id: "' OR 1=1 --",
      confirm_password: 'x',
    }),
  ],
];

// SQL in fields must reach each database as data only: both databases.
describe.each(databases)('bad bodies to every /public route on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, { RATE_LIMIT_PER_IP_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  for (const route of routes) {
    for (const [name, payload] of hostileBodies) {
      it(`${route} answers ${name} with a 4xx JSON message`, async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: route,
          headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(typeof response.json().message).toBe('string');
        expect(response.json().message.length).toBeGreaterThan(0);
      });
    }
  }

  it('leaves the server healthy and the accounts table intact', async () => {
    expect((await t.call('GET', '/healthz')).statusCode).toBe(200);
    const count = await t.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.call('GET', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'There is nothing at this address.',
      code: 'NOT_FOUND',
    });
  });
});
