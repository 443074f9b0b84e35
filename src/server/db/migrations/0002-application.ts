import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('submissions')
      .addColumn('account_id', 'text', (c) =>
        c.primaryKey().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('forms_version', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('visitor_answers')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('validation_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('errors', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
