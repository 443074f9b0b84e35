import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../src/server/db/migrations';
import type { Database } from '../../../src/server/db/tables';
import { scratchDir } from '../../helpers/scratch-dir';
import { databases } from '../helpers/test-app';

const MIGRATION = '0018_audit_subjects';
/** The migration run before this one, whatever others are added before it. */
const previous = Object.keys(migrations)
  .sort()
  .filter((name) => name < MIGRATION)
  .at(-1)!;

const ADA_ID = '11111111-1111-4111-8111-111111111111';
const GONE_ID = '22222222-2222-4222-8222-222222222222';

/** A database migrated up to the one before 0018, given to `fn`, then closed (and dropped). */
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
    const file = path.join(scratchDir('audit-subjects-migration'), 'db.sqlite');
    return run(
      new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) }),
    );
  }
  // A schema of its own, as openTestDatabase makes, dropped afterwards.
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

// Rows written before 0018 named the applicant's e-mail and account id (issue 41): the migration
// gives each applicant a subject id, linked only while they have an account, through the
// append-only triggers, which hold again afterwards.
describe.each(databases)('migration 0018 on $name', ({ url }) => {
  it('replaces e-mails by subject ids and drops account ids from details', async () => {
    await withDatabase(url, async (db, migrator) => {
      expect((await migrator.migrateTo(previous)).error).toBeUndefined();
      const at = '2026-01-01T00:00:00.000Z';
      await db
        .insertInto('accounts')
        .values({
          id: ADA_ID,
          username: 'ada@example.org',
          password_hash: 'x',
          confirmed_at: at,
          last_page: '',
          created_at: at,
        })
        .execute();
      const row = (id: string, action: string, subject: string | null, detail: object) => ({
        id,
        at,
        actor: 'staff:admin@example.edu',
        action,
        subject,
        detail: JSON.stringify(detail),
        ip: '10.0.0.1',
      });
      await db
        .insertInto('audit_log')
        .values([
          row('r1', 'application.read', 'ada@example.org', { accountId: ADA_ID }),
          row('r2', 'application.document', 'ada@example.org', { accountId: ADA_ID, key: 'k' }),
          row('r3', 'application.read', 'gone@example.org', { accountId: GONE_ID }),
          row('r4', 'data.erase', 'gone@example.org', { accountId: GONE_ID, rows: { answers: 3 } }),
          row('r5', 'export.csv', null, { formsVersion: 'v1' }),
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rows = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
      const subjects = await db.selectFrom('audit_subjects').selectAll().execute();
      // Ada still has an account: her subject id is linked to her e-mail.
      expect(subjects).toEqual([
        expect.objectContaining({ email: 'ada@example.org', erased_account_id: null }),
      ]);
      expect(rows[0]!.subject).toBe(subjects[0]!.id);
      expect(rows[1]!.subject).toBe(subjects[0]!.id);
      // Gone was erased before: one subject id for both rows, linked to nothing.
      expect(rows[2]!.subject).toBe(rows[3]!.subject);
      expect(rows[2]!.subject).toMatch(/^[0-9a-f-]{36}$/);
      expect(rows[2]!.subject).not.toBe(subjects[0]!.id);
      expect(rows[4]!.subject).toBeNull();
      expect(rows.map((r) => JSON.parse(r.detail))).toEqual([
        {},
        { key: 'k' },
        {},
        { rows: { answers: 3 } },
        { formsVersion: 'v1' },
      ]);
      const text = JSON.stringify(rows);
      for (const needle of ['@example.org', ADA_ID, GONE_ID]) expect(text).not.toContain(needle);

      // Append-only again.
      await expect(sql`update audit_log set actor = 'x'`.execute(db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    });
  }, 60_000);
});
