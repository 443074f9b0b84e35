import type { Migration } from 'kysely';
import { createTable, type MigrationDb } from './schema-parts';

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
  async up(db: MigrationDb) {
    await createTable(db, 'pending_sign_ups', {
      columns: `id key, account_id account, seq integer, password_hash text, code_hash text,
        expires_at text, attempts integer default 0, created_at text`,
      unique: { pending_sign_ups_account_seq: ['account_id', 'seq'] },
      indexes: { pending_sign_ups_expires: ['expires_at'] },
    });
    await db.deleteFrom('confirmation_codes').execute();
    await db
      .updateTable('accounts')
      .set({ password_hash: '' })
      .where('confirmed_at', 'is', null)
      .execute();
  },
};
