/**
 * Issue 41, point 8, on SQLite and PostgreSQL: a pending sign-up expires with its code, and the
 * purge removes it with its password hash, then the account never confirmed once no pending
 * sign-up of it remains.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../../src/server/ops/purge';
import {
  createTestApp,
  databases,
  lastCode,
  lastResetId,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../helpers/test-app';

const HOUR = 3600_000;
const OTHER = 'Another-Choice-31';

describe.each(databases)('the purge of sign-ups on $name', ({ url }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(url);
  });
  afterEach(async () => t?.close());

  const purge = () =>
    purgeExpired({
      db: t.db,
      blobs: t.documents.blobs,
      clock: t.clock,
      dataDir: t.dataDir,
      retention: t.config.retention,
    });
  const signUp = (username: string, password: string) =>
    t.call('POST', '/public/signup', { username, password });
  const usernames = async () =>
    (await t.db.selectFrom('accounts').select('username').orderBy('username').execute()).map(
      (row) => row.username,
    );
  const pendingRows = async () =>
    await t.db.selectFrom('pending_sign_ups').select(['account_id', 'password_hash']).execute();

  it('removes expired sign-ups with their passwords, then the accounts never confirmed', async () => {
    await signedIn(t, 'kept@example.org');
    await signUp('expired@example.org', PASSWORD);
    await signUp('expired@example.org', OTHER);
    t.clock.advance(12 * HOUR);
    await signUp('later@example.org', PASSWORD);

    // Nothing has expired yet: the purge removes no sign-up and no account.
    expect(await purge()).toMatchObject({ pendingSignUps: 0, unconfirmedAccounts: 0 });
    expect(await pendingRows()).toHaveLength(3);

    // The first two codes expire a day after their sign-ups; the later one is still live.
    t.clock.advance(12 * HOUR + 1);
    expect(await purge()).toMatchObject({ pendingSignUps: 2, unconfirmedAccounts: 1 });
    expect(await usernames()).toEqual(['kept@example.org', 'later@example.org']);
    const left = await pendingRows();
    expect(left).toHaveLength(1);
    expect(left[0]!.password_hash).toMatch(/^\$argon2id\$/);

    // The later one's code expires too: its account goes, the confirmed one stays.
    t.clock.advance(12 * HOUR);
    expect(await purge()).toMatchObject({ pendingSignUps: 1, unconfirmedAccounts: 1 });
    expect(await usernames()).toEqual(['kept@example.org']);
    expect(await pendingRows()).toHaveLength(0);
    const login = await t.call('POST', '/public/login', {
      username: 'kept@example.org',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets no expired code confirm, purged or not, and a new sign-up starts afresh', async () => {
    const username = 'late@example.org';
    await signUp(username, OTHER);
    const stale = lastCode(t.mail, username);
    t.clock.advance(24 * HOUR);
    expect((await t.call('POST', '/public/confirm', { username, code: stale })).statusCode).toBe(
      400,
    );
    // Nothing to renew: a resend mails no code, and answers as ever.
    const mailed = t.mail.length;
    const resend = await t.call('POST', '/public/resend-confirm', { username });
    expect(resend.statusCode).toBe(200);
    expect(t.mail.length).toBe(mailed);

    await purge();
    expect(await usernames()).toEqual([]);
    await signUp(username, PASSWORD);
    const code = lastCode(t.mail, username);
    expect((await t.call('POST', '/public/confirm', { username, code })).statusCode).toBe(200);
    const login = (password: string) => t.call('POST', '/public/login', { username, password });
    expect((await login(PASSWORD)).statusCode).toBe(200);
    expect((await login(OTHER)).statusCode).toBe(400);
  });

  it('keeps an unconfirmed account while any of its sign-ups is live, and a resend extends it', async () => {
    const username = 'waiting@example.org';
    await signUp(username, PASSWORD);
    t.clock.advance(20 * HOUR);
    await t.call('POST', '/public/resend-confirm', { username });
    const renewed = lastCode(t.mail, username);
    t.clock.advance(20 * HOUR);
    expect(await purge()).toMatchObject({ pendingSignUps: 0, unconfirmedAccounts: 0 });
    expect(await usernames()).toEqual([username]);
    expect((await t.call('POST', '/public/confirm', { username, code: renewed })).statusCode).toBe(
      200,
    );
  });

  it('ends the pending sign-ups of an address confirmed through a password reset', async () => {
    const username = 'reset@example.org';
    await signUp(username, OTHER);
    const pendingCode = lastCode(t.mail, username);
    await t.call('POST', '/public/forgot-password', { username });
    const reset = await t.call('POST', '/public/reset-password', {
      username,
      id: lastResetId(t.mail, username),
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(await pendingRows()).toHaveLength(0);
    expect(
      (await t.call('POST', '/public/confirm', { username, code: pendingCode })).statusCode,
    ).toBe(400);
    const login = (password: string) => t.call('POST', '/public/login', { username, password });
    expect((await login(PASSWORD)).statusCode).toBe(200);
    expect((await login(OTHER)).statusCode).toBe(400);
  });
});
