import type { Migration } from 'kysely';
import { createIndexes, type MigrationDb } from './schema-parts';

/**
 * The CSV export reads every submission in submission order, in batches by keyset on
 * (submitted_at, account_id) (staff/exports.ts). Without an index each batch sorted the whole
 * submissions table again; with this one each batch is a range read of the index from where the
 * last one stopped, on both databases.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await createIndexes(db, 'submissions', {
      submissions_submitted_at: ['submitted_at', 'account_id'],
    });
  },
};
