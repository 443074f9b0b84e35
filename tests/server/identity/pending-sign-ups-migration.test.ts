/**
 * Migration 0017 (issue 41) on SQLite and PostgreSQL: codes mailed before it were made for the
 * first sign-up's password, whoever chose it, so the upgrade drops them with the unconfirmed
 * accounts' hashes; confirmed accounts keep theirs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/tables';
import { migrations } from '../../../src/server/db/migrations';
import { databases } from '../helpers/test-app';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** An empty database of its own (a folder on SQLite, a schema on PostgreSQL) and its migrator. */
async function freshDatabase(url: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-0017-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let db: Kysely<Database>;
  let schema: string | undefined;
  if (url) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    await admin(url, `create schema ${schema}`);
    cleanups.push(() => admin(url, `drop schema ${schema} cascade`));
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const file = new SQLite(path.join(dataDir, 'admissions.sqlite'));
    file.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }
  cleanups.push(() => db.destroy());
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return { db, migrator };
}

describe.each(databases)('migration 0017 on $name', ({ url }) => {
  it('drops the codes mailed before it and the unconfirmed accounts’ passwords', async () => {
    const { db, migrator } = await freshDatabase(url);
    expect((await migrator.migrateTo('0016_summary_pending')).error).toBeUndefined();
    const account = (id: string, confirmed: boolean) => ({
      id,
      username: `${id}@example.org`,
      password_hash: `$argon2id$hash-of-${id}`,
      confirmed_at: confirmed ? '2026-11-01T00:00:00.000Z' : null,
      last_page: '',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await db
      .insertInto('accounts')
      .values([account('pending', false), account('confirmed', true)])
      .execute();
    await db
      .insertInto('confirmation_codes')
      .values({ account_id: 'pending', code_hash: 'h', expires_at: '2099-01-01', attempts: 0 })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const hashes = await db
      .selectFrom('accounts')
      .select(['id', 'password_hash'])
      .orderBy('id')
      .execute();
    expect(hashes).toEqual([
      { id: 'confirmed', password_hash: '$argon2id$hash-of-confirmed' },
      { id: 'pending', password_hash: '' },
    ]);
    expect(await db.selectFrom('confirmation_codes').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('pending_sign_ups').selectAll().execute()).toEqual([]);
  });
});
