/**
 * `npm run purge`: deletes expired sessions, codes, reset ids, visitor answers, rate-limit
 * counters, old upload grants (and their never-converted files) and old outbox mail once, with
 * the same environment as the server, and prints what it removed. The server and each worker
 * also do this every PURGE_INTERVAL_MINUTES (the deletes are idempotent, so several at once are safe).
 */
import { systemClock } from '../src/server/clock';
import { ConfigError, loadConfig } from '../src/server/config';
import { DatabaseVersionError, openDatabase } from '../src/server/db/database';
import { createBlobStore } from '../src/server/blobs/create-blob-store';
import { purgeExpired } from '../src/server/ops/purge';

try {
  const config = loadConfig(process.env, 'worker');
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: config.migrateOnStart,
  });
  try {
    const counts = await purgeExpired({
      db,
      blobs: createBlobStore(config, systemClock),
      clock: systemClock,
      dataDir: config.dataDir,
      retention: config.retention,
    });
    console.log(JSON.stringify({ purged: counts }));
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof DatabaseVersionError ? error.message : error,
  );
  process.exitCode = 1;
}
