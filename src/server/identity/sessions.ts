import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { PreparedQuery } from '../db/prepared-query';
import { GroupLookup } from '../db/group-lookup';
import { randomToken, type SecretHasher } from './secrets';

/** Idle expiry matches the client's inactivity logout (SPEC §9: 900000 ms). */
export const SESSION_IDLE_MS = 15 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not become writes on every request. */
const TOUCH_EVERY_MS = 30 * 1000;

export interface SessionAccount {
  accountId: string;
  username: string;
}

/**
 * A session this process found live, with what its row said then: a write that checks the
 * session in its own statement may be let in on it (SessionStore.recentlyLive).
 */
interface LiveSession extends SessionAccount {
  lastSeenAt: number;
  expiresAt: number;
}

/** What a SessionStore keeps of a token: its keyed hash, and the session if it was found live. */
interface KnownToken {
  hash: string;
  live?: LiveSession;
}

/**
 * Every request behind /api resolves its session (but a save of a session found live moments ago:
 * recentlyLive), in one query with the others asked for in the same turn of the event loop
 * (group-lookup.ts): prepared once (see prepared-query.ts). The username is a subquery, not a
 * join: on SQLite the join of the two one-row lookups cost 10 us against 2 us (better-sqlite3). A
 * session's account always exists (the foreign key deletes its sessions with it); a null username
 * is taken as no session all the same.
 */
const liveSessions = new PreparedQuery((db, p: { tokenHashes: string }, dialect) =>
  db
    .selectFrom('sessions')
    .select((eb) => [
      'sessions.token_hash',
      'sessions.account_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      eb
        .selectFrom('accounts')
        .select('accounts.username')
        .whereRef('accounts.id', '=', 'sessions.account_id')
        .as('username'),
    ])
    .where('sessions.token_hash', 'in', (eb) =>
      eb
        .selectFrom(
          (dialect === 'postgres'
            ? sql<{ value: string }>`json_array_elements_text(${p.tokenHashes}::json)`
            : sql<{ value: string }>`json_each(${p.tokenHashes})`
          ).as('wanted'),
        )
        .select('wanted.value'),
    ),
);
const touchSession = new PreparedQuery((db, p: { tokenHash: string; now: string }) =>
  db.updateTable('sessions').set({ last_seen_at: p.now }).where('token_hash', '=', p.tokenHash),
);

/** How many tokens' hashes a SessionStore keeps (about 1.5 MB at most: see TOKEN_LENGTH). */
export const TOKEN_HASHES_KEPT = 10_000;
/** A session token's length (randomToken: 32 bytes, base64url); a cookie of another is no token. */
const TOKEN_LENGTH = 43;

export class SessionStore {
  /** The live sessions asked for in one turn, by token hash, in one query. */
  private readonly lookups = new GroupLookup(async (tokenHashes: string[]) => {
    const { rows } = await liveSessions.execute(this.db, {
      tokenHashes: JSON.stringify(tokenHashes),
    });
    return new Map(rows.map((row) => [row.token_hash, row]));
  });

  /**
   * The keyed hashes of the tokens recent requests came with (the oldest out first past
   * TOKEN_HASHES_KEPT): every /api request hashes its session token, and an applicant's requests
   * all carry the same one; an HMAC was about a twentieth of a save's server CPU under load
   * (issue 19). Only memory holds the tokens, as it does while their requests run; the database
   * still stores hashes only. Beside a hash, the session as `resolve` last found it live.
   */
  private readonly tokens = new Map<string, KnownToken>();

  constructor(
    private readonly db: Db,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  private known(token: string): KnownToken {
    let known = this.tokens.get(token);
    if (known === undefined) {
      known = { hash: this.hasher.hash('session', token) };
      // Only a token's length is kept: a forged cookie of any length cannot fill memory.
      if (token.length !== TOKEN_LENGTH) return known;
      if (this.tokens.size >= TOKEN_HASHES_KEPT) {
        this.tokens.delete(this.tokens.keys().next().value!);
      }
      this.tokens.set(token, known);
    }
    return known;
  }

  /** The keyed hash of a token, as the sessions table stores it. */
  tokenHashOf(token: string): string {
    return this.known(token).hash;
  }

  /** Starts a session and returns its token; only the token's keyed hash is stored. */
  async create(accountId: string): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: this.hasher.hash('session', token),
        account_id: accountId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      })
      .execute();
    return token;
  }

  /** The account behind a live token, refreshing its idle timer; undefined when absent or expired. */
  async resolve(token: string): Promise<SessionAccount | undefined> {
    const known = this.known(token);
    const tokenHash = known.hash;
    known.live = undefined;
    const row = await this.lookups.get(tokenHash);
    if (!row || row.username === null) return undefined;
    const now = this.clock.now().getTime();
    let lastSeenAt = new Date(row.last_seen_at).getTime();
    const expiresAt = new Date(row.expires_at).getTime();
    if (now - lastSeenAt >= SESSION_IDLE_MS || now >= expiresAt) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return undefined;
    }
    if (now - lastSeenAt >= TOUCH_EVERY_MS) {
      await touchSession.execute(this.db, { tokenHash, now: new Date(now).toISOString() });
      lastSeenAt = now;
    }
    const account = { accountId: row.account_id, username: row.username };
    known.live = { ...account, lastSeenAt, expiresAt };
    return account;
  }

  /**
   * The account of a token that `resolve` found live, without asking the database, while what it
   * found still holds: the row's idle timer needs no refresh yet (TOUCH_EVERY_MS, well inside
   * SESSION_IDLE_MS) and the session has not reached its absolute expiry. Undefined otherwise:
   * then `resolve` decides, and refreshes the timer. The row may have been deleted since (a
   * logout or a password reset in another server, an erased account), so only a write that
   * checks the session's row itself in its own statement may be let in on this (PUT /api/answer:
   * answer-store.ts); it saves the round trip of a lookup per save (issue 19).
   */
  recentlyLive(token: string): SessionAccount | undefined {
    const live = this.tokens.get(token)?.live;
    if (!live) return undefined;
    const now = this.clock.now().getTime();
    if (now - live.lastSeenAt >= TOUCH_EVERY_MS || now >= live.expiresAt) return undefined;
    return { accountId: live.accountId, username: live.username };
  }

  /** Forgets that a token was found live (a write found its session gone). */
  forgetLive(token: string): void {
    const known = this.tokens.get(token);
    if (known) known.live = undefined;
  }

  async destroy(token: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('token_hash', '=', this.tokenHashOf(token))
      .execute();
    this.tokens.delete(token);
  }

  async destroyAllFor(accountId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
  }
}
