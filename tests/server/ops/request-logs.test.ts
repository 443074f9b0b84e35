import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { ManualClock } from '../../../src/server/clock';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, type Db } from '../../../src/server/db/database';
import { JobQueue } from '../../../src/server/jobs/job-queue';
import { JobRunner, PermanentJobError } from '../../../src/server/jobs/job-runner';
import { createLogger } from '../../../src/server/ops/logger';
import { databases, lastCode, PASSWORD } from '../helpers/test-app';
import type { MailMessage } from '../../../src/server/mail/templates';

const USER = 'ada.lovelace@example.org';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = 'scrape-token-for-tests-0123456789';

describe.each(databases)('request logs on $name', ({ url }) => {
  let app: FastifyInstance;
  let db: Db;
  let config: Config;
  let dataDir: string;
  let lines: string[];
  let mail: MailMessage[];
  let schema: string | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-logs-'));
    lines = [];
    mail = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      SESSION_SECRET: 'a-test-secret-that-is-at-least-32-characters-long',
      NODE_ENV: 'production',
      METRICS_TOKEN: TOKEN,
    });
    if (url) {
      schema = `logs_${Math.random().toString(16).slice(2, 10)}`;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
    }
    db = await openDatabase({ url, dataDir, schema });
    app = await buildApp({
      config,
      db,
      clock: new ManualClock(),
      mailer: { send: async (m) => void mail.push(m) },
      logger: { level: 'info', stream },
    });
  });
  afterEach(async () => {
    await app.close();
    await db.destroy();
    if (url && schema) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: route,
      headers: { origin: config.publicUrl, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  it('are JSON lines with a request id unique across instances, sent back as X-Request-Id', async () => {
    const first = await app.inject({ method: 'GET', url: '/healthz' });
    const second = await app.inject({ method: 'GET', url: '/readyz' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(ids[0]).toMatch(uuid);
    expect(ids[1]).toMatch(uuid);
    expect(ids[0]).not.toBe(ids[1]);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const [i, id] of ids.entries()) {
      // One line a request, as it ends, saying what the request was and how it ended.
      const forRequest = entries.filter((e) => e.reqId === id);
      expect(forRequest.map((e) => e.msg)).toEqual(['request completed']);
      expect(forRequest[0]).toMatchObject({
        level: 30,
        req: { id, method: 'GET', path: ['/healthz', '/readyz'][i] },
        res: { statusCode: 200 },
      });
      expect(forRequest[0]!.responseTime).toEqual(expect.any(Number));
    }
  });

  it('keep the id a proxy in front gave, when it looks like one, and make a new one otherwise', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a9c01-req' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c01-req');
    const replaced = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'ada@example.org said "hi"' },
    });
    expect(replaced.headers['x-request-id']).toMatch(uuid);
    expect(lines.join('\n')).not.toContain('said');
  });

  it('hold no personal data: no e-mail, password, code, answer, search or token', async () => {
    await post('/public/signup', { username: USER, password: PASSWORD });
    const code = lastCode(mail, USER);
    await post('/public/confirm', { username: USER, code });
    const login = await post('/public/login', { username: USER, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name.endsWith('.session'))!.value;
    const cookie = `${login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')}`;
    const save = await app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { origin: config.publicUrl, 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ first_name: 'Augusta', last_name: 'Byron-King' }),
    });
    expect(save.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/lookup/find?category=hs_ceeb&query=Lovelace%20High' });
    await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    await post('/public/login', { username: USER, password: 'Wrong-Password-1' });
    const log = lines.join('\n');
    expect(log).toContain('"path":"/api/answer"');
    for (const secret of [
      USER,
      'ada.lovelace',
      PASSWORD,
      code,
      session,
      'Augusta',
      'Byron-King',
      'Lovelace',
      TOKEN,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
  it("the worker's log: the server's setup, errors with their stacks, no personal data", async () => {
    const workerLines: string[] = [];
    const logger = await createLogger(
      config,
      new Writable({
        write(chunk, _encoding, done) {
          workerLines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      }),
    );
    const clock = new ManualClock();
    const queue = new JobQueue(db, clock);
    // A job's payload and a failing library's error may both quote the applicant.
    await queue.enqueue('convert', { email: USER, fileName: 'Augusta Byron-King essay.docx' });
    await queue.enqueue('render', { email: USER });
    const runner = new JobRunner({
      queue,
      logger,
      backoffMs: 1000,
      handlers: {
        convert: {
          timeoutMs: 1000,
          async run() {
            throw Object.assign(new Error('the converter gave up'), {
              code: 'E_CONVERT',
              detail: `Key (username)=(${USER}) already exists`,
              file: 'Augusta Byron-King essay.docx',
            });
          },
        },
        render: {
          timeoutMs: 1000,
          async run() {
            throw new PermanentJobError('the PDF could not be drawn');
          },
        },
      },
    });
    expect((await runner.runUntilIdle()).sort()).toEqual(['failed', 'retried']);
    await app.inject({ method: 'GET', url: '/healthz' });

    const entries = workerLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const retry = entries.find((e) => e.msg === 'job failed; will retry')!;
    expect(retry).toMatchObject({ level: 40, kind: 'convert', attempt: 1 });
    const err = retry.err as Record<string, string>;
    expect(err).toMatchObject({
      type: 'Error',
      message: 'the converter gave up',
      code: 'E_CONVERT',
    });
    // The stack, from the throw in the handler: the old worker logger kept only the message.
    expect(err.stack).toMatch(/^Error: the converter gave up\n\s+at /);
    expect(Object.keys(err).sort()).toEqual(['code', 'message', 'stack', 'type']);
    // Lines shaped as the server's (same fields, same numeric levels).
    const serverLine = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    for (const key of ['level', 'time', 'pid', 'hostname', 'msg']) {
      expect(retry).toHaveProperty(key);
      expect(serverLine).toHaveProperty(key);
    }
    const log = workerLines.join('\n');
    expect(log).toContain('the PDF could not be drawn');
    for (const secret of [USER, 'ada.lovelace', 'Augusta', 'Byron-King', 'essay.docx']) {
      expect(log).not.toContain(secret);
    }
  });
});
