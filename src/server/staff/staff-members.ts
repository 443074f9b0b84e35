import { randomInt, randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, errors } from '../errors';
import { assertValid, validators } from '../identity/account-bodies';
import { normalise } from '../identity/accounts';
import { hashPassword, verifyPassword } from '../identity/secrets';
import type { AuditLog } from './audit-log';
import { staffEmail } from './staff-email';
import type { StaffRole, StaffSessions } from './staff-sessions';

/** Who asked for a change to the staff, for the audit log: "staff:<e-mail>" or "cli:<user>". */
export interface StaffActor {
  actor: string;
  ip: string;
}

export interface StaffMemberRow {
  id: string;
  email: string;
  role: StaffRole;
  createdAt: string;
  /** Whether the member has confirmed a TOTP authenticator. */
  totp: boolean;
}

export interface AddedMember {
  id: string;
  email: string;
  role: StaffRole;
  /** The generated password, when none was given: shown once, to be handed on. */
  temporaryPassword?: string;
}

/**
 * The admissions staff (issue 17): added by the CLI or an admin, with a password that meets the
 * applicants' rules (SPEC §4) hashed as theirs are (argon2id); removed with every session they
 * hold. Each change is written to the audit log with who made it.
 */
export class StaffMembers {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: StaffSessions,
    private readonly audit: AuditLog,
  ) {}

  /** Adds a member; a password not given is generated. Throws STAFF_MEMBER_EXISTS for a known e-mail. */
  async add(
    input: { email: string; role: StaffRole; password?: string },
    by: StaffActor,
  ): Promise<AddedMember> {
    const email = normalise(input.email);
    const password = input.password ?? temporaryPassword();
    // Nothing typed is asked for in the console's words, before any rule judges the address.
    if (email === '') throw errors.STAFF_EMAIL_MISSING();
    // The applicants' own rules: a valid address, and every password requirement (SPEC §4).
    assertValid(validators.signup, { username: email, password });
    staffEmail(email); // Then staff's own, stricter: the console's rule and the CLI's (issue 41).
    if (await this.findByEmail(email)) throw new AppError('STAFF_MEMBER_EXISTS');
    const id = randomUUID();
    const inserted = await this.db
      .insertInto('staff')
      .values({
        id,
        email,
        role: input.role,
        password_hash: await hashPassword(password),
        totp_secret: null,
        totp_confirmed_at: null,
        created_at: this.clock.now().toISOString(),
        // A generated password has been seen by whoever handed it on: the member replaces it.
        password_temporary: input.password ? 0 : 1,
      })
      // Two adds of one address at once: the unique e-mail keeps one, the other is told so.
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new AppError('STAFF_MEMBER_EXISTS');
    }
    await this.audit.record({ ...by, action: 'staff.add', detail: { email, role: input.role } });
    return {
      id,
      email,
      role: input.role,
      ...(input.password ? {} : { temporaryPassword: password }),
    };
  }

  /** Removes a member and ends their sessions at once. Throws STAFF_MEMBER_NOT_FOUND. */
  async remove(id: string, by: StaffActor): Promise<void> {
    const member = await this.db
      .selectFrom('staff')
      .select(['email', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    // The foreign key cascades too; ending them first leaves no moment with a live session.
    await this.sessions.destroyAllFor(id);
    await this.db.deleteFrom('staff').where('id', '=', id).execute();
    await this.audit.record({
      ...by,
      action: 'staff.remove',
      detail: { email: member.email, role: member.role },
    });
  }

  /** Gives a member another role. Throws STAFF_MEMBER_NOT_FOUND. */
  async changeRole(
    id: string,
    role: StaffRole,
    by: StaffActor,
  ): Promise<{ id: string; email: string; role: StaffRole }> {
    const member = await this.db
      .selectFrom('staff')
      .select(['email', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    await this.db.updateTable('staff').set({ role }).where('id', '=', id).execute();
    await this.audit.record({
      ...by,
      action: 'staff.role-change',
      detail: { email: member.email, from: member.role, to: role },
    });
    return { id, email: member.email, role };
  }

  /**
   * Forgets a member's authenticator (a lost phone, or a new SESSION_SECRET that can no longer
   * open it) and ends their sessions: their next sign-in sets TOTP up again from a new QR code.
   */
  async resetTotp(id: string, by: StaffActor): Promise<void> {
    const member = await this.db
      .updateTable('staff')
      .set({ totp_secret: null, totp_confirmed_at: null })
      .where('id', '=', id)
      .returning('email')
      .executeTakeFirst();
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    await this.sessions.destroyAllFor(id);
    await this.audit.record({ ...by, action: 'staff.reset-totp', detail: { email: member.email } });
  }

  /**
   * Replaces a generated password with the member's own (the applicants' rules, SPEC §4), which
   * must differ from it. Throws STAFF_PASSWORD_NOT_TEMPORARY when there is nothing to replace.
   * Answers whether the member's authenticator is set up (the step that comes next).
   */
  async replaceTemporaryPassword(
    id: string,
    password: string,
    by: StaffActor,
  ): Promise<{ totpConfirmed: boolean }> {
    const member = await this.db
      .selectFrom('staff')
      .select(['email', 'password_hash', 'password_temporary', 'totp_confirmed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    if (!member.password_temporary || !member.password_hash) {
      throw new AppError('STAFF_PASSWORD_NOT_TEMPORARY');
    }
    assertValid(validators.signup, { username: member.email, password });
    if (await verifyPassword(member.password_hash, password)) {
      throw new AppError('STAFF_PASSWORD_UNCHANGED');
    }
    // Compare-and-set: of two replacements at once, only the first lands.
    const updated = await this.db
      .updateTable('staff')
      .set({ password_hash: await hashPassword(password), password_temporary: 0 })
      .where('id', '=', id)
      .where('password_temporary', '=', 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError('STAFF_PASSWORD_NOT_TEMPORARY');
    await this.audit.record({ ...by, action: 'staff.password-change', subject: null });
    return { totpConfirmed: member.totp_confirmed_at !== null };
  }

  async findByEmail(email: string) {
    return this.db
      .selectFrom('staff')
      .selectAll()
      .where('email', '=', normalise(email))
      .executeTakeFirst();
  }

  async list(): Promise<StaffMemberRow[]> {
    const rows = await this.db
      .selectFrom('staff')
      .select(['id', 'email', 'role', 'created_at', 'totp_confirmed_at'])
      .orderBy('email')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      createdAt: row.created_at,
      totp: row.totp_confirmed_at !== null,
    }));
  }
}

const alphabets = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  '!#%+-=?@_',
];

/**
 * 20 characters with each of the password rules' classes (SPEC §4), without the look-alikes
 * (0/O, 1/l/I) that make a password read out or copied from a screen go wrong.
 */
function temporaryPassword(): string {
  const all = alphabets.join('');
  const pick = (from: string) => from[randomInt(from.length)]!;
  const chars = [...alphabets.map(pick), ...Array.from({ length: 16 }, () => pick(all))];
  // Shuffled (Fisher–Yates), so the required classes are not always the first four characters.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
