/**
 * [scale] Many instances: two server processes on one PostgreSQL (same SESSION_SECRET, the same
 * DATA_DIR as a shared volume for the local blob store), jobs left to a worker process
 * (JOB_RUNNER=worker), requests alternated between them as a load balancer would. Whatever one
 * instance makes (a session, answers, a visitor token, an upload form, a rate-limit count, a
 * conversion, a PDF) the other honours: nothing that matters lives in one process's memory.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFromOutbox,
  LIVE_PASSWORD,
  startLiveServer,
  startLiveWorker,
  waitFor,
  type LiveServer,
  type LiveWorker,
} from '../helpers/live-server';
import { png } from '../server/helpers/fixtures';
import { multipartBody } from '../server/helpers/uploads';
import {
  explainSkip,
  holdFreshPostgres,
  postgresUrl,
  redisUrl,
  sharedSecret,
} from './helpers/scale-env';

explainSkip('many instances');
if (postgresUrl && !redisUrl) {
  console.warn(
    '[scale] many instances: the shared /lookup limit is skipped, TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379).',
  );
}

const PUBLIC_LIMIT = 30;
const LOOKUP_LIMIT = 12;
const METRICS_TOKEN = 'scale-metrics-token-0123456789';

type Json = Record<string, unknown>;

describe.skipIf(!postgresUrl)('two server instances on one PostgreSQL', () => {
  let database: { url: string; release: () => Promise<void> };
  let dataDir: string;
  let secret: string;
  let a: LiveServer;
  let b: LiveServer;
  let worker: LiveWorker;
  let cookie = '';
  const username = 'two.instances@example.org';

  beforeAll(async () => {
    database = await holdFreshPostgres();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-scale-'));
    secret = sharedSecret();
    const env = {
      SESSION_SECRET: secret,
      JOB_RUNNER: 'worker',
      RATE_LIMIT_PER_IP_PER_MINUTE: String(PUBLIC_LIMIT),
      RATE_LIMIT_LOOKUP_PER_MINUTE: String(LOOKUP_LIMIT),
      METRICS_TOKEN,
      ...(redisUrl
        ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `scale-${randomBytes(4).toString('hex')}:` }
        : {}),
    };
    // All three start at once on the empty database, as a deployment's containers do.
    [a, b, worker] = await Promise.all([
      startLiveServer({ databaseUrl: database.url, dataDir, env }),
      startLiveServer({ databaseUrl: database.url, dataDir, env }),
      startLiveWorker({ databaseUrl: database.url, dataDir, env: { SESSION_SECRET: secret } }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await database?.release();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    server: LiveServer,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server.base}${url}`, {
      method,
      headers: {
        origin: server.base,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const json = async (response: Response) => (await response.json()) as Json;

  it('start side by side on one empty database, migrate it once, and are both ready', async () => {
    for (const server of [a, b]) {
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', blobs: 'ok' },
      });
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const migrations = await client.query('select name from kysely_migration order by name');
      expect(new Set(migrations.rows.map((r) => r.name)).size).toBe(migrations.rowCount);
      const schools = await client.query(
        "select count(*)::int as n, count(distinct id)::int as ids from lookup_entries where category = 'hs_ceeb'",
      );
      expect(schools.rows[0].n).toBeGreaterThan(1000);
      expect(schools.rows[0].ids).toBe(schools.rows[0].n);
    } finally {
      await client.end();
    }
  });

  it('honour on one a session made on the other: sign up on A, confirm on B, log in on A, profile on B', async () => {
    const signup = await call(a, 'POST', '/public/signup', { username, password: LIVE_PASSWORD });
    expect(signup.status).toBe(200);
    const code = await codeFromOutbox(dataDir, username);
    const confirm = await call(b, 'POST', '/public/confirm', { username, code });
    expect(confirm.status).toBe(200);
    const login = await call(a, 'POST', '/public/login', { username, password: LIVE_PASSWORD });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const profile = await call(b, 'GET', '/api/profile');
    expect(profile.status).toBe(200);
    expect(await json(profile)).toMatchObject({ username, answer: {} });
  });

  it('read on one the answers saved on the other', async () => {
    expect((await call(a, 'PUT', '/api/answer', { first_name: 'Ada' })).status).toBe(200);
    expect((await call(b, 'PUT', '/api/answer', { last_name: 'Lovelace' })).status).toBe(200);
    for (const server of [a, b]) {
      const profile = await json(await call(server, 'GET', '/api/profile'));
      expect(profile.answer).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    }
  });

  it('count the /public rate limit across both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PUBLIC_LIMIT + 1; i++) {
      const server = i % 2 === 0 ? a : b;
      const response = await call(server, 'POST', '/public/resend-confirm', {
        username: `limit-${i}@example.org`,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, PUBLIC_LIMIT)).toEqual(Array(PUBLIC_LIMIT).fill(200));
    expect(statuses.slice(PUBLIC_LIMIT)).toEqual([429, 429]);
  });

  it.skipIf(!redisUrl)('count the /lookup rate limit across both, in Redis', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUP_LIMIT + 1; i++) {
      const server = i % 2 === 0 ? a : b;
      const response = await fetch(`${server.base}/lookup/find?category=hs_ceeb&query=lincoln`);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LOOKUP_LIMIT)).toEqual(Array(LOOKUP_LIMIT).fill(200));
    expect(statuses.slice(LOOKUP_LIMIT)).toEqual([429, 429]);
  });

  it("read on one a visitor's answers kept by the other", async () => {
    const kept = await call(a, 'POST', '/public/tmp', { answer: { first_name: 'Visitor' } });
    expect(kept.status).toBe(200);
    const { token } = (await kept.json()) as { token: string };
    const read = await fetch(`${b.base}/public/tmp?token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ answer: { first_name: 'Visitor' } });
  });

  it('accept on either a staff link minted with the shared secret', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/service-link.ts', username, '--days', '1'],
      {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          SESSION_SECRET: secret,
          PUBLIC_URL: a.base,
          NODE_ENV: 'production',
        },
      },
    );
    const link = new URL(stdout.trim());
    const token = link.searchParams.get('service_token')!;
    for (const server of [b, a]) {
      const view = await fetch(
        `${server.base}/service/tmp-pdf?service_token=${encodeURIComponent(token)}`,
      );
      expect(view.status).toBe(200);
      expect(((await view.json()) as Json).answer).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
    }
    const forged = await fetch(
      `${b.base}/service/tmp-pdf?service_token=${encodeURIComponent(`${token}x`)}`,
    );
    expect(forged.status).toBe(403);
  });

  it('take on one an upload presigned by the other, and the worker converts it', async () => {
    const presigned = await call(a, 'POST', '/api/presigned-url', {
      answer_key: 'transcript_file',
    });
    expect(presigned.status).toBe(200);
    const form = (await presigned.json()) as { url: string; fields: Record<string, string> };
    const { payload, contentType } = multipartBody(form.fields, {
      name: 'transcript.png',
      bytes: png(),
      type: 'image/png',
    });
    const uploaded = await fetch(`${b.base}${form.url}`, {
      method: 'POST',
      headers: { origin: b.base, 'content-type': contentType },
      body: new Uint8Array(payload),
    });
    expect(uploaded.status).toBe(204);
    const requested = await call(a, 'POST', '/api/pdf/document-answer/transcript_file', {
      file_key: form.fields.key,
      file_name: 'transcript.png',
    });
    expect(await json(requested)).toMatchObject({ status: 'UNPROCESSED' });
    const done = await waitFor('the worker to convert the upload', async () => {
      const status = await json(await call(b, 'GET', '/api/pdf/document-answer/transcript_file'));
      return status.status === 'COMPLETED' ? status : undefined;
    });
    expect(done.message).toBeTruthy();
    const view = await json(await call(a, 'GET', '/api/document-answer'));
    expect(view).toEqual({
      transcript_file: { file_name: 'transcript.png', file_size: png().length },
    });
  });

  it('build the application PDF in the worker, asked on one and downloaded from the other', async () => {
    expect(await json(await call(a, 'GET', '/api/pdf'))).toMatchObject({ status: 'UNPROCESSED' });
    await waitFor('the worker to build the PDF', async () => {
      const status = await json(await call(b, 'GET', '/api/pdf'));
      return status.status === 'COMPLETED';
    });
    const file = await call(a, 'GET', '/api/pdf/file');
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(worker.logs.filter((line) => line.includes('"msg":"job done"'))).toHaveLength(2);
  });

  it('report the same queue on both /metrics, read from the database', async () => {
    for (const server of [a, b]) {
      const scrape = await fetch(`${server.base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toContain('admissions_jobs{kind="convert-document",status="done"} 1');
      expect(text).toContain('admissions_jobs{kind="build-application-pdf",status="done"} 1');
      expect(text).toContain('admissions_documents{status="COMPLETED"} 1');
    }
  });

  it('end the session everywhere when logged out on one', async () => {
    expect((await call(b, 'GET', '/api/logout')).status).toBe(200);
    expect((await call(a, 'GET', '/api/profile')).status).toBe(401);
  });
});
