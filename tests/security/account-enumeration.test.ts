/**
 * No account enumeration (ASVS V2.2.x, V3.x; OWASP authentication cheat sheet): login, sign-up,
 * resend-confirm, forgot-password, confirm and reset answer an unknown e-mail address exactly as
 * they answer a confirmed and an unconfirmed account: same status, same body, no cookie. Time is
 * not measured; instead the same password hashing work is shown to be done either way (an unknown
 * login is checked against the decoy hash).
 */
import * as argon2 from '@node-rs/argon2';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decoyPasswordHash } from '../../src/server/identity/secrets';
import {
  createTestApp,
  databases,
  lastCode,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../server/helpers/test-app';
import { noRateLimits, sessionToken } from './helpers/applicants';
import { useSecurityLog } from './helpers/security-log';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});

const log = useSecurityLog();
log.secret('password', PASSWORD);
const WRONG = log.secret('password', 'Wrong-Password-99');
const CONFIRMED = 'confirmed@example.org';
const UNCONFIRMED = 'unconfirmed@example.org';
const UNKNOWN = 'nobody@example.org';
const accounts = { confirmed: CONFIRMED, unconfirmed: UNCONFIRMED, unknown: UNKNOWN };

/** What a caller can see of an answer: status, body and any cookie set. */
const seen = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json() as unknown,
  cookies: response.cookies.map((c) => c.name),
});

describe.each(databases)('account enumeration on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, noRateLimits, undefined, { logger: log.logger });
    log.secret('session token', sessionToken(await signedIn(t, CONFIRMED)));
    await t.call('POST', '/public/signup', { username: UNCONFIRMED, password: PASSWORD });
  });
  afterAll(async () => {
    log.secretsFromMail(t.mail);
    await t?.close();
  });
  beforeEach(() => {
    vi.mocked(argon2.hash).mockClear();
    vi.mocked(argon2.verify).mockClear();
  });

  /** Sends the body to the route for each kind of account; returns what each saw. */
  async function each(route: string, body: (username: string) => object) {
    const answers: Record<string, ReturnType<typeof seen>> = {};
    const work: Record<string, { hash: number; verify: number }> = {};
    for (const [kind, username] of Object.entries(accounts)) {
      vi.mocked(argon2.hash).mockClear();
      vi.mocked(argon2.verify).mockClear();
      answers[kind] = seen(await t.call('POST', route, body(username)));
      work[kind] = {
        hash: vi.mocked(argon2.hash).mock.calls.length,
        verify: vi.mocked(argon2.verify).mock.calls.length,
      };
    }
    return { answers, work };
  }

  const same = <T>(byKind: Record<string, T>) => {
    expect(byKind.unknown).toEqual(byKind.confirmed);
    expect(byKind.unknown).toEqual(byKind.unconfirmed);
  };

  it('login: a wrong password reads the same for every account, after one argon2 check each', async () => {
    const { answers, work } = await each('/public/login', (username) => ({
      username,
      password: WRONG,
    }));
    same(answers);
    expect(answers.unknown).toEqual({
      status: 400,
      body: { message: 'Incorrect username or password.', code: 'INVALID_CREDENTIALS' },
      cookies: [],
    });
    same(work);
    expect(work.unknown).toEqual({ hash: 0, verify: 1 });
  });

  it('login: an unknown account is checked against the decoy hash, an argon2id hash like any', async () => {
    await t.call('POST', '/public/login', { username: UNKNOWN, password: WRONG });
    const [stored, tried] = vi.mocked(argon2.verify).mock.calls[0]!;
    expect(stored).toBe(await decoyPasswordHash);
    expect(tried).toBe(WRONG);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    vi.mocked(argon2.verify).mockClear();
    await t.call('POST', '/public/login', { username: CONFIRMED, password: WRONG });
    const [real] = vi.mocked(argon2.verify).mock.calls[0]!;
    expect(String(real).split('$').slice(0, 4)).toEqual(String(stored).split('$').slice(0, 4));
  });

  it('sign-up: the same answer for a new, a confirmed and an unconfirmed address, one hash each', async () => {
    const { answers, work } = await each('/public/signup', (username) => ({
      username,
      password: PASSWORD,
    }));
    same(answers);
    expect(answers.unknown).toEqual({
      status: 200,
      body: {
        message: 'Check your e-mail for a 6-digit confirmation code to confirm your account.',
      },
      // The browser's sign-up cookie (sign-up-cookie.ts), set for a confirmed address too.
      cookies: ['signup_admissions_identity'],
    });
    same(work);
    expect(work.unknown).toEqual({ hash: 1, verify: 0 });
    // The sign-up made the unknown address an unconfirmed account; forget it for the tests below.
    await t.db.deleteFrom('accounts').where('username', '=', UNKNOWN).execute();
  });

  it('resend-confirm: the same answer whether the account exists or is confirmed', async () => {
    const { answers, work } = await each('/public/resend-confirm', (username) => ({ username }));
    same(answers);
    expect(answers.unknown).toEqual({
      status: 200,
      body: {
        message: 'If that account is waiting for confirmation, we have e-mailed it a new code.',
      },
      cookies: [],
    });
    same(work);
  });

  it('forgot-password: the same answer whether the account exists or is confirmed', async () => {
    const { answers, work } = await each('/public/forgot-password', (username) => ({ username }));
    same(answers);
    expect(answers.unknown).toEqual({
      status: 200,
      body: {
        message:
          'If an account exists for that e-mail address, we have sent it a link to reset your password.',
      },
      cookies: [],
    });
    same(work);
  });

  it('confirm: a wrong code reads the same for every account, confirmed ones included', async () => {
    const wrong = lastCode(t.mail, UNCONFIRMED) === '000000' ? '000001' : '000000';
    const { answers } = await each('/public/confirm', (username) => ({ username, code: wrong }));
    same(answers);
    expect(answers.unknown).toEqual({
      status: 400,
      body: {
        message:
          'That confirmation code is not right or has expired. Ask for a new code and use the one in that e-mail.',
        code: 'CODE_INVALID',
      },
      cookies: [],
    });
  });

  it('confirm: an over-tried code and an expired one read like an unknown address', async () => {
    const wrong = lastCode(t.mail, UNCONFIRMED) === '000000' ? '000001' : '000000';
    for (let i = 0; i < 6; i++)
      await t.call('POST', '/public/confirm', { username: UNCONFIRMED, code: wrong });
    const tried = await t.call('POST', '/public/confirm', { username: UNCONFIRMED, code: wrong });
    const unknown = await t.call('POST', '/public/confirm', { username: UNKNOWN, code: wrong });
    expect(seen(tried)).toEqual(seen(unknown));

    await t.call('POST', '/public/resend-confirm', { username: UNCONFIRMED });
    t.clock.advance(25 * 60 * 60 * 1000);
    const code = lastCode(t.mail, UNCONFIRMED);
    const expired = await t.call('POST', '/public/confirm', { username: UNCONFIRMED, code });
    expect(seen(expired)).toEqual(
      seen(await t.call('POST', '/public/confirm', { username: UNKNOWN, code })),
    );
  });

  it('reset-password: a made-up reset id reads the same for every account', async () => {
    const { answers, work } = await each('/public/reset-password', (username) => ({
      username,
      password: PASSWORD,
      confirm_password: PASSWORD,
      id: 'made-up-reset-id-that-was-never-mailed-to-anyone',
    }));
    same(answers);
    expect(answers.unknown?.status).toBe(400);
    same(work);
  });
});
