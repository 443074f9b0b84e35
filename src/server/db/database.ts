import path from 'node:path';
import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import type { Database } from './tables';
import { migrations } from './migrations';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** A postgres:// URL, or empty for the SQLite file in dataDir. */
  url: string;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests use one of their own). */
  schema?: string;
}

/** Opens the database the configuration names and brings its tables up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const db = options.url ? postgres(options.url, options.schema) : sqlite(options.dataDir);
  await migrate(db, options.url ? options.schema : undefined);
  return db;
}

function sqlite(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, 'admissions.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file) }),
  });
}

/**
 * Kysely prepares every query afresh, and preparing costs more than running a small query here;
 * the same SQL text reuses its prepared statement instead (a bounded map, oldest out first).
 */
function withStatementCache(file: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = file.prepare(sql);
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

function postgres(url: string, schema?: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection that fails (PostgreSQL restarted, a fail-over, an administrator's kill)
  // is dropped by the pool and the next query opens another; unheard, the error would end the
  // process. GET /readyz reports a database that stays away.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL with a schema of its own (tests), the migrator's bookkeeping tables live in that
 * schema too; otherwise Kysely may find another schema's and think migrations already ran.
 */
async function migrate(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
