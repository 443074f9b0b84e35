/**
 * `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into DATA_DIR,
 * which must be empty or absent (a restore never overwrites live data). Stop the server first;
 * start it on the restored DATA_DIR afterwards.
 */
import path from 'node:path';
import { BackupError, restoreDataDir } from '../src/server/ops/backup';

const from = process.argv[2];
const dataDir = path.resolve(process.env.DATA_DIR || '.data');
try {
  if (!from) throw new BackupError('Usage: npm run restore -- <backup folder> (into DATA_DIR).');
  const manifest = await restoreDataDir({ from: path.resolve(from), dataDir });
  console.log(
    `Restored ${path.resolve(from)} (taken ${manifest.takenAt}: ${manifest.blobs} blobs) into ${dataDir}.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
