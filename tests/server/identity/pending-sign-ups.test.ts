/**
 * Issue 41, F2, on SQLite and PostgreSQL: a confirmation code confirms the sign-up that asked for
 * it. Whoever signs up an unconfirmed address first or last, the mailbox owner's code activates
 * the owner's password, never a stranger's.
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
const THIRD = 'Third-Signup-55!';
/** No limit gets in the way: several sign-ups and logins of one address per test. */
const roomy = {
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  RATE_LIMIT_PER_USERNAME_PER_HOUR: '100000',
};

describe.each(databases)('a code confirms its own sign-up on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, roomy);
  });
  afterAll(async () => t?.close());

  const signUp = (username: string, password: string) =>
    t.call('POST', '/public/signup', { username, password });
  /** Confirms from the browser whose cookies are `browser`; with none, from another device. */
  const confirm = (username: string, code: string, browser?: Record<string, string>) =>
    t.call('POST', '/public/confirm', { username, code }, browser);
  const logIn = async (username: string, password: string) =>
    (await t.call('POST', '/public/login', { username, password })).statusCode;
  const pendingOf = async (username: string) =>
    Number(
      (
        await t.db
          .selectFrom('pending_sign_ups')
          .innerJoin('accounts', 'accounts.id', 'pending_sign_ups.account_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('accounts.username', '=', username)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stranger first: the owner confirming the owner’s code activates the owner’s password', async () => {
    const username = 'stranger-first@example.org';
    const stranger = await signUp(username, STRANGER);
    expect(stranger.statusCode).toBe(200);
    // Before any confirmation no password opens the account, the stranger's included.
    expect(await logIn(username, STRANGER)).toBe(403);
    const owner = await signUp(username, PASSWORD);
    expect(owner.statusCode).toBe(200);
    const [strangers, owners] = codesTo(t.mail, username);
    expect(owners).toBeDefined();
    expect((await confirm(username, owners!, cookieJar(owner))).statusCode).toBe(200);
    expect(await logIn(username, PASSWORD)).toBe(200);
    expect(await logIn(username, STRANGER)).toBe(400);
    // The stranger's sign-up went with the confirmation: its code confirms nothing now.
    expect(await pendingOf(username)).toBe(0);
    expect((await confirm(username, strangers!, cookieJar(stranger))).json().code).toBe(
      'CODE_INVALID',
    );
    expect(await logIn(username, STRANGER)).toBe(400);
  });

  it('owner first: a stranger signing up after the owner changes nothing', async () => {
    const username = 'owner-first@example.org';
    const owner = cookieJar(await signUp(username, PASSWORD));
    const stranger = cookieJar(await signUp(username, STRANGER));
    const [owners, strangers] = codesTo(t.mail, username);
    // From another device the owner cannot tell the two codes apart, so neither confirms there.
    expect((await confirm(username, strangers!)).json().code).toBe('CODE_ELSEWHERE');
    expect((await confirm(username, owners!, owner)).statusCode).toBe(200);
    expect(await logIn(username, PASSWORD)).toBe(200);
    expect(await logIn(username, STRANGER)).toBe(400);
    expect((await confirm(username, strangers!, stranger)).statusCode).toBe(400);
  });

  it.each([0, 1, 2])(
    'with a third sign-up in between, code %i activates its own password and no other',
    async (chosen) => {
      const username = `three-${chosen}@example.org`;
      const passwords = [PASSWORD, THIRD, STRANGER];
      const browsers = [];
      for (const password of passwords) browsers.push(cookieJar(await signUp(username, password)));
      const codes = codesTo(t.mail, username);
      expect(new Set(codes).size).toBe(3);
      expect(await pendingOf(username)).toBe(3);
      expect((await confirm(username, codes[chosen]!, browsers[chosen])).statusCode).toBe(200);
      expect(await pendingOf(username)).toBe(0);
      for (const [i, password] of passwords.entries()) {
        expect(await logIn(username, password), `password ${i}`).toBe(i === chosen ? 200 : 400);
      }
      for (const [i, code] of codes.entries()) {
        if (i !== chosen) {
          expect((await confirm(username, code, browsers[i])).statusCode).toBe(400);
        }
      }
    },
  );

  it('holds no password for an unconfirmed account, only each sign-up’s own', async () => {
    const username = 'hashes@example.org';
    await signUp(username, PASSWORD);
    await signUp(username, STRANGER);
    const account = await t.db
      .selectFrom('accounts')
      .select(['id', 'password_hash'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(account.password_hash).toBe('');
    const rows = await t.db
      .selectFrom('pending_sign_ups')
      .select(['seq', 'password_hash'])
      .where('account_id', '=', account.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => row.seq)).toEqual([1, 2]);
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
    // Either sign-up's visitor is told to confirm; any other password is simply wrong.
    expect(await logIn(username, PASSWORD)).toBe(403);
    expect(await logIn(username, STRANGER)).toBe(403);
    expect(await logIn(username, THIRD)).toBe(400);
  });

  it('resends a fresh code for the newest sign-up only, in place of its old code', async () => {
    const username = 'resend@example.org';
    const stranger = cookieJar(await signUp(username, STRANGER));
    const owner = cookieJar(await signUp(username, PASSWORD));
    const [first, second] = codesTo(t.mail, username);
    // From a browser that names no sign-up, the newest one's code is renewed.
    expect((await t.call('POST', '/public/resend-confirm', { username })).statusCode).toBe(200);
    const resent = codesTo(t.mail, username)[2];
    expect(resent).toBeDefined();
    // The newest sign-up's old code was replaced by the resent one.
    if (resent !== second) expect((await confirm(username, second!, owner)).statusCode).toBe(400);
    expect((await confirm(username, resent!, owner)).statusCode).toBe(200);
    expect(await logIn(username, PASSWORD)).toBe(200);
    expect(await logIn(username, STRANGER)).toBe(400);
    expect((await confirm(username, first!, stranger)).statusCode).toBe(400);
  });

  it('spends one attempt of every pending sign-up with each wrong guess', async () => {
    const username = 'guessed@example.org';
    await signUp(username, STRANGER);
    await signUp(username, PASSWORD);
    const codes = codesTo(t.mail, username);
    const wrong = ['000000', '111111', '222222'].find((c) => !codes.includes(c))!;
    for (let i = 0; i < 5; i++) expect((await confirm(username, wrong)).statusCode).toBe(400);
    for (const code of codes) expect((await confirm(username, code)).statusCode).toBe(400);
    expect(await logIn(username, PASSWORD)).toBe(403);
  });

  it('answers a sign-up of a confirmed address the same, mails "account exists", changes nothing', async () => {
    const username = 'confirmed@example.org';
    const fresh = await signUp(username, PASSWORD);
    await confirm(username, codesTo(t.mail, username)[0]!);
    const mailed = t.mail.length;
    const again = await signUp(username, STRANGER);
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    const notices = t.mail.slice(mailed).filter((m) => m.to === username);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).not.toMatch(/confirmation code is/);
    expect(notices[0]!.text).toContain(`${t.config.publicUrl}/login`);
    expect(await pendingOf(username)).toBe(0);
    expect(await logIn(username, STRANGER)).toBe(400);
    expect(await logIn(username, PASSWORD)).toBe(200);
  });

  it('confirms one sign-up when two codes are confirmed at once', async () => {
    const username = 'race@example.org';
    const stranger = cookieJar(await signUp(username, STRANGER));
    const owner = cookieJar(await signUp(username, PASSWORD));
    const [a, b] = codesTo(t.mail, username);
    const answers = await Promise.all([
      confirm(username, a!, stranger),
      confirm(username, b!, owner),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? STRANGER : PASSWORD;
    const loser = winner === STRANGER ? PASSWORD : STRANGER;
    expect(await logIn(username, winner)).toBe(200);
    expect(await logIn(username, loser)).toBe(400);
  });

  it('numbers sign-ups of one address sent at once in turn, without a server error', async () => {
    const username = 'burst@example.org';
    const answers = await Promise.all(
      [PASSWORD, STRANGER, THIRD, PASSWORD].map((p) => signUp(username, p)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const seqs = await t.db
      .selectFrom('pending_sign_ups')
      .innerJoin('accounts', 'accounts.id', 'pending_sign_ups.account_id')
      .select('seq')
      .where('accounts.username', '=', username)
      .orderBy('seq')
      .execute();
    expect(seqs.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4]);
    expect(codesTo(t.mail, username)).toHaveLength(4);
  });
});
