import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { png } from '../helpers/fixtures';
import { uploadDocument } from '../helpers/uploads';

const TOKEN = 'scrape-token-for-tests-0123456789';

/** The value of one series in a text exposition, or undefined when it is absent. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    const have = inside.split(',');
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there at all', async () => {
    const t = await createTestApp();
    try {
      const response = await t.call('GET', '/metrics');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'There is nothing at this address.',
        code: 'NOT_FOUND',
      });
    } finally {
      await t.close();
    }
  });
});

describe.each(databases)('GET /metrics with METRICS_TOKEN on $name', ({ url }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(url, { METRICS_TOKEN: TOKEN });
  });
  afterEach(async () => {
    await t.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('answers 401 without the bearer token, or with another', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      'Bearer ',
      TOKEN,
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({
        message: 'Metrics need the bearer token configured in METRICS_TOKEN.',
        code: 'METRICS_UNAUTHORIZED',
      });
    }
  });

  it('times requests by route pattern and status, never by path or query', async () => {
    await t.call('GET', '/healthz');
    await t.call('GET', '/healthz');
    const cookies = await signedIn(t, 'ada.lovelace@example.org');
    await t.call('GET', '/api/pdf/document-answer/transcript_file', undefined, cookies);
    await t.call('GET', '/no/such/place?who=ada.lovelace@example.org');
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(
      series(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/healthz',
        status_code: '200',
      }),
    ).toBe(2);
    expect(
      series(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/pdf/document-answer/:key',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      series(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET"');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain('ada.lovelace');
    expect(text).not.toContain('/no/such/place');
  });

  it('counts jobs by kind and status, the oldest due job by age, and documents by status', async () => {
    const empty = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const kind of ['convert-document', 'build-application-pdf']) {
      expect(series(empty, 'admissions_jobs', { kind, status: 'queued' })).toBe(0);
      expect(series(empty, 'admissions_jobs_oldest_due_age_seconds', { kind })).toBe(0);
    }
    expect(series(empty, 'admissions_documents', { status: 'COMPLETED' })).toBe(0);

    const cookies = await signedIn(t, 'ada@example.org');
    const conversion = await uploadDocument(t, cookies, png(), 'transcript.png');
    expect(conversion.statusCode).toBe(200);
    expect((await t.call('GET', '/api/pdf', undefined, cookies)).json().status).toBe('UNPROCESSED');
    t.clock.advance(90_000);
    const waiting = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(series(waiting, 'admissions_jobs', { kind: 'convert-document', status: 'queued' })).toBe(
      1,
    );
    expect(
      series(waiting, 'admissions_jobs', { kind: 'build-application-pdf', status: 'queued' }),
    ).toBe(1);
    expect(
      series(waiting, 'admissions_jobs_oldest_due_age_seconds', { kind: 'convert-document' }),
    ).toBe(90);
    expect(series(waiting, 'admissions_documents', { status: 'UNPROCESSED' })).toBe(1);
    expect(
      series(waiting, 'admissions_application_pdfs', { kind: 'draft', status: 'UNPROCESSED' }),
    ).toBe(1);

    expect(await t.jobs.runUntilIdle()).toEqual(['done', 'done']);
    const done = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(series(done, 'admissions_jobs', { kind: 'convert-document', status: 'queued' })).toBe(0);
    expect(series(done, 'admissions_jobs', { kind: 'convert-document', status: 'done' })).toBe(1);
    expect(
      series(done, 'admissions_jobs_oldest_due_age_seconds', { kind: 'convert-document' }),
    ).toBe(0);
    expect(series(done, 'admissions_documents', { status: 'UNPROCESSED' })).toBe(0);
    expect(series(done, 'admissions_documents', { status: 'COMPLETED' })).toBe(1);
    expect(
      series(done, 'admissions_application_pdfs', { kind: 'draft', status: 'COMPLETED' }),
    ).toBe(1);
  });
});
