import type { Kysely, Migration } from 'kysely';

/**
 * The admissions office's side (issue 17): staff members and their sessions, the staff links
 * issued from the console (revocable, unlike the CLI's signed links), and the append-only audit
 * log of every read, export and data request.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('staff')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('totp_secret', 'text')
      .addColumn('totp_confirmed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('staff_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('factor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('staff_sessions_staff')
      .on('staff_sessions')
      .column('staff_id')
      .execute();
    await db.schema
      .createTable('staff_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_by', 'text')
      .execute();
    await db.schema
      .createIndex('staff_links_account')
      .on('staff_links')
      .column('account_id')
      .execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  },
};
