/**
 * [data-safety] soak: for a bounded time (SOAK_SECONDS, 20 s by default) one IP writes visitor
 * answers of about 90 KB as fast as it can, and applicants save answers and post validation
 * reports as fast as they can, each ignoring Retry-After, against a real server process with the
 * production limits. Storage must stay within what the configured limits allow, and every write
 * the server acknowledged must be there at the end. Runs on SQLite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set. The figures are printed.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveApplicants,
  startLiveServer,
  withFreshPostgres,
  type LiveServer,
} from '../helpers/live-server';

const SOAK_MS = Number(process.env.SOAK_SECONDS ?? 20) * 1000;
const APPLICANTS = 3;
const VISITOR_QUOTA = 20;
const API_WRITES_PER_MINUTE = 120;
const VALIDATIONS_PER_MINUTE = 30;
/** The answers body limit of /public/tmp and /api/answer (ANSWERS_BODY_LIMIT). */
const ANSWERS_BODY_LIMIT = 256 * 1024;

const targets = [
  { name: 'sqlite', url: '' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }]
    : []),
];

/** Free-text keys of the data model, each answered with 1,500 characters: about 90 KB in all. */
const dataModel = JSON.parse(readFileSync(path.resolve('schemas/answers.schema.json'), 'utf8')) as {
  properties: Record<string, { $ref?: string }>;
};
const textKeys = Object.entries(dataModel.properties)
  .filter(([, schema]) => schema.$ref === '#/definitions/text')
  .map(([key]) => key)
  .slice(0, 60);

interface Figures {
  rows: number;
  bytes: number;
}
type Measure = (query: string) => Promise<Figures>;

const tables = {
  visitor_answers:
    'select count(*) as rows, coalesce(sum(length(answers)), 0) as bytes from visitor_answers',
  validation_reports:
    'select count(*) as rows, coalesce(sum(length(errors)), 0) as bytes from validation_reports',
  answers: 'select count(*) as rows, coalesce(sum(length(value)), 0) as bytes from answers',
  rate_limits: 'select count(*) as rows, 0 as bytes from rate_limits',
};

describe.each(targets)('bounded storage on $name', ({ url }) => {
  let server: LiveServer;
  let cookies: string[];
  let measure: Measure;
  let close: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const env = {
      RATE_LIMIT_PER_IP_PER_MINUTE: '60',
      RATE_LIMIT_PER_USERNAME_PER_HOUR: '20',
      VISITOR_ANSWERS_PER_IP: String(VISITOR_QUOTA),
      RATE_LIMIT_API_WRITES_PER_MINUTE: String(API_WRITES_PER_MINUTE),
      RATE_LIMIT_VALIDATIONS_PER_MINUTE: String(VALIDATIONS_PER_MINUTE),
    };
    if (url) {
      let release: () => void = () => {};
      let ready: () => void = () => {};
      const started = new Promise<void>((r) => (ready = r));
      const finished = withFreshPostgres(url, async (databaseUrl) => {
        server = await startLiveServer({ databaseUrl, env });
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        measure = async (query) => {
          const row = (await client.query(query)).rows[0] as { rows: string; bytes: string };
          return { rows: Number(row.rows), bytes: Number(row.bytes) };
        };
        ready();
        await new Promise<void>((r) => (release = r));
        await client.end();
        await server.dispose();
      });
      await started;
      close = async () => {
        release();
        await finished;
      };
    } else {
      server = await startLiveServer({ env });
      const file = new SQLite(path.join(server.dataDir, 'admissions.sqlite'), { readonly: true });
      measure = async (query) => {
        const row = file.prepare(query).get() as { rows: number; bytes: number };
        return { rows: Number(row.rows), bytes: Number(row.bytes) };
      };
      close = async () => {
        file.close();
        await server.dispose();
      };
    }
    cookies = await liveApplicants(server, APPLICANTS, 'soak-');
  }, 600_000);

  afterAll(async () => close());

  it('keeps storage within the configured limits and loses nothing it acknowledged', async () => {
    const headers = (cookie?: string) => ({
      origin: server.base,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    });
    const deadline = Date.now() + SOAK_MS;
    const statuses: Record<string, Record<number, number>> = {};
    const note = (kind: string, status: number) => {
      const counts = (statuses[kind] ??= {});
      counts[status] = (counts[status] ?? 0) + 1;
    };
    let missingRetryAfter = 0;
    const checkRetry = (response: Response) => {
      if (response.status === 429 && !response.headers.get('retry-after')) missingRetryAfter += 1;
    };

    // The outsider: visitor answers from one IP, as fast as the server answers.
    const tokens: Array<{ token: string; marker: string }> = [];
    const visitor = async () => {
      for (let n = 0; Date.now() < deadline; n++) {
        const marker = `visitor-${n}`;
        const answer = Object.fromEntries(
          textKeys.map((key, i) => [key, i === 0 ? marker : 'v'.repeat(1500)]),
        );
        const response = await fetch(`${server.base}/public/tmp`, {
          method: 'POST',
          headers: headers(),
          body: JSON.stringify({ answer }),
        });
        note('POST /public/tmp', response.status);
        checkRetry(response);
        if (response.ok)
          tokens.push({ token: ((await response.json()) as { token: string }).token, marker });
        else await response.arrayBuffer();
      }
    };

    // Applicants: saves and validation reports, alternating, as fast as the server answers.
    const acknowledged: Array<Record<string, string>> = cookies.map(() => ({}));
    const lastReport: Array<Record<string, string[]> | undefined> = cookies.map(() => undefined);
    const applicant = async (index: number) => {
      const cookie = cookies[index]!;
      for (let n = 0; Date.now() < deadline; n++) {
        const key = textKeys[n % textKeys.length]!;
        const value = `a${index}-${n}-${'x'.repeat(1000)}`;
        const saved = await fetch(`${server.base}/api/answer`, {
          method: 'PUT',
          headers: headers(cookie),
          body: JSON.stringify({ [key]: value }),
        });
        note('PUT /api/answer', saved.status);
        checkRetry(saved);
        await saved.arrayBuffer();
        if (saved.ok) acknowledged[index]![key] = value;
        const report = { first_name: [`First Name is required (${n}).`] };
        const reported = await fetch(`${server.base}/api/validations`, {
          method: 'POST',
          headers: headers(cookie),
          body: JSON.stringify(report),
        });
        note('POST /api/validations', reported.status);
        checkRetry(reported);
        await reported.arrayBuffer();
        if (reported.ok) lastReport[index] = report;
      }
    };

    const before = Object.fromEntries(
      await Promise.all(Object.entries(tables).map(async ([t, q]) => [t, await measure(q)])),
    ) as Record<keyof typeof tables, Figures>;
    const started = Date.now();
    await Promise.all([visitor(), ...cookies.map((_, i) => applicant(i))]);
    const seconds = (Date.now() - started) / 1000;
    const after = Object.fromEntries(
      await Promise.all(Object.entries(tables).map(async ([t, q]) => [t, await measure(q)])),
    ) as Record<keyof typeof tables, Figures>;

    const minutes = Math.ceil(seconds / 60) + 1;
    const bounds = {
      visitor_answers: { rows: VISITOR_QUOTA, bytes: VISITOR_QUOTA * ANSWERS_BODY_LIMIT },
      validation_reports: { rows: APPLICANTS * 4, bytes: APPLICANTS * 4 * 64 * 1024 },
      answers: { rows: APPLICANTS * textKeys.length, bytes: APPLICANTS * textKeys.length * 10_000 },
      rate_limits: { rows: 100, bytes: 0 },
    };
    console.log(
      `soak ${seconds.toFixed(1)} s: responses ${JSON.stringify(statuses)}; ` +
        `storage after (rows/bytes, bound): ${Object.entries(after)
          .map(
            ([t, f]) =>
              `${t} ${f.rows}/${f.bytes} (was ${before[t as keyof typeof tables].rows}/${
                before[t as keyof typeof tables].bytes
              }; bound ${bounds[t as keyof typeof bounds].rows}/${bounds[t as keyof typeof bounds].bytes})`,
          )
          .join('; ')}`,
    );

    // Bounded: within the quota, the per-page report and the data model, whatever was sent.
    for (const table of Object.keys(bounds) as Array<keyof typeof bounds>) {
      expect(after[table].rows, table).toBeLessThanOrEqual(bounds[table].rows);
      if (bounds[table].bytes > 0) {
        expect(after[table].bytes, table).toBeLessThanOrEqual(bounds[table].bytes);
      }
    }
    // The limits were reached (the soak wrote at them), and every 429 said when to come back.
    expect(statuses['POST /public/tmp']?.[429] ?? 0).toBeGreaterThan(0);
    expect(statuses['PUT /api/answer']?.[200] ?? 0).toBeLessThanOrEqual(
      APPLICANTS * API_WRITES_PER_MINUTE * minutes,
    );
    expect(missingRetryAfter).toBe(0);

    // Nothing acknowledged is lost.
    expect(tokens.length).toBeLessThanOrEqual(VISITOR_QUOTA);
    for (const { token, marker } of tokens) {
      const response = await fetch(`${server.base}/public/tmp?token=${token}`);
      expect(response.status).toBe(200);
      const { answer } = (await response.json()) as { answer: Record<string, string> };
      expect(answer[textKeys[0]!]).toBe(marker);
    }
    for (const [index, cookie] of cookies.entries()) {
      const profile = await fetch(`${server.base}/api/profile`, { headers: { cookie } });
      const { answer } = (await profile.json()) as { answer: Record<string, string> };
      for (const [key, value] of Object.entries(acknowledged[index]!)) {
        expect(answer[key], `${key} of applicant ${index}`).toBe(value);
      }
    }
    expect(lastReport.every(Boolean)).toBe(true);
  });
});
