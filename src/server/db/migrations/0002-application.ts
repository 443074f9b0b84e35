import type { Migration } from 'kysely';
import { createTable, type MigrationDb } from './schema-parts';

export const migration: Migration = {
  async up(db: MigrationDb) {
    await createTable(db, 'submissions', {
      columns: `account_id account key, answers text, forms_version text, submitted_at text`,
    });
    await createTable(db, 'visitor_answers', {
      columns: `token_hash key, answers text, expires_at text`,
    });
    await createTable(db, 'validation_reports', {
      columns: `id key, account_id account, errors text, created_at text`,
    });
  },
};
