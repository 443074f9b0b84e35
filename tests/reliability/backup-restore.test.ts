/**
 * [runtime] backups: `npm run backup` taken while applicants save, restored by `npm run restore`
 * into an empty DATA_DIR, serves every save acknowledged before the backup began. Runs the real
 * scripts in their own processes beside a real server, as an operator would.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { liveApplicants, startLiveServer, type LiveServer } from '../helpers/live-server';

const APPLICANTS = 20;

function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function save(server: LiveServer, cookie: string, value: string): Promise<boolean> {
  const response = await fetch(`${server.base}/api/answer`, {
    method: 'PUT',
    headers: { cookie, origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: value }),
  });
  return response.ok;
}

describe('backup during a save load, then restore', () => {
  const folders: string[] = [];
  const servers: LiveServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.dispose();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every save acknowledged before the backup began', async () => {
    const server = await startLiveServer();
    servers.push(server);
    const cookies = await liveApplicants(server, APPLICANTS, 'backup');

    // Each applicant saves first_name = "Save <n>" with n rising; the last n acknowledged before
    // the backup began is the least the restored copy may hold.
    const acknowledged = cookies.map(() => ({ n: 0, at: 0 }));
    let backupBegan = Number.POSITIVE_INFINITY;
    const ackedBefore = cookies.map(() => 0);
    let loading = true;
    let saves = 0;
    const load = Promise.all(
      cookies.map(async (cookie, i) => {
        for (let n = 1; loading; n += 1) {
          if (await save(server, cookie, `Save ${n}`)) {
            const at = Date.now();
            acknowledged[i] = { n, at };
            if (at < backupBegan) ackedBefore[i] = n;
            saves += 1;
          }
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 1500));

    const backups = mkdtempSync(path.join(os.tmpdir(), 'admissions-backups-'));
    folders.push(backups);
    backupBegan = Date.now();
    const backup = await runScript('scripts/backup.ts', [backups], { DATA_DIR: server.dataDir });
    await new Promise((r) => setTimeout(r, 500));
    loading = false;
    await load;
    expect(backup.output).toMatch(/^Backed up .* to .*admissions-\d{8}T\d{6}Z: database \d+ bytes/);
    expect(backup.code).toBe(0);
    const [folder] = readdirSync(backups);
    expect(folder).toMatch(/^admissions-\d{8}T\d{6}Z$/);

    // A restore never writes over live data.
    const refused = await runScript('scripts/restore.ts', [path.join(backups, folder!)], {
      DATA_DIR: server.dataDir,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`DATA_DIR ${server.dataDir} is not empty`);
    await server.stop();

    const restoredDir = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'admissions-restored-')),
      'data',
    );
    folders.push(path.dirname(restoredDir));
    const restore = await runScript('scripts/restore.ts', [path.join(backups, folder!)], {
      DATA_DIR: restoredDir,
    });
    expect(restore.output).toContain(`into ${restoredDir}`);
    expect(restore.code).toBe(0);

    // The restored server knows the same sessions (the secret came along) and the answers.
    const restored = await startLiveServer({ dataDir: restoredDir });
    servers.push(restored);
    const found = await Promise.all(
      cookies.map(async (cookie) => {
        const response = await fetch(`${restored.base}/api/profile`, { headers: { cookie } });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { answer: Record<string, string> };
        return Number(/^Save (\d+)$/.exec(body.answer.first_name ?? '')?.[1] ?? 0);
      }),
    );
    const lost = found.filter((n, i) => n < ackedBefore[i]!);
    console.log(
      `[backup] ${saves} saves acknowledged during the run; ${ackedBefore.reduce(
        (a, b) => a + b,
        0,
      )} before the backup began; restored ${APPLICANTS} applicants, ${lost.length} missing a save`,
    );
    expect(ackedBefore.every((n) => n > 0)).toBe(true);
    expect(lost).toEqual([]);
    // Nothing the backup could not have seen: no value newer than any sent.
    expect(found.every((n, i) => n <= acknowledged[i]!.n + 1)).toBe(true);
  });
});
