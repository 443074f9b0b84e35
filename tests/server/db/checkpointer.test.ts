import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startCheckpointer,
  WAL_BACKSTOP_PAGES,
  type CheckpointReport,
} from '../../../src/server/db/checkpointer';
import { openDatabase } from '../../../src/server/db/database';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admissions-checkpoint-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `rows` new rows of 1 KB, committed `perCommit` at a time. */
function fill(file: SQLite.Database, rows: number, perCommit = 50): void {
  const insert = file.prepare('insert into filler (body) values (?)');
  const batch = file.transaction((count: number) => {
    for (let i = 0; i < count; i++) insert.run('x'.repeat(1_000));
  });
  for (let done = 0; done < rows; done += perCommit) batch(perCommit);
}

async function until<T>(check: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the WAL checkpoint thread', () => {
  it('copies committed pages into the database file while the connection never checkpoints', async () => {
    const name = path.join(folder(), 'db.sqlite');
    const file = new SQLite(name);
    cleanups.push(() => file.close());
    file.pragma('journal_mode = WAL');
    // Only the thread may checkpoint here.
    file.pragma('wal_autocheckpoint = 0');
    file.exec('create table filler (id integer primary key, body text)');
    const reports: CheckpointReport[] = [];
    const checkpointer = startCheckpointer(name, (report) => reports.push(report));
    cleanups.push(() => checkpointer.stop());

    const before = statSync(name).size;
    fill(file, 2_000);
    const done = await until(
      () => reports.find((r) => r.busy === 0 && r.log > 0 && r.checkpointed === r.log),
      'a checkpoint of every frame',
    );
    expect(done.log).toBeGreaterThan(400);
    // 2 MB of rows are in the database file itself now, not only in the WAL.
    expect(statSync(name).size - before).toBeGreaterThan(1_500_000);

    // Fully copied, the WAL starts again from its beginning at the next commit: it stays small.
    const walSize = statSync(`${name}-wal`).size;
    for (let round = 0; round < 5; round++) {
      fill(file, 500);
      const runs = reports.length;
      await until(() => (reports.length > runs + 1 ? true : undefined), 'two more checkpoints');
    }
    expect(statSync(`${name}-wal`).size).toBeLessThanOrEqual(walSize);
  });

  it('is how openDatabase checkpoints, and closing leaves no WAL behind', async () => {
    const dataDir = folder();
    const db = await openDatabase({ url: '', dataDir });
    const name = path.join(dataDir, 'admissions.sqlite');
    await sql`create table filler (id integer primary key, body text)`.execute(db);
    const before = statSync(name).size;
    // Far below the backstop: the server's connection does not checkpoint these pages itself.
    const rows = 1_000;
    expect(rows).toBeLessThan(WAL_BACKSTOP_PAGES / 4);
    for (let i = 0; i < rows; i += 100) {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 100)
        insert into filler (body) select ${'y'.repeat(1_000)} from n`.execute(db);
    }
    await until(
      () => (statSync(name).size - before > 900_000 ? true : undefined),
      'the rows to reach the database file',
    );
    await db.destroy();
    // The thread closed its connection first, so the server's close was the last one: SQLite
    // checkpointed and removed the WAL.
    expect(existsSync(`${name}-wal`)).toBe(false);
  });

  it('stops at once and twice without harm', () => {
    const name = path.join(folder(), 'db.sqlite');
    const file = new SQLite(name);
    file.pragma('journal_mode = WAL');
    const checkpointer = startCheckpointer(name);
    checkpointer.stop();
    checkpointer.stop();
    file.close();
    expect(existsSync(`${name}-wal`)).toBe(false);
  });
});
