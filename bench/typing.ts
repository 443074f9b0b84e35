/**
 * Keystroke-to-next-paint latency of the form (target: p95 under 16 ms). Builds the client for
 * production, serves it with the real server on a temporary data folder, opens /about in Chromium
 * with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), and types 30 characters, one real
 * key press at a time, into the first text field (first_name) and into one about 30 fields further
 * down (parent_first_name). Each key press is measured from its keydown to:
 * - `raf2`: the second animation frame after the input changed (rAF → rAF; the first frame paints
 *   the change, the second starts after it, so this includes one whole frame interval, ~16.7 ms);
 * - `next paint`: the task right after the first animation frame (rAF → message), the usual
 *   approximation of the moment the frame with the change was produced;
 * - `handled`: the end of the input event's handlers, React's render and commit included (the
 *   work the form itself does per key).
 * A plain <input> on an empty page, typed the same way, gives the floor the frame clock sets.
 * BENCH_SKIP_BUILD=1 reuses dist/client; BENCH_CPU_SLOWDOWN changes the 4× slowdown.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEYS = 'abcdefghijklmnopqrstuvwxyzabcd';
/** SPEC'd slowdown 4×; BENCH_CPU_SLOWDOWN overrides it (1 shows the machine unthrottled). */
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/** A pause between key presses, like brisk typing (about ten characters a second). */
const GAP_MS = 100;

export interface Measurement {
  name: string;
  value: number;
  unit: string;
}

interface Sample {
  handled: number;
  nextPaint: number;
  raf2: number;
}

function sh(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // Its own process group, so stopping it stops tsx and the node process it starts.
  const server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        SMTP_URL: '',
      },
    },
  );
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(server);
  throw new Error(`The server did not answer /healthz within 120 s.\n${errors}`);
}

/** SIGTERM to the server's process group, then SIGKILL if it has not gone within 5 s. */
async function stopServer(server: ChildProcess): Promise<void> {
  const group = server.pid;
  if (group === undefined) return;
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-group, name);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (!signal('SIGTERM')) return;
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!signal(0)) return;
  }
  signal('SIGKILL');
}

/**
 * Listeners on window: keydown starts a sample; the input event's bubble phase, which comes after
 * React's listener on its root, ends the handling. Browser code is a string: tsx rewrites the
 * functions it compiles with a helper that does not exist in the page.
 */
const instrumentation = `(() => {
  const state = { samples: [], waiters: [] };
  window.__typing = state;
  let start = 0;
  window.addEventListener('keydown', () => { start = performance.now(); }, true);
  window.addEventListener('input', () => {
    const t0 = start;
    const handled = performance.now() - t0;
    let nextPaint = 0;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { nextPaint = performance.now() - t0; };
      channel.port2.postMessage(0);
      requestAnimationFrame(() => {
        const raf2 = performance.now() - t0;
        state.samples.push({ handled, nextPaint: nextPaint || raf2, raf2 });
        state.waiters.splice(0).forEach((wake) => wake());
      });
    });
  });
})()`;

/** Resolves once the page has recorded n samples. */
const samplesReached = (n: number) => `new Promise((resolve) => {
  const state = window.__typing;
  const check = () => {
    if (state.samples.length >= ${n}) resolve(true);
    else state.waiters.push(check);
  };
  check();
})`;

/** Types the keys one by one into the element, waiting for each sample before the next key. */
async function typeInto(page: Page, selector: string): Promise<Sample[]> {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.locator(selector).click();
  const before = (await page.evaluate('window.__typing.samples.length')) as number;
  for (let i = 0; i < KEYS.length; i++) {
    const sampled = page.evaluate(samplesReached(before + i + 1));
    await page.keyboard.press(KEYS[i]!);
    await sampled;
    await page.waitForTimeout(GAP_MS);
  }
  return (await page.evaluate(`window.__typing.samples.slice(${before})`)) as Sample[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

function rows(label: string, samples: Sample[]): Measurement[] {
  const out: Measurement[] = [];
  for (const [metric, pick] of [
    ['keydown→rAF→rAF', (s: Sample) => s.raf2],
    ['keydown→next paint', (s: Sample) => s.nextPaint],
    ['keydown→input handled', (s: Sample) => s.handled],
  ] as const) {
    const values = samples.map(pick);
    out.push({ name: `${label}: ${metric} p50`, value: percentile(values, 50), unit: 'ms' });
    out.push({ name: `${label}: ${metric} p95`, value: percentile(values, 95), unit: 'ms' });
  }
  return out;
}

export async function run(): Promise<Measurement[]> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    sh('npm', ['run', '-s', 'validators']);
    sh('npx', ['vite', 'build', '--logLevel', 'error'], { NODE_ENV: 'production' });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'typing-bench-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const port = await freePort();
    server = await startServer(port, dataDir);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // The floor: a bare input on an empty page, same throttling, same clock.
    await page.setContent('<input id="bare" aria-label="Bare input">');
    await page.evaluate(instrumentation);
    const bare = await typeInto(page, '#bare');

    await page.goto(`http://127.0.0.1:${port}/about`);
    await page.locator('#parent_first_name-input').waitFor({ timeout: 60_000 });
    await page.evaluate(instrumentation);
    const first = await typeInto(page, '#first_name-input');
    const further = await typeInto(page, '#parent_first_name-input');

    return [
      ...rows('About You, first text field (first_name)', first),
      ...rows('About You, 29 fields further (parent_first_name)', further),
      ...rows('bare input on an empty page (floor)', bare),
    ];
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `tsx bench/typing.ts` prints the figures.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await run()) console.log(`${row.name.padEnd(70)} ${row.value} ${row.unit}`);
}
