import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, PASSWORD, type TestApp } from '../helpers/test-app';

describe('mutating requests', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const body = JSON.stringify({ username: 'ada@example.org', password: PASSWORD });

  it('must be JSON (415 otherwise)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/signup',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=ada%40example.org&password=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'This request must be sent as JSON (Content-Type: application/json).',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('send a form the browser posted to a page itself back to that page, reading nothing', async () => {
    const form = 'application/x-www-form-urlencoded';
    const send = (
      url: string,
      type: string,
      origin = t.config.publicUrl,
      method: 'POST' | 'PUT' = 'POST',
    ) =>
      t.app.inject({
        method,
        url,
        headers: { origin, 'content-type': type },
        payload: 'username=a',
      });
    // The application's scripts had not run yet (or cannot): the prerendered card posts itself.
    for (const [url, type] of [
      ['/signup?token=abc', form],
      ['/about', 'multipart/form-data; boundary=x'],
      ['/login', 'text/plain'],
    ] as const) {
      const response = await send(url, type);
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location, url).toBe(url);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // Back to this site's page, never to the host a path like //host names.
    const doubled = await send('//evil.example/signup', form);
    expect(doubled.statusCode).toBe(303);
    expect(doubled.headers.location).toBe('/evil.example/signup');
    // Refused as before: from another origin, and a method no HTML form sends.
    expect((await send('/signup', form, 'https://evil.example')).statusCode).toBe(403);
    expect((await send('/about', form, t.config.publicUrl, 'PUT')).statusCode).toBe(415);
  });

  it('must come from the same origin (403 otherwise)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/signup',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CROSS_ORIGIN');
  });

  it('are refused with neither Origin nor Sec-Fetch-Site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/signup',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(403);
  });

  it('are accepted with Sec-Fetch-Site same-origin and no Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/signup',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  });

  it('are refused when Sec-Fetch-Site says cross-site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/signup',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(response.statusCode).toBe(403);
  });
});

// The limits are counted in the database, so every instance shares them: both databases.
describe.each(databases)('rate limits on $name', ({ url }) => {
  it('answer 429 with a message once an IP has used its share of a route', async () => {
    const t = await createTestApp(url, { RATE_LIMIT_PER_IP_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await t.call('POST', '/public/forgot-password', {
          username: `u${i}@example.org`,
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await t.call('POST', '/public/forgot-password', {
        username: 'z@example.org',
      });
      expect(limited.json()).toEqual({
        message: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'RATE_LIMITED',
      });
      t.clock.advance(60 * 1000);
      expect(
        (await t.call('POST', '/public/forgot-password', { username: 'z@example.org' })).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });

  // Login is limited per address and IP, with a per-address backoff (tests/security/rate-limits).
  it('answer 429 once one username has been tried five shares’ worth, whatever the IP', async () => {
    const t = await createTestApp(url, { RATE_LIMIT_PER_USERNAME_PER_HOUR: '2' });
    try {
      const tries = [];
      // Each IP has its own share (2) of the address; across IPs the address has five (10).
      for (let i = 0; i < 11; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/public/resend-confirm',
          remoteAddress: `10.0.0.${i + 1}`,
          headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
          payload: JSON.stringify({ username: 'Target@Example.org' }),
        });
        tries.push(r.statusCode);
      }
      expect(tries).toEqual([...Array<number>(10).fill(200), 429]);
    } finally {
      await t.close();
    }
  });
});
