/**
 * `npm run migrate`: brings the configured database (DATABASE_URL, or the SQLite file in DATA_DIR)
 * up to this version's schema, as a step of its own before servers start with
 * MIGRATE_ON_START=false. Refuses a database that a newer version migrated.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { appliedMigrations, DatabaseVersionError, openDatabase } from '../src/server/db/database';

try {
  // Sends no links and checks no origins: PUBLIC_URL is not needed, even in production.
  const config = loadConfig(process.env, 'worker');
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: true,
  });
  const applied = await appliedMigrations(db);
  await db.destroy();
  console.log(
    `Database (${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}) is up to date: ${applied.join(', ')}`,
  );
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof DatabaseVersionError ? error.message : error,
  );
  process.exitCode = 1;
}
