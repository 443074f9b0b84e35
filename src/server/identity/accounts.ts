import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import {
  accountExistsMail,
  confirmationCodeMail,
  passwordResetMail,
  type Sender,
} from '../mail/templates';
import {
  decoyPasswordHash,
  hashPassword,
  randomCode,
  randomToken,
  verifyPassword,
  type SecretHasher,
} from './secrets';
import type { SessionStore } from './sessions';

const CODE_TTL_MS = 24 * 60 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface AccountServiceDeps {
  db: Db;
  hasher: SecretHasher;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionStore;
  sender: Sender;
  publicUrl: string;
}

/** Sign-up, confirmation, login and password reset (SPEC §2 authentication routes). */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  private find(username: string) {
    return this.deps.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', normalise(username))
      .executeTakeFirst();
  }

  /**
   * Creates an account and mails a code. An e-mail that already has a confirmed account gets a
   * notice instead, and the caller the same answer, so sign-up tells no one who has an account.
   * An unconfirmed account keeps the password it was created with (a stranger signing up again
   * must not choose the password the owner then confirms): it only gets a new code.
   */
  async signUp(username: string, password: string): Promise<void> {
    const existing = await this.find(username);
    // Hashed whatever happens, so every answer takes the same time.
    const passwordHash = await hashPassword(password);
    if (existing?.confirmed_at) {
      await this.deps.mailer.send(
        accountExistsMail(existing.username, `${this.deps.publicUrl}/login`, this.deps.sender),
      );
      return;
    }
    let accountId = existing?.id;
    if (!accountId) {
      const inserted = await this.deps.db
        .insertInto('accounts')
        .values({
          id: randomUUID(),
          username: normalise(username),
          password_hash: passwordHash,
          confirmed_at: null,
          last_page: '',
          created_at: this.now().toISOString(),
        })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('id')
        .executeTakeFirst();
      // Two sign-ups at once: the first made the account, the second only sends a code.
      accountId = inserted?.id ?? (await this.find(username))?.id;
      if (!accountId) return;
    }
    await this.sendCode(accountId, normalise(username));
  }

  /** A new code replaces the old one, with a fresh expiry and attempt count. */
  private async sendCode(accountId: string, username: string): Promise<void> {
    const code = randomCode();
    const values = {
      code_hash: this.deps.hasher.hash('confirm', code),
      expires_at: new Date(this.now().getTime() + CODE_TTL_MS).toISOString(),
      attempts: 0,
    };
    await this.deps.db
      .insertInto('confirmation_codes')
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
    await this.deps.mailer.send(confirmationCodeMail(username, code, this.deps.sender));
  }

  async confirm(username: string, code: string): Promise<void> {
    const account = await this.find(username);
    // A confirmed account answers any code as an unknown address does (its code is spent), so
    // confirm tells no one which addresses have an account.
    if (!account || account.confirmed_at) throw new AppError('CODE_INVALID');
    // Each guess takes one of the code's attempts before it is compared, in one conditional
    // statement: guesses sent at once cannot all read the same count (issue 14).
    const row = await this.deps.db
      .updateTable('confirmation_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('account_id', '=', account.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .where('expires_at', '>', this.now().toISOString())
      .returning('code_hash')
      .executeTakeFirst();
    if (!row || !this.deps.hasher.matches('confirm', code, row.code_hash)) {
      throw new AppError('CODE_INVALID');
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('accounts')
        .set({ confirmed_at: this.now().toISOString() })
        .where('id', '=', account.id)
        .execute();
      await trx.deleteFrom('confirmation_codes').where('account_id', '=', account.id).execute();
    });
  }

  /** Says nothing about whether the account exists or is already confirmed. */
  async resendCode(username: string): Promise<void> {
    const account = await this.find(username);
    if (account && !account.confirmed_at) await this.sendCode(account.id, account.username);
  }

  /**
   * Checks the password and opens a session. An unknown user and a wrong password get the same
   * answer after the same work (a decoy hash is verified), so login enumerates no accounts.
   */
  async logIn(username: string, password: string): Promise<{ token: string; username: string }> {
    const account = await this.find(username);
    const ok = await verifyPassword(account?.password_hash ?? (await decoyPasswordHash), password);
    if (!account || !ok) throw new AppError('INVALID_CREDENTIALS');
    if (!account.confirmed_at) throw new AppError('USER_NOT_CONFIRMED');
    const token = await this.deps.sessions.create(account.id);
    await this.deps.db
      .insertInto('successful_logins')
      .values({ id: randomUUID(), account_id: account.id, logged_in_at: this.now().toISOString() })
      .execute();
    return { token, username: account.username };
  }

  /** When the applicant logged in, oldest first (GET /api/profile). */
  async loginTimesOf(accountId: string): Promise<string[]> {
    const rows = await this.deps.db
      .selectFrom('successful_logins')
      .select('logged_in_at')
      .where('account_id', '=', accountId)
      .orderBy('logged_in_at')
      .execute();
    return rows.map((row) => row.logged_in_at);
  }

  /** The account's e-mail address, or undefined when it is gone (a staff link outlives it). */
  async usernameOf(accountId: string): Promise<string | undefined> {
    const row = await this.deps.db
      .selectFrom('accounts')
      .select('username')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.username;
  }

  /** Mails a single-use reset link when the account exists; answers the same either way. */
  async forgotPassword(username: string): Promise<void> {
    const account = await this.find(username);
    if (!account) return;
    const id = randomToken();
    await this.deps.db
      .insertInto('password_resets')
      .values({
        id_hash: this.deps.hasher.hash('reset', id),
        account_id: account.id,
        expires_at: new Date(this.now().getTime() + RESET_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute();
    const query = new URLSearchParams({ username: account.username, id });
    await this.deps.mailer.send(
      passwordResetMail(
        account.username,
        `${this.deps.publicUrl}/reset?${query}`,
        this.deps.sender,
      ),
    );
  }

  /**
   * Sets a new password through a reset id. The id works once; every session of the account ends,
   * and the account counts as confirmed, since only its mailbox owner could follow the link.
   */
  async resetPassword(username: string, id: string, password: string): Promise<void> {
    const account = await this.find(username);
    const idHash = this.deps.hasher.hash('reset', id);
    const row = await this.deps.db
      .selectFrom('password_resets')
      .selectAll()
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    if (
      !account ||
      !row ||
      row.account_id !== account.id ||
      row.used_at !== null ||
      this.now().toISOString() >= row.expires_at
    ) {
      throw new AppError('RESET_INVALID');
    }
    const passwordHash = await hashPassword(password);
    const now = this.now().toISOString();
    const claimed = await this.deps.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id_hash', '=', idHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('accounts')
        .set({ password_hash: passwordHash, confirmed_at: account.confirmed_at ?? now })
        .where('id', '=', account.id)
        .execute();
      // A new password spends every other reset link of the account, older or newer.
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('account_id', '=', account.id)
        .where('used_at', 'is', null)
        .execute();
      return true;
    });
    if (!claimed) throw new AppError('RESET_INVALID');
    await this.deps.sessions.destroyAllFor(account.id);
  }
}

/** E-mail addresses are compared without case and surrounding spaces. */
export const normalise = (username: string): string => username.trim().toLowerCase();
