import type { Kysely, Migration } from 'kysely';

/**
 * Each sign-up of an unconfirmed address is a pending_sign_ups row with its own password hash and
 * its own code (issue 41, F2): a code activates the password of the sign-up it was mailed for, so
 * a stranger who signs up first can no longer have the owner's confirmation activate the
 * stranger's password. `seq` orders an address's sign-ups (a resend renews the newest), and the
 * row expires with its code; the purge then removes accounts never confirmed.
 *
 * Until it is confirmed, an account holds no usable password (an empty hash). Codes of the old
 * table were made for the first sign-up's password, whoever chose it: they are dropped with the
 * unconfirmed accounts' hashes, and those visitors sign up again. The confirmation_codes table
 * stays, empty, as the erasure still lists it.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('pending_sign_ups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('pending_sign_ups_account_seq', ['account_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('pending_sign_ups_expires')
      .on('pending_sign_ups')
      .column('expires_at')
      .execute();
    await db.deleteFrom('confirmation_codes').execute();
    await db
      .updateTable('accounts')
      .set({ password_hash: '' })
      .where('confirmed_at', 'is', null)
      .execute();
  },
};
