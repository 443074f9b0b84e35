import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { PreparedQuery } from '../db/prepared-query';
import { groupReadOf } from '../db/group-read';
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

/** Every request behind /api resolves its session: prepared once (see prepared-query.ts). */
const liveSession = new PreparedQuery((db, p: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.account_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'accounts.username',
    ])
    .where('sessions.token_hash', '=', p.tokenHash),
);
const touchSession = new PreparedQuery((db, p: { tokenHash: string; now: string }) =>
  db.updateTable('sessions').set({ last_seen_at: p.now }).where('token_hash', '=', p.tokenHash),
);

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

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
    const tokenHash = this.hasher.hash('session', token);
    const row = await groupReadOf(this.db).run((db) => liveSession.takeFirst(db, { tokenHash }));
    if (!row) return undefined;
    const now = this.clock.now().getTime();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (now - lastSeen >= SESSION_IDLE_MS || now >= new Date(row.expires_at).getTime()) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return undefined;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      await touchSession.execute(this.db, { tokenHash, now: new Date(now).toISOString() });
    }
    return { accountId: row.account_id, username: row.username };
  }

  async destroy(token: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('token_hash', '=', this.hasher.hash('session', token))
      .execute();
  }

  async destroyAllFor(accountId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
  }
}
