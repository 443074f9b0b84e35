/**
 * The compiled server (npm run build → dist/server/main.js) runs with plain Node, from any
 * working directory, in the production image's layout (package.json, node_modules, dist, forms,
 * schemas, data: no src/, no scripts, no TypeScript loader), and still finds what it reads
 * (forms/, schemas/, data/lookup, dist/client): bundling moves the code to other folder depths,
 * so paths computed from a module's own file would break here first. The operators' scripts and
 * the worker run compiled too.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAppRoot } from '../../src/server/app-root';
import { freePort, waitFor } from '../helpers/live-server';

const root = path.resolve(import.meta.dirname, '../..');
const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'admissions-cwd-'));
/** What the Dockerfile's runtime stage copies, and nothing else (node_modules linked, not copied). */
const image = mkdtempSync(path.join(os.tmpdir(), 'admissions-image-'));
const children: ChildProcess[] = [];

/** Plain Node with no loader (NODE_OPTIONS could carry tsx), started away from the repository. */
function runCompiled(program: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [path.join(image, 'dist', program), ...args], {
    cwd: elsewhere,
    env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output.join(''), exited };
}

function endByPid(child: ChildProcess): void {
  if (child.pid && child.exitCode === null && child.signalCode === null) {
    process.kill(child.pid, 'SIGTERM');
  }
}

beforeAll(() => {
  const npm = (script: string) =>
    execFileSync('npm', ['run', '-s', script], { cwd: root, stdio: 'ignore', timeout: 240_000 });
  // The server bundle is always rebuilt, so the test runs today's code; the client bundle (slow
  // to build, and not what this test is about) only when there is none yet.
  npm('build:server');
  if (!existsSync(path.join(root, 'dist', 'client', 'index.html'))) npm('build:client');
  for (const item of ['package.json', 'dist', 'forms', 'schemas', 'data']) {
    cpSync(path.join(root, item), path.join(image, item), { recursive: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(image, 'node_modules'), 'dir');
}, 300_000);

afterAll(async () => {
  for (const child of children) endByPid(child);
  rmSync(elsewhere, { recursive: true, force: true });
  rmSync(image, { recursive: true, force: true });
});

describe('findAppRoot', () => {
  it('finds the repository from a bundle’s folder as from a source folder, and says when it cannot', () => {
    mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
    expect(findAppRoot(path.join(root, 'dist', 'server'))).toBe(root);
    expect(findAppRoot(path.join(root, 'src', 'server', 'lookup'))).toBe(root);
    expect(() => findAppRoot(elsewhere)).toThrow(/package\.json/);
  });
});

describe('node dist/server/main.js', () => {
  it('starts on plain Node in the image layout and serves /healthz, the client page and a lookup', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-compiled-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = runCompiled('server/main.js', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
    });
    try {
      await waitFor(
        '/healthz',
        async () => {
          if (server.child.exitCode !== null) throw new Error(`exited: ${server.output()}`);
          return (await fetch(`${base}/healthz`).catch(() => undefined))?.ok;
        },
        60_000,
      );
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);

      const found = await fetch(`${base}/lookup/find?category=hs_ceeb&query=alconbury`);
      expect(found.status).toBe(200);
      const schools = (await found.json()) as Array<{ text: string }>;
      expect(schools.length).toBeGreaterThan(0);
      expect(schools[0]!.text).toMatch(/alconbury/i);
      // The 24,000 schools were read from data/lookup, found from the bundle's folder.
      expect(server.output()).toMatch(/Lookup data: \d+ schools loaded/);
    } finally {
      endByPid(server.child);
      expect(await server.exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the compiled scripts and worker', () => {
  it('migrates a new database with node dist/scripts/migrate.js', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-compiled-'));
    try {
      const migrate = runCompiled('scripts/migrate.js', { DATA_DIR: dataDir });
      expect(await migrate.exited).toBe(0);
      expect(migrate.output()).toMatch(/is up to date: 0001_identity, .*0005_documents/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs the worker with node dist/server/worker.js until SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-compiled-'));
    const worker = runCompiled('server/worker.js', { DATA_DIR: dataDir });
    try {
      await waitFor(
        'the worker to start',
        () => {
          if (worker.child.exitCode !== null) throw new Error(`exited: ${worker.output()}`);
          return worker.output().includes('worker running jobs');
        },
        60_000,
      );
      // Its log is the server's setup: JSON lines (NODE_ENV=production), pino's fields.
      const started = worker
        .output()
        .split('\n')
        .find((line) => line.includes('worker running jobs'))!;
      expect(JSON.parse(started)).toMatchObject({
        level: 30,
        process: 'worker',
        pid: worker.child.pid,
      });
    } finally {
      endByPid(worker.child);
      expect(await worker.exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
