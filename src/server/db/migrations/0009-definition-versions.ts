import type { Migration } from 'kysely';
import { addColumns, createTable, type MigrationDb } from './schema-parts';

/**
 * Definition versions (issue 18): the version of forms/ and schemas/ an applicant last saved
 * under, and each version's definitions, written once when a server first runs it, so a draft
 * made before a deploy can be compared with today's forms.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    // Null for accounts that have not saved since versions were recorded: nothing to compare.
    await addColumns(db, 'accounts', 'forms_version text?');
    await createTable(db, 'definition_snapshots', {
      columns: `version key, label text, definitions text, created_at text`,
    });
  },
};
