import type { Migration } from 'kysely';
import { addColumns, type MigrationDb } from './schema-parts';

/**
 * The language the applicant speaks (issue 40): 'en' or 'es' (src/contract/locale.ts), recorded
 * at sign-up from the request's language and changed by PUT /api/profile/language. It decides the
 * language of the account's mail and PDF, and a sign-in on another device takes it up. Accounts
 * made before are English, as everything was then.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await addColumns(db, 'accounts', "language text default 'en'");
  },
};
