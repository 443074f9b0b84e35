import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { randomToken, type SecretHasher } from '../identity/secrets';

/** Staff sessions end after 15 minutes idle or 8 hours in all (issue 17), or when the member is removed. */
export const STAFF_IDLE_MS = 15 * 60 * 1000;
export const STAFF_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 30 * 1000;

export type StaffRole = 'reader' | 'admin';
/** 'password': the password was right and the TOTP code is still to give; 'full': signed in. */
export type StaffFactor = 'password' | 'full';

export interface StaffPrincipal {
  staffId: string;
  email: string;
  role: StaffRole;
  factor: StaffFactor;
}

/** Staff sign-ins, stored as applicants' are (keyed hash of the token), in their own table. */
export class StaffSessions {
  constructor(
    private readonly db: Db,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async create(staffId: string, factor: StaffFactor): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db
      .insertInto('staff_sessions')
      .values({
        token_hash: this.hasher.hash('staff-session', token),
        staff_id: staffId,
        factor,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + STAFF_ABSOLUTE_MS).toISOString(),
      })
      .execute();
    return token;
  }

  /** The member behind a live token, refreshing its idle timer; undefined when absent or expired. */
  async resolve(token: string): Promise<StaffPrincipal | undefined> {
    const tokenHash = this.hasher.hash('staff-session', token);
    const row = await this.db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .select([
        'staff_sessions.staff_id',
        'staff_sessions.factor',
        'staff_sessions.last_seen_at',
        'staff_sessions.expires_at',
        'staff.email',
        'staff.role',
      ])
      .where('staff_sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const now = this.clock.now().getTime();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (now - lastSeen >= STAFF_IDLE_MS || now >= new Date(row.expires_at).getTime()) {
      await this.destroy(token);
      return undefined;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      await this.db
        .updateTable('staff_sessions')
        .set({ last_seen_at: new Date(now).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return { staffId: row.staff_id, email: row.email, role: row.role, factor: row.factor };
  }

  async destroy(token: string): Promise<void> {
    await this.db
      .deleteFrom('staff_sessions')
      .where('token_hash', '=', this.hasher.hash('staff-session', token))
      .execute();
  }

  async destroyAllFor(staffId: string): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
  }
}
