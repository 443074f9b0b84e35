/**
 * Issue 41, F2, the owner-first order: a stranger's sign-up after the owner's puts a second code in
 * the owner's mailbox, the newer one. The browser that signed up names its own sign-up in a signed
 * cookie, so from there only its own code confirms and a resend renews its own code: the owner
 * typing the stranger's newer code activates nothing. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codesTo,
  cookieJar,
  createTestApp,
  databases,
  PASSWORD,
  type TestApp,
} from '../helpers/test-app';

const STRANGER = 'Stranger-Chose-77';
const roomy = {
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  RATE_LIMIT_PER_USERNAME_PER_HOUR: '100000',
};

describe.each(databases)('a browser confirms the sign-up it made on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, roomy);
  });
  afterAll(async () => t?.close());

  /** Signs up and returns the browser's cookies. */
  const signUp = async (username: string, password: string) =>
    cookieJar(await t.call('POST', '/public/signup', { username, password }));
  const confirm = (username: string, code: string, cookies?: Record<string, string>) =>
    t.call('POST', '/public/confirm', { username, code }, cookies);
  const logIn = async (username: string, password: string) =>
    (await t.call('POST', '/public/login', { username, password })).statusCode;

  it('refuses the stranger’s newer code from the owner’s browser, and takes the owner’s own', async () => {
    const username = 'owner-browser@example.org';
    const owner = await signUp(username, PASSWORD);
    await signUp(username, STRANGER);
    const [owners, strangers] = codesTo(t.mail, username);
    const refused = await confirm(username, strangers!, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CODE_INVALID');
    expect(await logIn(username, STRANGER)).toBe(403);
    expect((await confirm(username, owners!, owner)).statusCode).toBe(200);
    expect(await logIn(username, PASSWORD)).toBe(200);
    expect(await logIn(username, STRANGER)).toBe(400);
  });

  it('renews the browser’s own code on resend, not the newest sign-up’s', async () => {
    const username = 'owner-resend@example.org';
    const owner = await signUp(username, PASSWORD);
    await signUp(username, STRANGER);
    await t.call('POST', '/public/resend-confirm', { username }, owner);
    const codes = codesTo(t.mail, username);
    expect(codes).toHaveLength(3);
    // The resent code is the owner's: it confirms the owner's password from the owner's browser.
    expect((await confirm(username, codes[2]!, owner)).statusCode).toBe(200);
    expect(await logIn(username, PASSWORD)).toBe(200);
    expect(await logIn(username, STRANGER)).toBe(400);
  });

  it('refuses a forged or another sign-up’s cookie as naming nothing', async () => {
    const username = 'forged-cookie@example.org';
    const owner = await signUp(username, PASSWORD);
    const name = Object.keys(owner).find((n) => n.startsWith('signup_'))!;
    const forged = { [name]: owner[name]!.replace(/\.[^.]+$/, '.forged') };
    const [code] = codesTo(t.mail, username);
    // A forged cookie counts as none: the code confirms, as from another device.
    expect((await confirm(username, code!, forged)).statusCode).toBe(200);
    expect(await logIn(username, PASSWORD)).toBe(200);
  });

  it('from another device, confirms an address signed up once, and none signed up twice', async () => {
    const once = 'signed-up-once@example.org';
    await signUp(once, PASSWORD);
    expect((await confirm(once, codesTo(t.mail, once)[0]!)).statusCode).toBe(200);
    const twice = 'signed-up-twice@example.org';
    await signUp(twice, PASSWORD);
    await signUp(twice, STRANGER);
    for (const code of codesTo(t.mail, twice)) {
      expect((await confirm(twice, code)).json().code).toBe('CODE_ELSEWHERE');
    }
    expect(await logIn(twice, STRANGER)).toBe(403);
  });

  it('reads a cookie naming another address’s sign-up as none', async () => {
    const other = await signUp('first-address@example.org', PASSWORD);
    const username = 'second-address@example.org';
    await t.call('POST', '/public/signup', { username, password: PASSWORD });
    expect((await confirm(username, codesTo(t.mail, username)[0]!, other)).statusCode).toBe(200);
  });

  it('trusts the device that confirmed, as a sign-in would (F4)', async () => {
    const username = 'trusted-by-confirm@example.org';
    const browser = await signUp(username, PASSWORD);
    const confirmed = await confirm(username, codesTo(t.mail, username)[0]!, browser);
    expect(confirmed.cookies.map((c) => c.name)).toContain('device_admissions_identity');
  });

  it('sets the cookie for a confirmed address too, so the answer tells nothing', async () => {
    const username = 'already-confirmed@example.org';
    await signUp(username, PASSWORD);
    expect((await confirm(username, codesTo(t.mail, username)[0]!)).statusCode).toBe(200);
    const again = await t.call('POST', '/public/signup', { username, password: STRANGER });
    const fresh = await t.call('POST', '/public/signup', {
      username: 'nobody-yet@example.org',
      password: STRANGER,
    });
    const names = (r: typeof again) => r.cookies.map((c) => c.name).sort();
    expect(names(again)).toEqual(names(fresh));
    expect(names(again).some((n) => n.startsWith('signup_'))).toBe(true);
  });
});
