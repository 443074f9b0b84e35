import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { decoyPasswordHash, randomCode, verifyPassword, type SecretHasher } from './secrets';

export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
/**
 * Live sign-ups kept per address, the oldest dropped beyond it: a login of an unconfirmed
 * account checks the password against each, so their number bounds that work.
 */
const MAX_PENDING = 5;

/** The password an unconfirmed account holds: none, until a sign-up's code is confirmed. */
export const NO_PASSWORD = '';

/**
 * The sign-ups of addresses not yet confirmed (issue 41, F2), each with the password its visitor
 * chose and a code of its own: whoever confirms with a code activates the password of the
 * sign-up that code was mailed for, never another's.
 */
export class PendingSignUps {
  constructor(
    private readonly db: Db,
    private readonly hasher: SecretHasher,
  ) {}

  /**
   * Adds a sign-up to `accountId` inside `trx`, which must hold the account's row (sign-ups of
   * one address then number themselves in turn), and drops the oldest beyond MAX_PENDING.
   * Returns the sign-up's id and the code to mail.
   */
  async add(
    trx: Kysely<Database>,
    accountId: string,
    passwordHash: string,
    now: Date,
  ): Promise<{ id: string; code: string }> {
    const last = await trx
      .selectFrom('pending_sign_ups')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    const seq = Number(last?.seq ?? 0) + 1;
    const code = randomCode();
    const id = randomUUID();
    await trx
      .insertInto('pending_sign_ups')
      .values({
        id,
        account_id: accountId,
        seq,
        password_hash: passwordHash,
        code_hash: this.hasher.hash('confirm', code),
        expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        attempts: 0,
        created_at: now.toISOString(),
      })
      .execute();
    await trx
      .deleteFrom('pending_sign_ups')
      .where('account_id', '=', accountId)
      .where('seq', '<=', seq - MAX_PENDING)
      .execute();
    return { id, code };
  }

  /**
   * A fresh code, expiry and attempt count for the sign-up `signUpId` (the browser's own, see
   * sign-up-cookie.ts) or, from a browser that names none, the address's newest live sign-up:
   * the one whose visitor most likely waits on the confirm page. Other sign-ups keep their codes.
   * Returns the code to mail, or undefined when that sign-up is not live (sign up again).
   */
  async renew(accountId: string, now: Date, signUpId?: string): Promise<string | undefined> {
    let live = this.db
      .selectFrom('pending_sign_ups')
      .select('id')
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now.toISOString());
    if (signUpId !== undefined) live = live.where('id', '=', signUpId);
    const newest = await live.orderBy('seq', 'desc').limit(1).executeTakeFirst();
    if (!newest) return undefined;
    const code = randomCode();
    const renewed = await this.db
      .updateTable('pending_sign_ups')
      .set({
        code_hash: this.hasher.hash('confirm', code),
        expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        attempts: 0,
      })
      .where('id', '=', newest.id)
      .executeTakeFirst();
    // Confirmed or purged in between: there is nothing left to confirm.
    return Number(renewed.numUpdatedRows) === 1 ? code : undefined;
  }

  /**
   * The sign-up whose code `code` is, of the address's live ones. With `signUpId` (the browser's
   * own sign-up, sign-up-cookie.ts) only that sign-up's code counts, and none once it is gone (a
   * stranger's sign-ups may have pushed it out). Without it (the code typed on another device),
   * a right code confirms only while the address has one live sign-up: with several, the newest
   * code in the mailbox may be a stranger's, so the visitor confirms where they signed up
   * ('ambiguous'). Each guess takes one attempt of every live sign-up of the address before it
   * is compared, in one conditional statement: guesses sent at once cannot all read the same
   * count (issue 14), and more sign-ups do not give a guesser more tries than one.
   */
  async match(
    accountId: string,
    code: string,
    now: Date,
    signUpId?: string,
  ): Promise<{ id: string; passwordHash: string } | 'invalid' | 'ambiguous'> {
    const rows = await this.db
      .updateTable('pending_sign_ups')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('account_id', '=', accountId)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .where('expires_at', '>', now.toISOString())
      .returning(['id', 'code_hash', 'password_hash'])
      .execute();
    const own = signUpId !== undefined && (await this.ownedBy(signUpId, accountId));
    const row = rows.find(
      (r) => (!own || r.id === signUpId) && this.hasher.matches('confirm', code, r.code_hash),
    );
    if (!row) return 'invalid';
    // Said only to whoever holds a live code, so it tells a stranger nothing about the address.
    if (!own && rows.length > 1) return 'ambiguous';
    return { id: row.id, passwordHash: row.password_hash };
  }

  /**
   * Whether the browser's sign-up `signUpId` is this account's: true also once it is gone, so
   * its browser confirms nothing else; false when it names another address's sign-up (one
   * browser signing up two addresses), which then counts as no cookie at all.
   */
  private async ownedBy(signUpId: string, accountId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('pending_sign_ups')
      .select('account_id')
      .where('id', '=', signUpId)
      .executeTakeFirst();
    return row === undefined || row.account_id === accountId;
  }

  /**
   * Whether `password` is one a live sign-up of the account chose (login then says "confirm
   * first"). Checks at least one hash, so an address with no live sign-up takes the same time.
   */
  async chosen(accountId: string, password: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .selectFrom('pending_sign_ups')
      .select('password_hash')
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now.toISOString())
      .orderBy('seq', 'desc')
      .limit(MAX_PENDING)
      .execute();
    if (rows.length === 0) {
      await verifyPassword(await decoyPasswordHash, password);
      return false;
    }
    for (const row of rows) if (await verifyPassword(row.password_hash, password)) return true;
    return false;
  }
}
