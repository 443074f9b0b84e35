/**
 * Staff fixtures for server tests: a staff member added straight to the table, and a signed-in
 * cookie for them made by the app's own session store (the sign-in routes are tested on their own).
 */
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../helpers/test-app';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { StaffCookie } from '../../../src/server/staff/staff-cookie';
import {
  StaffSessions,
  type StaffFactor,
  type StaffRole,
} from '../../../src/server/staff/staff-sessions';

export interface TestStaff {
  id: string;
  email: string;
  role: StaffRole;
  /** Cookies to pass to TestApp.call for a signed-in request as this member. */
  cookies: Record<string, string>;
}

export async function addStaff(
  t: TestApp,
  role: StaffRole,
  options: { email?: string; factor?: StaffFactor } = {},
): Promise<TestStaff> {
  const id = randomUUID();
  const email = options.email ?? `${role}-${id.slice(0, 8)}@staff.example.edu`;
  await t.db
    .insertInto('staff')
    .values({
      id,
      email,
      role,
      password_hash: null,
      totp_secret: null,
      totp_confirmed_at: null,
      created_at: t.clock.now().toISOString(),
    })
    .execute();
  const sessions = new StaffSessions(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
  const token = await sessions.create(id, options.factor ?? 'full');
  const cookie = new StaffCookie(t.config.identityCookiePrefix, false);
  return { id, email, role, cookies: { [cookie.name]: token } };
}
