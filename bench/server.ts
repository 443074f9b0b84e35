/**
 * Server throughput: PUT /api/answer with ten changed keys from signed-in applicants, at 50 and
 * 200 connections, against GET /healthz as the reference in the same run (budget: saves at least
 * half the healthz rate, p99 under 50 ms at 200 connections, zero errors). The server runs as a
 * child process (as in production, not sharing this process's event loop) on a fresh SQLite
 * database, and on a fresh PostgreSQL database too when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import type { BenchRow } from './bench-row';

const APPLICANTS = 50;
const DURATION_S = 8;
const PASSWORD = 'Bench-Marking-42!';
const KEYS = [
  'first_name',
  'middle_name',
  'last_name',
  'preferred_name',
  'prev_name',
  'address_line_1',
  'address_line_2',
  'city',
  'mailing_city',
  'hs_name',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy in 60 s');
}

function codeFromOutbox(dataDir: string, username: string): string {
  const outbox = path.join(dataDir, 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const eml = readFileSync(path.join(outbox, file), 'utf8');
    if (eml.includes(`To: ${username}`)) {
      const code = eml.match(/confirmation code is (\d{6})/)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`no code for ${username}`);
}

/** Signs up, confirms (code from the outbox) and logs in; returns the Cookie header. */
async function applicant(base: string, dataDir: string, i: number): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base };
  const username = `bench${i}@example.org`;
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await post('/public/signup', { username, password: PASSWORD });
  await post('/public/confirm', { username, code: codeFromOutbox(dataDir, username) });
  const login = await post('/public/login', { username, password: PASSWORD });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ duration: DURATION_S, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(label: string, databaseUrl: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-bench-server-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_USERNAME_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, child);
    const cookies: string[] = [];
    for (let i = 0; i < APPLICANTS; i += 5) {
      cookies.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(5, APPLICANTS - i) }, (_, j) =>
            applicant(base, dataDir, i + j),
          ),
        )),
      );
    }
    let client = 0;
    let counter = 0;
    const saves = (connections: number) =>
      load({
        url: base,
        connections,
        setupClient: (c) => {
          c.setHeaders({
            cookie: cookies[client++ % cookies.length]!,
            origin: base,
            'content-type': 'application/json',
          });
        },
        requests: [
          {
            method: 'PUT',
            path: '/api/answer',
            setupRequest: (request) => {
              counter++;
              const body = Object.fromEntries(KEYS.map((k) => [k, `${k}-${counter}`]));
              return { ...request, body: JSON.stringify(body) };
            },
          },
        ],
      });
    const health = (connections: number) => load({ url: `${base}/healthz`, connections });

    const rows: BenchRow[] = [];
    for (const connections of [50, 200]) {
      const reference = await health(connections);
      const save = await saves(connections);
      const at = `${label}, ${connections} conn`;
      rows.push(
        { name: `GET /healthz rps (${at})`, value: reference.rps, unit: 'req/s' },
        { name: `PUT /api/answer rps (${at})`, value: save.rps, unit: 'req/s' },
        {
          name: `PUT /api/answer / healthz rate (${at})`,
          value: save.rps / reference.rps,
          unit: '×',
        },
        { name: `PUT /api/answer p50 (${at})`, value: save.p50, unit: 'ms' },
        { name: `PUT /api/answer p99 (${at})`, value: save.p99, unit: 'ms' },
        { name: `PUT /api/answer errors (${at})`, value: save.errors, unit: '' },
        { name: `GET /healthz p99 (${at})`, value: reference.p99, unit: 'ms' },
      );
    }
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database for one run, dropped afterwards. */
async function withPostgres<T>(url: string, fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return await fn(target.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await measure('SQLite', '');
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) rows.push(...(await withPostgres(pgUrl, (url) => measure('PostgreSQL', url))));
  return rows;
}
