/**
 * Staff members made as the CLI makes them (a real password, hashed), and the password and TOTP
 * sign-in driven through the routes with codes computed as an authenticator app would.
 */
import { Secret, TOTP } from 'otpauth';
import { cookieJar, type TestApp } from '../helpers/test-app';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { AuditLog } from '../../../src/server/staff/audit-log';
import { StaffMembers } from '../../../src/server/staff/staff-members';
import { StaffSessions, type StaffRole } from '../../../src/server/staff/staff-sessions';

export const STAFF_PASSWORD = 'Staff-Password-42!';

/** Adds a member with STAFF_PASSWORD, as the CLI does. */
export async function addMember(t: TestApp, email: string, role: StaffRole): Promise<string> {
  const sessions = new StaffSessions(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
  const members = new StaffMembers(t.db, t.clock, sessions, new AuditLog(t.db, t.clock));
  const added = await members.add(
    { email, role, password: STAFF_PASSWORD },
    { actor: 'cli:test', ip: 'local' },
  );
  return added.id;
}

/** The member's authenticator, from the secret the set-up step showed. */
export function authenticator(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
}

/**
 * Signs in with the password and a TOTP code: setting TOTP up first, or with `app`, the
 * authenticator set up before (the clock must have moved to a step not used yet).
 */
export async function signInWithTotp(
  t: TestApp,
  email: string,
  app?: TOTP,
): Promise<{ cookies: Record<string, string>; app: TOTP }> {
  const login = await t.call('POST', '/api/staff/login', { email, password: STAFF_PASSWORD });
  const half = cookieJar(login);
  let authenticatorApp = app;
  if (!authenticatorApp) {
    const setup = await t.call('GET', '/api/staff/totp/setup', undefined, half);
    authenticatorApp = authenticator(setup.json<{ secret: string }>().secret);
  }
  const code = authenticatorApp.generate({ timestamp: t.clock.now().getTime() });
  const done = await t.call('POST', '/api/staff/totp', { code }, half);
  if (done.statusCode !== 200) throw new Error(`TOTP sign-in failed: ${done.body}`);
  return { cookies: cookieJar(done), app: authenticatorApp };
}
