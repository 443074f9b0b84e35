/**
 * `npm run backup [-- <folder>]`: a consistent copy of the SQLite database, the local blob folder
 * and the session secret into <folder>/admissions-<UTC time> (default: BACKUP_DIR, or ./backups).
 * Safe while the server runs. PostgreSQL and S3 are backed up with their own tools (docs/deploy.md).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { backupDataDir, BackupError } from '../src/server/ops/backup';

try {
  const config = loadConfig();
  if (config.databaseUrl || config.blobStore.kind === 's3') {
    throw new BackupError(
      'npm run backup copies the embedded SQLite database and local blob folder. With DATABASE_URL ' +
        'or BLOB_STORE=s3 set, use pg_dump and S3 bucket versioning instead (docs/deploy.md, Backups).',
    );
  }
  const into = path.resolve(process.argv[2] || process.env.BACKUP_DIR || 'backups');
  const { folder, manifest } = await backupDataDir({ dataDir: config.dataDir, into });
  console.log(
    `Backed up ${config.dataDir} to ${folder}: database ${manifest.databaseBytes} bytes as of ${manifest.takenAt}, ` +
      `${manifest.blobs} blobs (${manifest.blobBytes} bytes)${manifest.sessionSecret ? ', session secret' : ''}.`,
  );
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof BackupError ? error.message : error,
  );
  process.exitCode = 1;
}
