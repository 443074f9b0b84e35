import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Bounds and retention (issue 14): an upload form is used once (uploaded_at is claimed by a
 * conditional update), an applicant keeps one validation report per page (the latest), and the
 * tables the purge sweeps by age have an index on that age.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('upload_grants').addColumn('uploaded_at', 'text').execute();
    // A keyed hash of the IP that kept visitor answers: its unexpired tokens are counted (quota).
    await db.schema
      .alterTable('visitor_answers')
      .addColumn('owner_hash', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('visitor_answers_owner')
      .on('visitor_answers')
      .columns(['owner_hash', 'expires_at'])
      .execute();
    await db.schema
      .alterTable('validation_reports')
      .addColumn('page', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Reports kept so far have no page: only each applicant's latest stays, as page ''.
    await sql`delete from validation_reports where exists (
      select 1 from validation_reports newer
      where newer.account_id = validation_reports.account_id
        and (newer.created_at > validation_reports.created_at
          or (newer.created_at = validation_reports.created_at and newer.id > validation_reports.id))
    )`.execute(db);
    await db.schema
      .createIndex('validation_reports_account_page')
      .on('validation_reports')
      .columns(['account_id', 'page'])
      .unique()
      .execute();
    await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
    await db.schema
      .createIndex('visitor_answers_expiry')
      .on('visitor_answers')
      .column('expires_at')
      .execute();
    await db.schema
      .createIndex('password_resets_expiry')
      .on('password_resets')
      .column('expires_at')
      .execute();
    await db.schema
      .createIndex('password_resets_account')
      .on('password_resets')
      .column('account_id')
      .execute();
    await db.schema
      .createIndex('rate_limits_window')
      .on('rate_limits')
      .column('window_start')
      .execute();
    await db.schema
      .createIndex('upload_grants_expiry')
      .on('upload_grants')
      .column('expires_at')
      .execute();
  },
};
