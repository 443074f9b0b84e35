/** `npm run staff` as an operator runs it, with the e2e server's environment (its DATA_DIR). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { request, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eDataDir, e2ePort } from '../../playwright.config';

const run = promisify(execFile);

/** Adds a staff member by the CLI; returns what it printed (the temporary password's line). */
export async function addStaffByCli(email: string, role: 'admin' | 'reader'): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'staff', '--', 'add', email, '--role', role], {
    env: {
      ...process.env,
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      NODE_ENV: 'test',
      DATABASE_URL: '',
    },
  });
  return stdout;
}

/** Adds an admin by the CLI; returns the temporary password it printed once. */
export async function addAdminByCli(email: string): Promise<string> {
  const printed = await addStaffByCli(email, 'admin');
  const password = /Temporary password: (\S+)/.exec(printed)?.[1];
  if (!password) throw new Error(`npm run staff printed no temporary password: ${printed}`);
  return password;
}

/** What e2e staff members choose in place of the CLI's temporary password. */
export const OWN_PASSWORD = 'Staff-Own-Password-42!';

/**
 * A new admin made by the CLI and signed in through the API (the temporary password, their own, then the TOTP code from
 * the set-up's secret): a request context for the staff API of the server at baseURL.
 */
export async function signedInAdminApi(baseURL: string, email: string): Promise<APIRequestContext> {
  const password = await addAdminByCli(email);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/staff/login', { data: { email, password } });
  if (!login.ok()) throw new Error(`staff login answered ${login.status()}: ${await login.text()}`);
  // The CLI's password is temporary: the member's own replaces it first.
  const own = await api.post('/api/staff/password', { data: { password: OWN_PASSWORD } });
  if (!own.ok()) throw new Error(`staff password answered ${own.status()}: ${await own.text()}`);
  const { secret } = (await (await api.get('/api/staff/totp/setup')).json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const totp = await api.post('/api/staff/totp', { data: { code } });
  if (!totp.ok()) throw new Error(`staff TOTP answered ${totp.status()}: ${await totp.text()}`);
  return api;
}
