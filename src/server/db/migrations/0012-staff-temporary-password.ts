import type { Kysely, Migration } from 'kysely';

/**
 * A staff member's password that was generated for them (by the CLI or an admin: someone else
 * has seen it) must be replaced by one of their own at their first sign-in. Members added before
 * this keep their password as it is.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('staff')
      .addColumn('password_temporary', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
