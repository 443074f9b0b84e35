import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { sourceLocale, type Locale } from '../../contract/locale';
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
  randomToken,
  verifyPassword,
  type SecretHasher,
} from './secrets';
import type { SessionStore } from './sessions';
import { NO_PASSWORD, PendingSignUps } from './pending-sign-ups';

const RESET_TTL_MS = 60 * 60 * 1000;

export interface AccountServiceDeps {
  db: Db;
  hasher: SecretHasher;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionStore;
  /** The university as the mail in a language names it. */
  sender(locale: Locale): Sender;
  publicUrl: string;
}

/** Sign-up, confirmation, login and password reset (SPEC §2 authentication routes). */
export class AccountService {
  private readonly pending: PendingSignUps;

  constructor(private readonly deps: AccountServiceDeps) {
    this.pending = new PendingSignUps(deps.db, deps.hasher);
  }

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
   * Records a sign-up and mails its code. An e-mail that already has a confirmed account gets a
   * notice instead, and the caller the same answer, so sign-up tells no one who has an account.
   * An unconfirmed address may be signed up again, by its owner or a stranger: each sign-up keeps
   * the password it chose with a code of its own (PendingSignUps), so the owner's code activates
   * the owner's password and a stranger's sign-up, first or last, activates nothing.
   */
  async signUp(
    username: string,
    password: string,
    language: Locale = sourceLocale,
  ): Promise<string | undefined> {
    const address = normalise(username);
    const existing = await this.find(address);
    // Hashed whatever happens, so every answer takes the same time.
    const passwordHash = await hashPassword(password);
    if (existing?.confirmed_at) {
      await this.deps.mailer.send(
        accountExistsMail(
          existing.username,
          `${this.deps.publicUrl}/login`,
          this.deps.sender(existing.language),
          existing.language,
        ),
      );
      return undefined;
    }
    const now = this.now();
    const added = await this.deps.db.transaction().execute(async (trx) => {
      // Written even when it exists, so the row is held until the sign-up is in: sign-ups of one
      // address at once take their turns. The WHERE leaves a confirmed account untouched.
      const account = await trx
        .insertInto('accounts')
        .values({
          id: randomUUID(),
          username: address,
          password_hash: NO_PASSWORD,
          confirmed_at: null,
          last_page: '',
          created_at: now.toISOString(),
          language,
        })
        .onConflict((oc) =>
          oc
            .column('username')
            // The latest sign-up's language: its code's mail is in it, as is the account's.
            .doUpdateSet({ password_hash: NO_PASSWORD, language })
            .where('accounts.confirmed_at', 'is', null),
        )
        .returning('id')
        .executeTakeFirst();
      // Confirmed since it was read: nothing is pending any more.
      if (!account) return undefined;
      return this.pending.add(trx, account.id, passwordHash, now);
    });
    if (!added) return undefined;
    await this.deps.mailer.send(
      confirmationCodeMail(address, added.code, this.deps.sender(language), language),
    );
    return added.id;
  }

  /**
   * Activates the password of the sign-up whose code this is, and discards every other pending
   * sign-up of the address with its password.
   */
  async confirm(username: string, code: string, signUpId?: string): Promise<void> {
    const account = await this.find(username);
    // A confirmed account answers any code as an unknown address does (its code is spent), so
    // confirm tells no one which addresses have an account.
    if (!account || account.confirmed_at) throw new AppError('CODE_INVALID');
    const signUp = await this.pending.match(account.id, code, this.now(), signUpId);
    if (signUp === 'ambiguous') throw new AppError('CODE_ELSEWHERE');
    if (signUp === 'invalid') throw new AppError('CODE_INVALID');
    const { passwordHash } = signUp;
    const confirmed = await this.deps.db.transaction().execute(async (trx) => {
      // The account's row first, as a sign-up takes it: two codes confirmed at once, one wins.
      const result = await trx
        .updateTable('accounts')
        .set({ password_hash: passwordHash, confirmed_at: this.now().toISOString() })
        .where('id', '=', account.id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('pending_sign_ups').where('account_id', '=', account.id).execute();
      return true;
    });
    if (!confirmed) throw new AppError('CODE_INVALID');
  }

  /**
   * Mails a fresh code for the browser's own pending sign-up, or the address's newest when the
   * browser names none (see PendingSignUps.renew).
   * Says nothing about whether the account exists, is confirmed or has a live sign-up.
   */
  async resendCode(username: string, signUpId?: string): Promise<void> {
    const account = await this.find(username);
    if (!account || account.confirmed_at) return;
    const code = await this.pending.renew(account.id, this.now(), signUpId);
    if (code) {
      await this.deps.mailer.send(
        confirmationCodeMail(
          account.username,
          code,
          this.deps.sender(account.language),
          account.language,
        ),
      );
    }
  }

  /**
   * Checks the password and opens a session. An unknown user and a wrong password get the same
   * answer after the same work (a decoy hash is verified), so login enumerates no accounts.
   */
  async logIn(
    username: string,
    password: string,
  ): Promise<{ token: string; username: string; language: Locale }> {
    const account = await this.find(username);
    if (account && !account.confirmed_at) {
      // No password is usable before confirmation; one a pending sign-up chose is told to confirm.
      const pending = await this.pending.chosen(account.id, password, this.now());
      throw new AppError(pending ? 'USER_NOT_CONFIRMED' : 'INVALID_CREDENTIALS');
    }
    const ok = await verifyPassword(account?.password_hash ?? (await decoyPasswordHash), password);
    if (!account || !ok) throw new AppError('INVALID_CREDENTIALS');
    const token = await this.deps.sessions.create(account.id);
    await this.deps.db
      .insertInto('successful_logins')
      .values({ id: randomUUID(), account_id: account.id, logged_in_at: this.now().toISOString() })
      .execute();
    return { token, username: account.username, language: account.language };
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

  /** The account's language (its mail's and PDF's); English for an account that is gone. */
  async languageOf(accountId: string): Promise<Locale> {
    const row = await this.deps.db
      .selectFrom('accounts')
      .select('language')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.language ?? sourceLocale;
  }

  /** Keeps the applicant's choice of language (PUT /api/profile/language). */
  async setLanguage(accountId: string, language: Locale): Promise<void> {
    await this.deps.db
      .updateTable('accounts')
      .set({ language })
      .where('id', '=', accountId)
      .execute();
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
        this.deps.sender(account.language),
        account.language,
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
      // Confirmed by the link: no pending sign-up's password may be activated later.
      await trx.deleteFrom('pending_sign_ups').where('account_id', '=', account.id).execute();
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
