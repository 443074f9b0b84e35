/**
 * A real server in a child process, as in production: for load, fault and benchmark runs that
 * must not share the test's event loop, and that kill the server with SIGKILL and start it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const LIVE_PASSWORD = 'Live-Server-Test-42!';

export interface LiveServer {
  base: string;
  dataDir: string;
  /** Stops the process with this signal and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the server again on the same data and port. */
  restart(): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
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

/** Starts `src/server/main.ts` on a free port with its own data folder and no rate limits to speak of. */
export async function startLiveServer(
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<LiveServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-live-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        PUBLIC_URL: base,
        NODE_ENV: 'production',
        RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
        RATE_LIMIT_PER_USERNAME_PER_HOUR: '1000000',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(base, child);
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  await start();
  return {
    base,
    dataDir,
    stop,
    restart: start,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
  throw new Error(`no confirmation code was mailed to ${username}`);
}

/** Signs up, confirms with the outboxed code and logs in; returns the Cookie header. */
export async function liveApplicant(server: LiveServer, username: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: server.base };
  const post = (url: string, body: unknown) =>
    fetch(`${server.base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await post('/public/signup', { username, password: LIVE_PASSWORD });
  await post('/public/confirm', { username, code: codeFromOutbox(server.dataDir, username) });
  const login = await post('/public/login', { username, password: LIVE_PASSWORD });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Creates applicants a few at a time (password hashing is deliberately slow). */
export async function liveApplicants(
  server: LiveServer,
  count: number,
  prefix: string,
): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) =>
      liveApplicant(server, `${prefix}${i + j}@example.org`),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

/** A fresh PostgreSQL database for one run, dropped afterwards. */
export async function withFreshPostgres<T>(
  url: string,
  fn: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `live_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
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

/** The value at a quantile of sorted numbers. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
