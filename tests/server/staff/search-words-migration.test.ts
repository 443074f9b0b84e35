import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../src/server/db/migrations';
import type { Database } from '../../../src/server/db/tables';
import { scratchDir } from '../../helpers/scratch-dir';
import { databases } from '../helpers/test-app';

const MIGRATION = '0021_summary_search_words';
/** The migration run before this one, whatever others are added before it. */
const previous = Object.keys(migrations)
  .sort()
  .filter((name) => name < MIGRATION)
  .at(-1)!;

const MARIA = '11111111-1111-4111-8111-111111111111';

/** A database with its own migrator, given to `fn`, then closed (and dropped). */
async function withDatabase(
  url: string,
  fn: (db: Kysely<Database>, migrator: Migrator) => Promise<void>,
) {
  const run = async (db: Kysely<Database>, schema?: string) => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    try {
      await fn(db, migrator);
    } finally {
      await db.destroy();
    }
  };
  if (!url) {
    const file = path.join(scratchDir('search-words-migration'), 'db.sqlite');
    return run(
      new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) }),
    );
  }
  const schema = `migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    await run(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

describe.each(databases)('migration 0021, the summary’s search words ($name)', ({ url }) => {
  it('folds the rows already there, and empties them when their search text changes', async () => {
    await withDatabase(url, async (db, migrator) => {
      expect((await migrator.migrateTo(previous)).error).toBeUndefined();
      const at = '2026-01-15T12:00:00.000Z';
      await db
        .insertInto('accounts')
        .values({
          id: MARIA,
          username: 'mgl@example.com',
          password_hash: 'x',
          confirmed_at: at,
          last_page: '',
          created_at: at,
        })
        .execute();
      // As the summary's upkeep leaves a renamed row (the triggers made the row itself).
      await db
        .updateTable('application_summaries')
        .set({ name: 'María García-López', search: 'maría garcía-lópez mgl@example.com' })
        .where('account_id', '=', MARIA)
        .execute();

      expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
      const words = () =>
        db
          .selectFrom('application_summaries')
          .select('words')
          .where('account_id', '=', MARIA)
          .executeTakeFirstOrThrow();
      expect(await words()).toEqual({ words: ' maria garcia lopez mgl example com' });

      // Another activity leaves the words; a new name empties them for the next flush.
      await db
        .updateTable('application_summaries')
        .set({ last_activity_at: '2026-01-16T00:00:00.000Z' })
        .where('account_id', '=', MARIA)
        .execute();
      expect(await words()).toEqual({ words: ' maria garcia lopez mgl example com' });
      await db
        .updateTable('application_summaries')
        .set({ name: 'María López', search: 'maría lópez mgl@example.com' })
        .where('account_id', '=', MARIA)
        .execute();
      expect(await words()).toEqual({ words: '' });
    });
  });
});
