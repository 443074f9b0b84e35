import type { Kysely, Migration } from 'kysely';

/**
 * Definition versions (issue 18): the version of forms/ and schemas/ an applicant last saved
 * under, and each version's definitions, written once when a server first runs it, so a draft
 * made before a deploy can be compared with today's forms.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    // Null for accounts that have not saved since versions were recorded: nothing to compare.
    await db.schema.alterTable('accounts').addColumn('forms_version', 'text').execute();
    await db.schema
      .createTable('definition_snapshots')
      .addColumn('version', 'text', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('definitions', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
