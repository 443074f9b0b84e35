import { sql, type Migration } from 'kysely';
import { addColumns, createIndexes, type MigrationDb } from './schema-parts';

/**
 * Bounds and retention (issue 14): an upload form is used once (uploaded_at is claimed by a
 * conditional update), an applicant keeps one validation report per page (the latest), and the
 * tables the purge sweeps by age have an index on that age.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await addColumns(db, 'upload_grants', 'uploaded_at text?');
    // A keyed hash of the IP that kept visitor answers: its unexpired tokens are counted (quota).
    await addColumns(db, 'visitor_answers', "owner_hash text default ''");
    await createIndexes(db, 'visitor_answers', {
      visitor_answers_owner: ['owner_hash', 'expires_at'],
    });
    await addColumns(db, 'validation_reports', "page text default ''");
    // Reports kept so far have no page: only each applicant's latest stays, as page ''.
    await sql`delete from validation_reports where exists (
      select 1 from validation_reports newer
      where newer.account_id = validation_reports.account_id
        and (newer.created_at > validation_reports.created_at
          or (newer.created_at = validation_reports.created_at and newer.id > validation_reports.id))
    )`.execute(db);
    await createIndexes(
      db,
      'validation_reports',
      { validation_reports_account_page: ['account_id', 'page'] },
      { unique: true },
    );
    await createIndexes(db, 'sessions', { sessions_expiry: ['expires_at'] });
    await createIndexes(db, 'visitor_answers', { visitor_answers_expiry: ['expires_at'] });
    await createIndexes(db, 'password_resets', {
      password_resets_expiry: ['expires_at'],
      password_resets_account: ['account_id'],
    });
    await createIndexes(db, 'rate_limits', { rate_limits_window: ['window_start'] });
    await createIndexes(db, 'upload_grants', { upload_grants_expiry: ['expires_at'] });
  },
};
