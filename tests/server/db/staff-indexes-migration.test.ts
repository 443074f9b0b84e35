import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/tables';
import { migrations } from '../../../src/server/db/migrations';
import { databases } from '../helpers/test-app';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database migrated up to, not including, 0010: as a deployment before the staff side. */
async function databaseBeforeStaffIndexes(url: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-0010-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let schema: string | undefined;
  let db: Kysely<Database>;
  if (url) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop schema ${schema} cascade`);
      await drop.end();
    });
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const file = new SQLite(path.join(dataDir, 'admissions.sqlite'));
    file.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0010'));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return { db, options: { url, dataDir, schema } };
}

describe.each(databases)('migration 0010 on $name', ({ url }) => {
  it('summarises the accounts and validation reports that were there before it', async () => {
    const { db: old, options } = await databaseBeforeStaffIndexes(url);
    const at = (minute: number) => `2026-09-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    await old
      .insertInto('accounts')
      .values([
        {
          id: 'a1',
          username: 'ada@example.com',
          password_hash: 'x',
          confirmed_at: at(0),
          last_page: '/final-steps',
          created_at: at(0),
        },
        {
          id: 'a2',
          username: 'Bob@Example.com',
          password_hash: 'x',
          confirmed_at: null,
          last_page: '',
          created_at: at(1),
        },
      ])
      .execute();
    await old
      .insertInto('answers')
      .values([
        { account_id: 'a1', key: 'first_name', value: 'Ada', updated_at: at(2) },
        { account_id: 'a1', key: 'last_name', value: 'Lovelace', updated_at: at(3) },
      ])
      .execute();
    await old
      .insertInto('web_statuses')
      .values(
        ['started', 'validating', 'submitted'].map((web_status) => ({
          account_id: 'a1',
          web_status,
          created_at: at(4),
        })),
      )
      .execute();
    await old
      .insertInto('submissions')
      .values({ account_id: 'a1', answers: '{}', forms_version: 'v1', submitted_at: at(5) })
      .execute();
    await old
      .insertInto('validation_reports')
      .values({
        id: 'r1',
        account_id: 'a1',
        page: 'about',
        errors: '{"gender":["x"],"birth_date":["y"]}',
        created_at: at(4),
      })
      .execute();
    await old.destroy();

    const db = await openDatabase(options);
    cleanups.push(() => db.destroy());
    const rows = await db
      .selectFrom('application_summaries')
      .selectAll()
      .orderBy('account_id')
      .execute();
    // The search words came with migration 0021, and are tested with the search.
    expect(rows.map(({ words: _words, ...row }) => row)).toEqual([
      {
        account_id: 'a1',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        search: 'ada lovelace ada@example.com',
        status: 3,
        last_page: '/final-steps',
        last_activity_at: at(5),
        submitted_at: at(5),
      },
      {
        account_id: 'a2',
        email: 'Bob@Example.com',
        name: '',
        search: 'bob@example.com',
        status: 0,
        last_page: '',
        last_activity_at: at(1),
        submitted_at: '',
      },
    ]);
    const counts = () => db.selectFrom('missed_field_counts').selectAll().orderBy('key').execute();
    expect(await counts()).toEqual([
      { page: 'about', key: 'birth_date', count: 1 },
      { page: 'about', key: 'gender', count: 1 },
    ]);
    // From here on the triggers keep both.
    await db
      .updateTable('validation_reports')
      .set({ errors: '{"city":["z"],"gender":["x"]}' })
      .execute();
    expect(await counts()).toEqual([
      { page: 'about', key: 'birth_date', count: 0 },
      { page: 'about', key: 'city', count: 1 },
      { page: 'about', key: 'gender', count: 1 },
    ]);
    await db.deleteFrom('accounts').execute();
    expect(await db.selectFrom('application_summaries').selectAll().execute()).toEqual([]);
    expect((await counts()).map((row) => row.count)).toEqual([0, 0, 0]);
  });
});
