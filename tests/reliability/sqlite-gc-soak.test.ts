/**
 * [runtime] better-sqlite3 under Node 24: a server that prepares statements in a loop and has
 * them collected while it idles keeps running and answering (better-sqlite3 12 aborted the
 * process with SIGABRT there, within a second), and exits cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../helpers/live-server';

describe('SQLite statements finalised by GC under Node 24', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-gc-soak-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves the server running and answering', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/reliability/fixtures/sqlite-gc-soak.ts'],
      {
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PUBLIC_URL: base,
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      // No requests while the loop runs: the collections that matter run when the process idles.
      await waitFor(
        'the soak to finish',
        () => {
          if (child.exitCode !== null || child.signalCode !== null) {
            throw new Error(`the server died (${child.exitCode ?? child.signalCode}):\n${output}`);
          }
          return output.includes('"soak":"done"');
        },
        120_000,
        250,
      );
      let answered = 0;
      for (let i = 0; i < 20; i += 1) {
        // /readyz queries the database through the server's own statements.
        const [health, ready] = await Promise.all([
          fetch(`${base}/healthz`),
          fetch(`${base}/readyz`),
        ]);
        if (health.ok && ready.ok) answered += 1;
      }
      expect(answered).toBe(20);
      // The loop is done; collection of its last statements happens while the server idles.
      await new Promise((r) => setTimeout(r, 1000));
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      console.log(
        `[gc-soak] ${JSON.parse(/\{"soak".*\}/.exec(output)![0]).prepared} statements prepared and collected; ${answered} rounds of requests answered`,
      );
      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
