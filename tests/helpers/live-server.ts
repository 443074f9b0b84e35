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
  /** The server process's id (changes with restart()). */
  readonly pid: number;
  /** Its JSON log lines, when started with captureLogs. */
  logs: string[];
  /** Stops the process with this signal and waits for it to exit; resolves to its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Sends a signal without waiting; `exited` says when the process is gone. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves to the exit code once the process has exited. */
  exited(): Promise<number | null>;
  /** Starts the server again on the same data and port. */
  restart(): Promise<void>;
  /** Stops it and removes its data folder (unless the folder was given, and so shared). */
  dispose(): Promise<void>;
}

export interface LiveServerOptions {
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A data folder shared with other processes (blobs, outbox), kept by dispose(). */
  dataDir?: string;
  /** Keep the process's stdout log lines in `logs` (otherwise they are dropped). */
  captureLogs?: boolean;
  /** The checkout whose src/server/main.ts runs (a bench's copy of the product); this one's by default. */
  cwd?: string;
}

/** Child processes' stdout lines into `into`, when there is a stream to read. */
function collectLines(child: ChildProcess, into: string[]): void {
  let rest = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    into.push(...parts.filter(Boolean));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Polls `check` until it returns something truthy; throws with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
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
export async function startLiveServer(options: LiveServerOptions = {}): Promise<LiveServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'admissions-live-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  let child: ChildProcess;
  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: options.cwd,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        PUBLIC_URL: base,
        NODE_ENV: 'production',
        RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
        RATE_LIMIT_PER_USERNAME_PER_HOUR: '1000000',
        RATE_LIMIT_LOGIN_BACKOFF_AFTER: '1000000',
        RATE_LIMIT_API_WRITES_PER_MINUTE: '1000000',
        RATE_LIMIT_VALIDATIONS_PER_MINUTE: '1000000',
        VISITOR_ANSWERS_PER_IP: '1000000',
        ...options.env,
      },
      stdio: ['ignore', options.captureLogs ? 'pipe' : 'ignore', 'inherit'],
    });
    collectLines(child, logs);
    await waitForHealth(base, child);
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const exited = exitOf(child);
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  await start();
  return {
    base,
    dataDir,
    get pid() {
      return child.pid ?? 0;
    },
    logs,
    stop,
    signal: (signal) => void child.kill(signal),
    exited: () => exitOf(child),
    restart: start,
    async dispose() {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LiveWorker {
  readonly pid: number;
  /** Its JSON log lines. */
  logs: string[];
  /** Stops the process with this signal and waits for it to exit; resolves to its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  signal(signal: NodeJS.Signals): void;
  exited(): Promise<number | null>;
}

/**
 * Starts `src/server/worker.ts` (what `npm run worker` runs) on a database and a data folder
 * shared with servers, and waits until it says it is running jobs.
 */
export async function startLiveWorker(options: {
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<LiveWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: string[] = [];
  collectLines(child, logs);
  await waitFor(
    'the worker to start',
    () => {
      if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}`);
      return logs.some((line) => line.includes('worker running jobs'));
    },
    60_000,
  );
  return {
    pid: child.pid ?? 0,
    logs,
    async stop(signal = 'SIGTERM') {
      const exited = exitOf(child);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    signal: (signal) => void child.kill(signal),
    exited: () => exitOf(child),
  };
}

/** The newest confirmation code mailed to `username`, read from the outbox in `dataDir`. */
/**
 * The 6-digit code of the newest confirmation mail to `username` in DATA_DIR/outbox. Mail goes
 * out in the background after the response, so this waits for the file to be written.
 */
export async function codeFromOutbox(
  dataDir: string,
  username: string,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = newestCode(path.join(dataDir, 'outbox'), username);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no confirmation code was mailed to ${username}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function newestCode(outbox: string, username: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(outbox);
  } catch {
    return undefined; // nothing written yet
  }
  for (const file of files.sort().reverse()) {
    const eml = readFileSync(path.join(outbox, file), 'utf8');
    if (eml.includes(`To: ${username}`)) {
      const code = eml.match(/confirmation code is (\d{6})/)?.[1];
      if (code) return code;
    }
  }
  return undefined;
}

/** Signs up, confirms with the outboxed code and logs in; returns the Cookie header. */
export async function liveApplicant(server: LiveServer, username: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: server.base };
  const post = (url: string, body: unknown) =>
    fetch(`${server.base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await post('/public/signup', { username, password: LIVE_PASSWORD });
  await post('/public/confirm', {
    username,
    code: await codeFromOutbox(server.dataDir, username),
  });
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
