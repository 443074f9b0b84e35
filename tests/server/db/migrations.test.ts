import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appliedMigrations,
  DatabaseVersionError,
  openDatabase,
  type DatabaseOptions,
} from '../../../src/server/db/database';
import { migrations } from '../../../src/server/db/migrations';
import { databases } from '../helpers/test-app';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new, empty database of the kind named: a SQLite folder, or a PostgreSQL schema of its own. */
async function emptyDatabase(url: string): Promise<DatabaseOptions> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-migrations-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!url) return { url, dataDir };
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: url });
    await drop.connect();
    await drop.query(`drop schema ${schema} cascade`);
    await drop.end();
  });
  return { url, dataDir, schema };
}

describe.each(databases)('migrations on $name', ({ url }) => {
  it('brings a new database to the latest migration, one file each, in name order', async () => {
    const options = await emptyDatabase(url);
    const db = await openDatabase(options);
    cleanups.push(() => db.destroy());
    expect(await appliedMigrations(db, options.schema)).toEqual(Object.keys(migrations).sort());
  });

  it('with MIGRATE_ON_START=false, refuses a database that is behind and names what is pending', async () => {
    const options = await emptyDatabase(url);
    const refused = openDatabase({ ...options, migrate: false });
    await expect(refused).rejects.toBeInstanceOf(DatabaseVersionError);
    await expect(refused).rejects.toThrow(
      `The database is behind this version (pending: ${Object.keys(migrations).join(', ')}) and MIGRATE_ON_START is false: run \`npm run migrate\` first.`,
    );
  });

  it('with MIGRATE_ON_START=false, opens a database that `npm run migrate` brought up to date', async () => {
    const options = await emptyDatabase(url);
    await (await openDatabase({ ...options, migrate: true })).destroy();
    const db = await openDatabase({ ...options, migrate: false });
    cleanups.push(() => db.destroy());
    expect(await appliedMigrations(db, options.schema)).toHaveLength(
      Object.keys(migrations).length,
    );
  });

  it('refuses to start on a database a newer version migrated, with a clear message', async () => {
    const options = await emptyDatabase(url);
    const db = await openDatabase(options);
    const table = options.schema
      ? sql.table(`${options.schema}.kysely_migration`)
      : sql.table('kysely_migration');
    await sql`insert into ${table} (name, timestamp) values ('9999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await db.destroy();
    for (const migrate of [true, false]) {
      const refused = openDatabase({ ...options, migrate });
      await expect(refused).rejects.toBeInstanceOf(DatabaseVersionError);
      await expect(refused).rejects.toThrow(
        'The database was migrated by a newer version of this application (it has 9999_from_the_future, which this version does not know). Run the newer version, or restore a backup taken before the upgrade.',
      );
    }
  });
});
