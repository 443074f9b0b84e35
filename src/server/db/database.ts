import path from 'node:path';
import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  DEFAULT_MIGRATION_TABLE as MIGRATION_TABLE,
  Kysely,
  Migrator,
  sql,
  PostgresDialect,
  SqliteDialect,
  type MigrationProvider,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type CompiledQuery,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { Database } from './tables';
import { dialectOf } from './dialect';
import { migrations } from './migrations';
import { statementNameOf } from './statement-names';
import { startCheckpointer, WAL_BACKSTOP_PAGES } from './checkpointer';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** A postgres:// URL, or empty for the SQLite file in dataDir. */
  url: string;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests use one of their own). */
  schema?: string;
  /**
   * Apply pending migrations (the default, MIGRATE_ON_START). When false the database must already
   * be up to date (`npm run migrate` ran first); either way a database that has migrations this
   * code does not know (a newer version migrated it) is refused.
   */
  migrate?: boolean;
}

/** A database this version cannot serve: migrated by a newer version, or not yet migrated. */
export class DatabaseVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseVersionError';
  }
}

/** Opens the database the configuration names and brings its tables up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const db = options.url ? postgres(options.url, options.schema) : sqlite(options.dataDir);
  try {
    const schema = options.url ? options.schema : undefined;
    const applied = await appliedMigrations(db, schema);
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new DatabaseVersionError(
        `The database was migrated by a newer version of this application (it has ${unknown.join(
          ', ',
        )}, which this version does not know). Run the newer version, or restore a backup taken before the upgrade.`,
      );
    }
    if (options.migrate === false) {
      const pending = Object.keys(migrations).filter((name) => !applied.includes(name));
      if (pending.length > 0) {
        throw new DatabaseVersionError(
          `The database is behind this version (pending: ${pending.join(', ')}) and MIGRATE_ON_START is false: run \`npm run migrate\` first.`,
        );
      }
    } else {
      await migrate(db, schema);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** The names of the migrations the database has run; none on a new database. */
export async function appliedMigrations(db: Db, schema?: string): Promise<string[]> {
  // Asked of this schema's catalogue only: Kysely's introspector reads every schema's tables,
  // which fails when another process drops a schema meanwhile (parallel test suites do).
  const exists =
    dialectOf(db) === 'postgres'
      ? await sql<{
          found: string | null;
        }>`select to_regclass(${`${schema ?? 'public'}.${MIGRATION_TABLE}`}) as found`.execute(db)
      : await sql<{
          found: string | null;
        }>`select name as found from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(
          db,
        );
  if (!exists.rows[0]?.found) return [];
  const ref = schema ? sql.table(`${schema}.${MIGRATION_TABLE}`) : sql.table(MIGRATION_TABLE);
  const rows = await sql<{ name: string }>`select name from ${ref} order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

function sqlite(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const name = path.join(dataDir, 'admissions.sqlite');
  const file = new SQLite(name);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('secure_delete = ON'); // An erasure's rows are zeroed, not left as freed bytes.
  // Checkpoints run in a thread of their own (checkpointer.ts); this connection's automatic one
  // is the backstop, and a WAL grown past the limit is cut back once it restarts.
  file.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  file.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const checkpointer = startCheckpointer(name);
  const statements = withStatementCache(file, () => {
    checkpointer.stop();
    file.close();
  });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  const runNow = <Row>(query: CompiledQuery<Row>): QueryResult<Row> => {
    const statement = statements.prepare(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as Row[] };
    return { rows: [], numAffectedRows: BigInt(statement.run(query.parameters).changes) };
  };
  inGroupRunners.set(db, runNow);
  return db;
}

/** Runs a compiled statement at once on SQLite's one connection, as Kysely's driver would. */
export type InGroupRunner = <Row>(query: CompiledQuery<Row>) => QueryResult<Row>;
const inGroupRunners = new WeakMap<Db, InGroupRunner>();

/**
 * SQLite: the runner of statements for the work of a group commit (group-commit.ts), which holds
 * the one connection in its transaction while that work runs, so a statement run at once lands
 * in that transaction, as one run through the transaction's executor would, without the promises
 * and the connection's lock Kysely goes through for each (issue 19: a save's statement, and its
 * group's tail). Nowhere else: outside that work, another transaction may hold the connection.
 * `db` is the database openDatabase made; undefined on PostgreSQL.
 */
export function inGroupRunnerOf(db: Db): InGroupRunner | undefined {
  return inGroupRunners.get(db);
}

/** The size a WAL file is cut back to when it restarts (SQLite's journal_size_limit). */
const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Kysely prepares every query afresh, and preparing costs more than running a small query here;
 * the same SQL text reuses its prepared statement instead (a bounded map, oldest out first).
 */
function withStatementCache(file: SQLite.Database, close: () => void, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close,
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        const prepared = file.prepare(sql);
        // Without `*` the SQL text alone names the columns, so a schema change cannot alter them.
        statement = prepared.reader && !sql.includes('*') ? withRowsBuiltOnce(prepared) : prepared;
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

/**
 * A statement whose rows are built by one function made per statement: better-sqlite3 (13.2)
 * compiles a new row function with `Function` at every call that returns rows (measured: a third
 * of a one-row select's cost, every /api request's session lookup among them). Rows come raw
 * (arrays) and become objects here, with the same keys in the same order; only for statements
 * whose columns the SQL text names (no `*`), so that a migration cannot change them.
 */
function withRowsBuiltOnce(statement: SQLite.Statement): SqliteStatement {
  const names = statement.columns().map((column) => column.name);
  // Set as a key, this name would replace the row's prototype instead.
  if (names.includes('__proto__')) return statement;
  const raw = statement.raw(true);
  const row = (values: unknown[]) => {
    const built: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) built[names[i]!] = values[i];
    return built;
  };
  return {
    reader: true,
    all: (parameters) => (raw.all(parameters) as unknown[][]).map(row),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) {
        yield row(values);
      }
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
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withNamedStatements(pool) }),
  });
}

/**
 * The prepared queries (prepared-query.ts) run as named prepared statements: on each connection
 * PostgreSQL parses and analyses them once, and plans them once they have run a few times, where an
 * unnamed statement is parsed and planned at every execution (a fifth of PostgreSQL's time per save
 * in a profile of the save bench). Every other query goes as before.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, NamedStatementClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = new NamedStatementClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

class NamedStatementClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    query: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (none is configured) would be pg-cursor's object, which pg runs as it is.
    if (typeof query !== 'string') {
      return this.client.query(query as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    }
    const name = statementNameOf(query);
    const values = [...parameters];
    const config = name ? { name, text: query, values } : { text: query, values };
    // pg types the command as any string and rows as plain records; Kysely reads both as it
    // reads pg's own result when it is given the pool.
    return this.client.query(config) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
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
