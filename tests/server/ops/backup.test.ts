import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupDataDir,
  backupFolderName,
  restoreDataDir,
  type BackupManifest,
} from '../../../src/server/ops/backup';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admissions-backup-unit-'));
  temps.push(dir);
  return dir;
}

/** A DATA_DIR as the server leaves it: a WAL-mode database with rows still in the WAL, blobs, a secret. */
function dataDir(): { dir: string; db: SQLite.Database } {
  const dir = temp();
  const db = new SQLite(path.join(dir, 'admissions.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('create table answers (k text primary key, v text)');
  db.prepare('insert into answers values (?, ?)').run('first_name', 'Ada');
  mkdirSync(path.join(dir, 'blobs', 'uploads', 'acct'), { recursive: true });
  writeFileSync(path.join(dir, 'blobs', 'uploads', 'acct', 'a.pdf'), '%PDF-1.7 one');
  writeFileSync(path.join(dir, 'blobs', 'uploads', 'acct', 'b.pdf.1a2b.partial'), 'half');
  writeFileSync(path.join(dir, 'session-secret'), 's3cret');
  return { dir, db };
}

describe('backupDataDir and restoreDataDir', () => {
  it('names a backup by its UTC time', () => {
    expect(backupFolderName(new Date('2026-11-24T08:15:30.123Z'))).toBe(
      'admissions-20261124T081530Z',
    );
  });

  it('copies the database (rows still in the WAL included), whole blobs and the secret, and restores them', async () => {
    const { dir, db } = dataDir();
    const into = temp();
    const { folder, manifest } = await backupDataDir({
      dataDir: dir,
      into,
      now: () => new Date('2026-11-24T08:15:30Z'),
    });
    db.close();
    expect(folder).toBe(path.join(into, 'admissions-20261124T081530Z'));
    expect(manifest).toEqual<BackupManifest>({
      format: 1,
      takenAt: '2026-11-24T08:15:30.000Z',
      databaseFile: 'admissions.sqlite',
      databaseBytes: expect.any(Number) as number,
      blobs: 1,
      blobBytes: 12,
      sessionSecret: true,
    });
    expect(existsSync(path.join(folder, 'blobs', 'uploads', 'acct', 'b.pdf.1a2b.partial'))).toBe(
      false,
    );

    const restored = path.join(temp(), 'data');
    await restoreDataDir({ from: folder, dataDir: restored });
    const copy = new SQLite(path.join(restored, 'admissions.sqlite'), { readonly: true });
    expect(copy.prepare('select v from answers where k = ?').get('first_name')).toEqual({
      v: 'Ada',
    });
    copy.close();
    expect(readFileSync(path.join(restored, 'blobs', 'uploads', 'acct', 'a.pdf'), 'utf8')).toBe(
      '%PDF-1.7 one',
    );
    expect(readFileSync(path.join(restored, 'session-secret'), 'utf8')).toBe('s3cret');
  });

  it('refuses to restore into a DATA_DIR that holds anything', async () => {
    const { dir, db } = dataDir();
    const { folder } = await backupDataDir({ dataDir: dir, into: temp() });
    db.close();
    await expect(restoreDataDir({ from: folder, dataDir: dir })).rejects.toThrow(
      `DATA_DIR ${dir} is not empty: restore into an empty folder, then point DATA_DIR at it.`,
    );
  });

  it('refuses a folder that is not a complete backup, and a damaged database copy', async () => {
    const notBackup = temp();
    await expect(restoreDataDir({ from: notBackup, dataDir: temp() })).rejects.toThrow(
      `${notBackup} is not a complete backup: it has no backup.json (was it written by npm run backup?).`,
    );
    const { dir, db } = dataDir();
    const { folder } = await backupDataDir({ dataDir: dir, into: temp() });
    db.close();
    writeFileSync(
      path.join(folder, 'admissions.sqlite'),
      'not a database at all, padded'.repeat(200),
    );
    await expect(
      restoreDataDir({ from: folder, dataDir: path.join(temp(), 'd') }),
    ).rejects.toThrow();
  });

  it('says there is nothing to back up when DATA_DIR has no database', async () => {
    const empty = temp();
    await expect(backupDataDir({ dataDir: empty, into: temp() })).rejects.toThrow(
      `There is no database to back up at ${path.join(empty, 'admissions.sqlite')}.`,
    );
  });
});
