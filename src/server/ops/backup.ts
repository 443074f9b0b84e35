import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Backups of the embedded defaults: the SQLite database, the local blob folder and the generated
 * session secret, as one dated folder. PostgreSQL and S3 have their own tools (docs/deploy.md).
 */

const DATABASE_FILE = 'admissions.sqlite';
const SECRET_FILE = 'session-secret';
const MANIFEST_FILE = 'backup.json';
const BLOBS = 'blobs';

export interface BackupManifest {
  format: 1;
  /** When the database copy was taken: every save acknowledged before it is in the backup. */
  takenAt: string;
  databaseFile: string;
  databaseBytes: number;
  blobs: number;
  blobBytes: number;
  sessionSecret: boolean;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The folder name of a backup taken at `now`: admissions-20261124T081500Z. */
export function backupFolderName(now: Date): string {
  return `admissions-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/**
 * Copies DATA_DIR's database, blobs and secret into `into/admissions-<time>` while the server
 * runs. The database is copied with SQLite's online backup API in one step, so the copy is one
 * consistent snapshot (in WAL mode the server's writes go on meanwhile). Blobs are written once
 * under new keys and never changed, so they are copied before the database (every blob a row can
 * name exists then) and once more after it (those uploaded while the database was copied).
 */
export async function backupDataDir(options: {
  dataDir: string;
  into: string;
  now?: () => Date;
}): Promise<{ folder: string; manifest: BackupManifest }> {
  const now = options.now ?? (() => new Date());
  const database = path.join(options.dataDir, DATABASE_FILE);
  if (!(await exists(database))) {
    throw new BackupError(`There is no database to back up at ${database}.`);
  }
  await mkdir(options.into, { recursive: true });
  const folder = path.join(options.into, backupFolderName(now()));
  if (await exists(folder)) throw new BackupError(`${folder} exists already.`);
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const blobsFrom = path.join(options.dataDir, BLOBS);
    const blobsTo = path.join(partial, BLOBS);
    await copyTree(blobsFrom, blobsTo);
    const takenAt = now().toISOString();
    await copyDatabase(database, path.join(partial, DATABASE_FILE));
    const { files, bytes } = await copyTree(blobsFrom, blobsTo);
    const secret = path.join(options.dataDir, SECRET_FILE);
    const hasSecret = await exists(secret);
    if (hasSecret) await copyFile(secret, path.join(partial, SECRET_FILE));
    const manifest: BackupManifest = {
      format: 1,
      takenAt,
      databaseFile: DATABASE_FILE,
      databaseBytes: (await stat(path.join(partial, DATABASE_FILE))).size,
      blobs: files,
      blobBytes: bytes,
      sessionSecret: hasSecret,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Only a complete backup gets its final name.
    await rename(partial, folder);
    return { folder, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores a backup folder into an empty (or absent) DATA_DIR, after checking the manifest and
 * the database copy's integrity. Refuses a DATA_DIR that holds anything, so a restore never
 * overwrites live data.
 */
export async function restoreDataDir(options: {
  from: string;
  dataDir: string;
}): Promise<BackupManifest> {
  const manifest = await readManifest(options.from);
  const database = path.join(options.from, manifest.databaseFile);
  checkIntegrity(database);
  if ((await exists(options.dataDir)) && (await readdir(options.dataDir)).length > 0) {
    throw new BackupError(
      `DATA_DIR ${options.dataDir} is not empty: restore into an empty folder, then point DATA_DIR at it.`,
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  await copyFile(database, path.join(options.dataDir, DATABASE_FILE));
  await copyTree(path.join(options.from, BLOBS), path.join(options.dataDir, BLOBS));
  if (manifest.sessionSecret) {
    await copyFile(
      path.join(options.from, SECRET_FILE),
      path.join(options.dataDir, SECRET_FILE),
      constants.COPYFILE_EXCL,
    );
  }
  return manifest;
}

async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `${folder} is not a complete backup: it has no ${MANIFEST_FILE} (was it written by npm run backup?).`,
    );
  }
  const manifest = JSON.parse(text) as Partial<BackupManifest>;
  if (manifest.format !== 1 || manifest.databaseFile !== DATABASE_FILE) {
    throw new BackupError(
      `${folder}/${MANIFEST_FILE} is not a backup manifest this version reads.`,
    );
  }
  return manifest as BackupManifest;
}

async function copyDatabase(from: string, to: string): Promise<void> {
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // The first step opens the backup; the second copies every remaining page at once, inside
    // one read transaction, so writes made meanwhile by the server cannot restart it.
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  checkIntegrity(to);
}

function checkIntegrity(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new BackupError(`${file} failed SQLite's integrity check: ${result}`);
  } finally {
    db.close();
  }
}

/** Copies the files under `from` that `to` does not have yet; half-written blobs are skipped. */
async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files, bytes };
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(source, target, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // EEXIST: copied by the first pass. ENOENT: deleted since the listing (a replaced file).
      if (code !== 'EEXIST' && code !== 'ENOENT') throw error;
    }
    const copied = await stat(target).catch(() => undefined);
    if (copied) {
      files += 1;
      bytes += copied.size;
    }
  }
  return { files, bytes };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
