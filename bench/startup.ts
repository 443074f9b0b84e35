/**
 * Start-up and memory of the server as production runs it (`node dist/server/main.js`, compiled
 * by `npm run build`) beside the TypeScript it was run as before (`node --import tsx
 * src/server/main.ts`): the time from spawning the process to the first 200 from /healthz, its
 * resident memory (RSS, from /proc) right then, and again after a fixed mix of requests (the
 * client page, school lookups, /healthz). Each way starts RUNS times on one SQLite data folder
 * whose lookup data is already loaded (as on every start but the first), alternating, and the
 * medians are reported.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/helpers/live-server';
import { median, type BenchRow } from './bench-row';

const RUNS = 5;
const REQUESTS = 300;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ways = [
  { label: 'tsx', args: ['--import', 'tsx', 'src/server/main.ts'] },
  { label: 'compiled', args: ['dist/server/main.js'] },
] as const;

/** Resident memory of a process in MiB (Linux /proc; NaN elsewhere). */
function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
    return kib / 1024;
  } catch {
    return NaN;
  }
}

function exitOf(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

interface Sample {
  startMs: number;
  rssStart: number;
  rssLoaded: number;
}

async function once(args: readonly string[], dataDir: string): Promise<Sample> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} was not healthy in 120 s`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const startMs = performance.now() - started;
    const pid = child.pid!;
    const rssStart = rssMiB(pid);
    const queries = ['lincoln', 'saint', 'central', 'alconbury', 'academy'];
    for (let i = 0; i < REQUESTS; i++) {
      const url =
        i % 3 === 0
          ? `${base}/`
          : i % 3 === 1
            ? `${base}/lookup/find?category=hs_ceeb&query=${queries[i % queries.length]}`
            : `${base}/healthz`;
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    }
    return { startMs, rssStart, rssLoaded: rssMiB(pid) };
  } finally {
    if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
    await exitOf(child);
  }
}

export async function run(): Promise<BenchRow[]> {
  // Today's code, compiled; the client bundle (for the page requests) when there is none yet.
  const npm = (script: string) =>
    execFileSync('npm', ['run', '-s', script], { cwd: root, stdio: 'ignore' });
  npm('build:server');
  if (!existsSync(path.join(root, 'dist', 'client', 'index.html'))) npm('build:client');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-bench-startup-'));
  try {
    // The first start loads the schools into the new database; not a start-up figure.
    await once(ways[1].args, dataDir);
    const samples = new Map<string, Sample[]>(ways.map((way) => [way.label, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const way of ways) samples.get(way.label)!.push(await once(way.args, dataDir));
    }
    return ways.flatMap((way) => {
      const list = samples.get(way.label)!;
      const of = (pick: (s: Sample) => number) => median(list.map(pick));
      const how =
        way.label === 'tsx' ? 'node --import tsx src/server/main.ts' : 'node dist/server/main.js';
      return [
        {
          id: `startup.${way.label}.ms`,
          name: `start to /healthz 200 (${how})`,
          value: of((s) => s.startMs),
          unit: 'ms',
        },
        {
          id: `startup.${way.label}.rss-start`,
          name: `RSS at first /healthz 200 (${how})`,
          value: of((s) => s.rssStart),
          unit: 'MiB',
        },
        {
          id: `startup.${way.label}.rss-loaded`,
          name: `RSS after ${REQUESTS} requests (${how})`,
          value: of((s) => s.rssLoaded),
          unit: 'MiB',
        },
      ];
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
