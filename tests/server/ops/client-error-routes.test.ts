/**
 * POST /public/client-errors: a browser's report is logged (scrubbed) and counted in /metrics;
 * anything larger or shaped otherwise is refused before it reaches the log, and one address
 * cannot flood it.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOKEN = 'scrape-token-for-tests-0123456789';

const report = {
  kind: 'area',
  message: 'TypeError: Cannot read properties of undefined (reading "map")',
  stack:
    'TypeError: Cannot read properties of undefined (reading "map")\n' +
    '    at EducationPage (http://127.0.0.1:8080/assets/education-Bx1.js:1:2345)\n' +
    '    at renderWithHooks (http://127.0.0.1:8080/assets/index-Dq9.js:8:1200)',
  route: '/education',
  buildId: '0123abcd4567',
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function app(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp('', { METRICS_TOKEN: TOKEN, ...env }, undefined, {
    logger: { level: 'info', stream },
  });
  const reports = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'client error reported');
  return { t, lines, reports };
}

const post = (t: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/public/client-errors',
    headers: { origin: t.config.publicUrl, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function counted(t: TestApp, kind: string): Promise<number> {
  const text = (
    await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
  ).body;
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`admissions_client_errors_total{kind="${kind}"}`));
  return Number(line?.split(' ').at(-1));
}

describe('POST /public/client-errors', () => {
  it('logs an accepted report at error, with its request id, and counts it by kind', async () => {
    const { t, reports } = await app();
    expect(await counted(t, 'area')).toBe(0);
    const response = await post(t, report);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(reports()).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: response.headers['x-request-id'],
        clientError: { ...report },
      }),
    ]);
    expect(await counted(t, 'area')).toBe(1);
    expect(await counted(t, 'part')).toBe(0);

    await post(t, { ...report, kind: 'part' });
    expect(reports().at(-1)).toMatchObject({ level: 40, clientError: { kind: 'part' } });
    expect(await counted(t, 'part')).toBe(1);
  });

  it('logs no query string and no e-mail address, whatever the report holds', async () => {
    const { t, lines } = await app();
    const response = await post(t, {
      ...report,
      message: 'Error: no account for ada.lovelace@example.org',
      stack:
        'Error: failed at http://127.0.0.1:8080/about?service_token=tok-SECRET-123#answers\n' +
        '    at load (/assets/api-X.js?q=Lovelace%20High:1:2)',
    });
    expect(response.statusCode).toBe(204);
    const log = lines.join('\n');
    expect(log).toContain('no account for [e-mail]');
    expect(log).toContain('http://127.0.0.1:8080/about');
    expect(log).toContain('/assets/api-X.js');
    for (const secret of ['ada.lovelace', 'example.org', 'tok-SECRET-123', 'Lovelace', 'answers']) {
      expect(log).not.toContain(secret);
    }
  });

  it('refuses a body over 16 KB with 413, before logging or counting it', async () => {
    const { t, reports } = await app();
    const response = await post(t, { ...report, stack: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(reports()).toEqual([]);
    expect(await counted(t, 'area')).toBe(0);
  });

  it.each([
    ['answers besides the report', { ...report, answers: { first_name: 'Augusta' } }],
    ['a route with its query string', { ...report, route: '/about?service_token=x' }],
    ['a route that is not a path', { ...report, route: 'https://elsewhere.example/' }],
    ['an unknown kind', { ...report, kind: 'window' }],
    ['no message', { ...report, message: '' }],
    ['a message over 1,000 characters', { ...report, message: 'm'.repeat(1001) }],
    ['a build id with spaces', { ...report, buildId: 'my build' }],
    ['no build id', { kind: 'area', message: 'x', route: '/' }],
    ['a list', [report]],
  ])('refuses %s with 400, before logging it', async (_what, body) => {
    const { t, lines } = await app();
    const response = await post(t, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(lines.join('\n')).not.toContain('Augusta');
    expect(lines.some((line) => line.includes('client error reported'))).toBe(false);
  });

  it('refuses a body that is not JSON with 415, as every mutating call', async () => {
    const { t } = await app();
    const response = await post(t, 'message=x', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
  });

  it('limits each address (RATE_LIMIT_REPORTS_PER_MINUTE) with 429 and Retry-After', async () => {
    const { t, reports } = await app({ RATE_LIMIT_REPORTS_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(t, report)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const limited = await post(t, report);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'RATE_LIMITED',
    });
    expect(reports()).toHaveLength(3);
    expect(await counted(t, 'area')).toBe(3);
    // Another address still gets through.
    const other = await t.app.inject({
      method: 'POST',
      url: '/public/client-errors',
      remoteAddress: '10.1.2.3',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify(report),
    });
    expect(other.statusCode).toBe(204);
  });
});
