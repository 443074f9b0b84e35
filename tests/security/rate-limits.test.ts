/**
 * Anti-automation (ASVS V2.2.1, V11.1.4): every /public route is limited per IP, every route that
 * names an account also per username whatever the IP, and /lookup per IP. A limited request gets
 * 429 with the catalogue message, X-Forwarded-For does not reset a count (no proxy is trusted by
 * default), and the count starts again in the next window.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databases, PASSWORD, type TestApp } from '../server/helpers/test-app';
import { routesOf } from './helpers/routes';
import { useSecurityLog } from './helpers/security-log';

const log = useSecurityLog();
log.secret('password', PASSWORD);
const limited = {
  message: 'Too many attempts. Please wait a few minutes and try again.',
  code: 'RATE_LIMITED',
};

/** A request each /public route accepts the shape of. */
const publicRequests: Record<string, { method: 'GET' | 'POST'; body?: unknown; query?: string }> = {
  '/public/signup': { method: 'POST', body: { username: 'x@example.org', password: PASSWORD } },
  '/public/confirm': { method: 'POST', body: { username: 'x@example.org', code: '123456' } },
  '/public/resend-confirm': { method: 'POST', body: { username: 'x@example.org' } },
  '/public/login': { method: 'POST', body: { username: 'x@example.org', password: PASSWORD } },
  '/public/forgot-password': { method: 'POST', body: { username: 'x@example.org' } },
  '/public/reset-password': {
    method: 'POST',
    body: {
      username: 'x@example.org',
      password: PASSWORD,
      confirm_password: PASSWORD,
      id: 'y'.repeat(43),
    },
  },
  '/public/tmp': { method: 'GET', query: '?token=guessed-token-1234' },
  '/public/client-errors': {
    method: 'POST',
    body: { kind: 'uncaught', message: 'Error: x', route: '/about', buildId: 'b1' },
  },
};
/** Login is limited per address and IP, with a per-address backoff (tested on its own below). */
const usernameRoutes = Object.keys(publicRequests).filter(
  (r) => r !== '/public/tmp' && r !== '/public/login' && r !== '/public/client-errors',
);

describe.each(databases)('rate limits on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      url,
      {
        RATE_LIMIT_PER_IP_PER_MINUTE: '2',
        RATE_LIMIT_PER_USERNAME_PER_HOUR: '2',
        RATE_LIMIT_LOOKUP_PER_MINUTE: '3',
        RATE_LIMIT_REPORTS_PER_MINUTE: '2',
        RATE_LIMIT_LOGIN_BACKOFF_AFTER: '3',
        RATE_LIMIT_LOGIN_BACKOFF_SECONDS: '10',
      },
      undefined,
      { logger: log.logger },
    );
  });
  afterAll(async () => {
    log.secretsFromMail(t.mail);
    await t?.close();
  });

  let nextIp = 1;
  const ip = () => `10.1.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;

  function send(
    route: string,
    remoteAddress: string,
    options: { username?: string; headers?: Record<string, string> } = {},
  ) {
    const request = publicRequests[route]!;
    const body =
      request.body && options.username && 'username' in (request.body as object)
        ? { ...(request.body as object), username: options.username }
        : request.body;
    const inject: InjectOptions = {
      method: request.method,
      url: `${route}${request.query ?? ''}`,
      remoteAddress,
      headers: {
        origin: t.config.publicUrl,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    };
    return t.app.inject(inject);
  }

  it('limits every /public route the app has', () => {
    const routes = new Set(
      routesOf(t.app)
        .filter((r) => r.includes(' /public/') && !r.startsWith('HEAD'))
        .map((r) => r.split(' ')[1]),
    );
    expect([...routes].sort()).toEqual(Object.keys(publicRequests).sort());
  });

  it.each(Object.keys(publicRequests))(
    'answers %s 429 from one IP after its share, whatever X-Forwarded-For says',
    async (route) => {
      const address = ip();
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) {
        statuses.push(
          (await send(route, address, { username: `ip${i}-${nextIp}@ex.org` })).statusCode,
        );
      }
      expect(statuses).not.toContain(429);
      const third = await send(route, address, {
        username: `ip3-${nextIp}@ex.org`,
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
      });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual(limited);
      // Another address still has its share.
      expect((await send(route, ip(), { username: `other-${nextIp}@ex.org` })).statusCode).not.toBe(
        429,
      );
    },
  );

  it.each(usernameRoutes)(
    'answers %s 429 for one username and IP after its share, in any spelling, and for one username after five shares from any IP',
    async (route) => {
      const username = `target-${nextIp}@example.org`;
      const spellings = [username, username.toUpperCase(), `  ${username} `];
      // One source: its own share (2 an hour in these tests) per address.
      const source = ip();
      const statuses: number[] = [];
      for (const spelling of spellings) {
        // The per-IP limit is 2 a minute: the minute moves on between this source's requests.
        statuses.push((await send(route, source, { username: spelling })).statusCode);
        t.clock.advance(60 * 1000);
      }
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
      // Another source still has its own share of the same address: a stranger never spends it.
      expect((await send(route, ip(), { username })).statusCode).not.toBe(429);
      // Across sources the address has five shares (10), then none for anyone.
      const many: number[] = [];
      for (let i = 0; i < 10; i++) many.push((await send(route, ip(), { username })).statusCode);
      expect(many.slice(0, 7)).not.toContain(429);
      expect(many.at(-1)).toBe(429);
      // Another username from a fresh address is not held back.
      expect((await send(route, ip(), { username: `free-${nextIp}@ex.org` })).statusCode).not.toBe(
        429,
      );
    },
  );

  it('answers /public/login 429 for one address from one IP after its share, in any spelling', async () => {
    const username = `target-${nextIp}@example.org`;
    const address = ip();
    const spellings = [username, username.toUpperCase(), `  ${username} `];
    const statuses: number[] = [];
    for (const spelling of spellings) {
      statuses.push((await send('/public/login', address, { username: spelling })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
    // The same address from another IP still has its share there.
    expect((await send('/public/login', ip(), { username })).statusCode).toBe(400);
  });

  it('lets an address and IP try again in the next hour', async () => {
    const username = `later-${nextIp}@example.org`;
    const address = ip();
    for (let i = 0; i < 2; i++) await send('/public/login', address, { username });
    expect((await send('/public/login', address, { username })).statusCode).toBe(429);
    t.clock.advance(60 * 60 * 1000);
    expect((await send('/public/login', address, { username })).statusCode).toBe(400);
  });

  it('never locks the owner out: failures from many IPs only slow an address down, and forgot-password stays open', async () => {
    const owner = `owner-${nextIp}@example.org`;
    await t.call('POST', '/public/signup', { username: owner, password: PASSWORD });
    const code = t.mail.at(-1)!.text.match(/confirmation code is (\d{6})/)![1]!;
    await t.call('POST', '/public/confirm', { username: owner, code });
    // An attacker fails 25 times from 25 IPs (the old tree locked the address for an hour).
    const attacker: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/public/login',
        remoteAddress: ip(),
        headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
        payload: JSON.stringify({ username: owner, password: 'Wrong-Password-1' }),
      });
      attacker.push(response.statusCode);
      if (response.statusCode === 429) {
        const wait = Number(response.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(10);
      }
    }
    // After three failures the address is held to one attempt per 10 seconds: most are refused.
    expect(attacker.slice(0, 3)).toEqual([400, 400, 400]);
    expect(attacker.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    // The owner asks for a reset link at once: failed logins never block it.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/public/forgot-password',
      remoteAddress: ip(),
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: owner }),
    });
    expect(forgot.statusCode).toBe(200);
    // And logs in after waiting the seconds Retry-After names, not an hour.
    t.clock.advance(10 * 1000);
    const login = await t.app.inject({
      method: 'POST',
      url: '/public/login',
      remoteAddress: ip(),
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: owner, password: PASSWORD }),
    });
    expect(login.statusCode).toBe(200);
  });

  it('sends Retry-After with every 429', async () => {
    const address = ip();
    let last;
    for (let i = 0; i < 3; i++) last = await send('/public/tmp', address);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('stores no address or IP in the rate-limit table, only keyed hashes', async () => {
    const rows = await t.db.selectFrom('rate_limits').select('bucket').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { bucket } of rows) {
      expect(bucket).not.toMatch(/@|10\.1\.|login|user:|ip:/);
      expect(bucket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('limits /lookup/find per IP, X-Forwarded-For or not', async () => {
    const find = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/lookup/find?category=hs_ceeb&query=alc',
        remoteAddress,
        headers,
      });
    const address = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await find(address)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await find(address, { 'x-forwarded-for': `198.51.100.${nextIp % 250}` });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(limited);
    expect((await find(ip())).statusCode).toBe(200);
  });
});
