import type { Migration } from 'kysely';
import { addColumns, type MigrationDb } from './schema-parts';

/**
 * A staff member's password that was generated for them (by the CLI or an admin: someone else
 * has seen it) must be replaced by one of their own at their first sign-in. Members added before
 * this keep their password as it is.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await addColumns(db, 'staff', 'password_temporary integer default 0');
  },
};
