import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cookieJar,
  createTestApp,
  databases,
  lastCode,
  lastResetId,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../helpers/test-app';
import { ruleMessage } from '../../helpers/shipped-texts';

const USER = 'ada@example.org';

describe.each(databases)('public routes on $name', ({ url }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(url);
  });
  afterEach(async () => {
    await t.close();
  });

  describe('POST /public/signup', () => {
    it('creates an account and e-mails a 6-digit code', async () => {
      const response = await t.call('POST', '/public/signup', {
        username: USER,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Check your e-mail for a 6-digit confirmation code to confirm your account.',
      });
      expect(lastCode(t.mail, USER)).toMatch(/^\d{6}$/);
    });

    it('refuses an invalid e-mail address with the spec message', async () => {
      const response = await t.call('POST', '/public/signup', {
        username: 'ada',
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: ruleMessage('username', { schema: 'signup' }),
        code: 'BAD_REQUEST',
        errors: { username: [ruleMessage('username', { schema: 'signup' })] },
      });
    });

    it('refuses a weak password, naming every unmet requirement', async () => {
      const response = await t.call('POST', '/public/signup', {
        username: USER,
        password: 'short1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.password).toEqual([
        'is at least 12 characters',
        'contains at least one uppercase letter',
        'contains at least one special character',
      ]);
      expect(response.json().message).toBe(
        'Your password must meet every requirement. Not yet met: is at least 12 characters; contains at least one uppercase letter; contains at least one special character.',
      );
      expect(t.mail).toHaveLength(0);
    });

    it('answers an existing confirmed e-mail exactly like a new one, and tells its owner', async () => {
      await signedIn(t, USER);
      const before = t.mail.length;
      const again = await t.call('POST', '/public/signup', { username: USER, password: PASSWORD });
      const fresh = await t.call('POST', '/public/signup', {
        username: 'new@example.org',
        password: PASSWORD,
      });
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.json()).toEqual(fresh.json());
      expect(t.mail[before]?.subject).toMatch(/already have/);
    });
  });

  describe('POST /public/confirm', () => {
    beforeEach(async () => {
      await t.call('POST', '/public/signup', { username: USER, password: PASSWORD });
    });

    it('confirms with the mailed code', async () => {
      const response = await t.call('POST', '/public/confirm', {
        username: USER,
        code: lastCode(t.mail, USER),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Your account is confirmed. You can now log in.',
      });
    });

    it('refuses a wrong code', async () => {
      const wrong = lastCode(t.mail, USER) === '000000' ? '111111' : '000000';
      const response = await t.call('POST', '/public/confirm', { username: USER, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CODE_INVALID');
    });

    it('refuses a code that is not 6 digits with the spec message', async () => {
      const response = await t.call('POST', '/public/confirm', { username: USER, code: '12345' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ruleMessage('code', { schema: 'confirm' }));
    });

    it('refuses an expired code after 24 hours', async () => {
      t.clock.advance(24 * 60 * 60 * 1000);
      const response = await t.call('POST', '/public/confirm', {
        username: USER,
        code: lastCode(t.mail, USER),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CODE_INVALID');
    });

    it('stops accepting even the right code after five wrong attempts', async () => {
      const code = lastCode(t.mail, USER);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        await t.call('POST', '/public/confirm', { username: USER, code: wrong });
      const response = await t.call('POST', '/public/confirm', { username: USER, code });
      expect(response.json().code).toBe('CODE_INVALID');
    });

    it('replaces the old code when a new one is sent', async () => {
      const old = lastCode(t.mail, USER);
      const resend = await t.call('POST', '/public/resend-confirm', { username: USER });
      expect(resend.statusCode).toBe(200);
      const fresh = lastCode(t.mail, USER);
      if (old !== fresh) {
        const stale = await t.call('POST', '/public/confirm', { username: USER, code: old });
        expect(stale.statusCode).toBe(400);
      }
      const response = await t.call('POST', '/public/confirm', { username: USER, code: fresh });
      expect(response.statusCode).toBe(200);
    });

    it('answers a resend for an unknown account like any other', async () => {
      const known = await t.call('POST', '/public/resend-confirm', { username: USER });
      const unknown = await t.call('POST', '/public/resend-confirm', {
        username: 'nobody@example.org',
      });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
    });

    it('refuses a resend to an invalid address with the spec message', async () => {
      const response = await t.call('POST', '/public/resend-confirm', { username: 'nope' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ruleMessage('username', { schema: 'resend-confirm' }));
    });
  });

  describe('POST /public/login', () => {
    it('gives an unknown user and a wrong password the same answer', async () => {
      await signedIn(t, USER);
      const wrong = await t.call('POST', '/public/login', {
        username: USER,
        password: 'Wrong-Horse-42',
      });
      const unknown = await t.call('POST', '/public/login', {
        username: 'who@example.org',
        password: PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().message).toBe('Incorrect username or password.');
    });

    it('tells an unconfirmed account to confirm', async () => {
      await t.call('POST', '/public/signup', { username: USER, password: PASSWORD });
      const response = await t.call('POST', '/public/login', {
        username: USER,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('USER_NOT_CONFIRMED');
    });

    it('requires a valid e-mail and a password with the login messages', async () => {
      const response = await t.call('POST', '/public/login', { username: 'x', password: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        username: [ruleMessage('username', { schema: 'login' })],
        password: [ruleMessage('password', { schema: 'login' })],
      });
    });

    it('sets an HttpOnly Lax session cookie and a readable marker with the identity prefix', async () => {
      await signedIn(t, USER);
      const response = await t.call('POST', '/public/login', {
        username: USER,
        password: PASSWORD,
      });
      const session = response.cookies.find((c) => c.name === 'admissions_identity.session');
      const marker = response.cookies.find((c) => c.name === 'admissions_identity.marker');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.secure).toBeFalsy();
      expect(marker?.httpOnly).toBeFalsy();
      expect(marker?.value).toBe('1');
    });

    it('marks cookies Secure when the public URL is https', async () => {
      const secure = await createTestApp('', { PUBLIC_URL: 'https://apply.example.edu' });
      try {
        await signedIn(secure, USER);
        const response = await secure.call('POST', '/public/login', {
          username: USER,
          password: PASSWORD,
        });
        // The session, its marker, the device cookie (login-limits.test.ts) and the account's
        // language (language-routes.test.ts).
        expect(response.cookies.map((c) => c.name).sort()).toEqual([
          'admissions_identity.marker',
          'admissions_identity.session',
          'device_admissions_identity',
          'lang',
        ]);
        expect(response.cookies.every((c) => c.secure)).toBe(true);
      } finally {
        await secure.close();
      }
    });

    it('issues a new token at every login and records each login', async () => {
      const first = await signedIn(t, USER);
      const second = cookieJar(
        await t.call('POST', '/public/login', { username: USER, password: PASSWORD }),
      );
      expect(second['admissions_identity.session']).not.toBe(first['admissions_identity.session']);
      const profile = await t.call('GET', '/api/profile', undefined, second);
      expect(profile.json().successful_login).toHaveLength(2);
    });
  });

  describe('sessions', () => {
    it('expire after 15 idle minutes, clearing both cookies', async () => {
      const cookies = await signedIn(t, USER);
      t.clock.advance(15 * 60 * 1000);
      const response = await t.call('GET', '/api/profile', undefined, cookies);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(
        'Your session is invalid. Please clear your cookies and login again.',
      );
      const cleared = response.cookies.filter((c) => c.value === '');
      expect(cleared.map((c) => c.name).sort()).toEqual([
        'admissions_identity.marker',
        'admissions_identity.session',
      ]);
    });

    it('stay alive while the applicant is active', async () => {
      const cookies = await signedIn(t, USER);
      for (let i = 0; i < 4; i++) {
        t.clock.advance(10 * 60 * 1000);
        expect((await t.call('GET', '/api/profile', undefined, cookies)).statusCode).toBe(200);
      }
    });

    it('end after 12 hours however active', async () => {
      const cookies = await signedIn(t, USER);
      for (let i = 0; i < 12 * 6; i++) {
        t.clock.advance(10 * 60 * 1000);
        await t.call('GET', '/api/profile', undefined, cookies);
      }
      expect((await t.call('GET', '/api/profile', undefined, cookies)).statusCode).toBe(401);
    });

    it('end at logout', async () => {
      const cookies = await signedIn(t, USER);
      const logout = await t.call('GET', '/api/logout', undefined, cookies);
      expect(logout.statusCode).toBe(200);
      expect((await t.call('GET', '/api/profile', undefined, cookies)).statusCode).toBe(401);
    });

    it('give the profile of SPEC §7', async () => {
      const cookies = await signedIn(t, USER);
      const profile = await t.call('GET', '/api/profile', undefined, cookies);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toEqual({
        answer: {},
        document_answer: {},
        username: USER,
        language: 'en',
        last_page: '',
        successful_login: [t.clock.now().toISOString()],
        web_status: [],
      });
    });
  });

  describe('password reset', () => {
    it('e-mails a single-use link that sets a new password and ends every session', async () => {
      const cookies = await signedIn(t, USER);
      expect((await t.call('POST', '/public/forgot-password', { username: USER })).statusCode).toBe(
        200,
      );
      const id = lastResetId(t.mail, USER);
      const body = {
        username: USER,
        id,
        password: 'New-Battery-Staple-7',
        confirm_password: 'New-Battery-Staple-7',
      };
      const reset = await t.call('POST', '/public/reset-password', body);
      expect(reset.statusCode).toBe(200);
      expect((await t.call('GET', '/api/profile', undefined, cookies)).statusCode).toBe(401);
      const login = await t.call('POST', '/public/login', {
        username: USER,
        password: 'New-Battery-Staple-7',
      });
      expect(login.statusCode).toBe(200);
      const reused = await t.call('POST', '/public/reset-password', body);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('RESET_INVALID');
    });

    it('refuses a link older than an hour', async () => {
      await signedIn(t, USER);
      await t.call('POST', '/public/forgot-password', { username: USER });
      t.clock.advance(60 * 60 * 1000);
      const response = await t.call('POST', '/public/reset-password', {
        username: USER,
        id: lastResetId(t.mail, USER),
        password: 'New-Battery-Staple-7',
        confirm_password: 'New-Battery-Staple-7',
      });
      expect(response.json().code).toBe('RESET_INVALID');
    });

    it('refuses a link used with another username', async () => {
      await signedIn(t, USER);
      await signedIn(t, 'eve@example.org');
      await t.call('POST', '/public/forgot-password', { username: USER });
      const response = await t.call('POST', '/public/reset-password', {
        username: 'eve@example.org',
        id: lastResetId(t.mail, USER),
        password: 'New-Battery-Staple-7',
        confirm_password: 'New-Battery-Staple-7',
      });
      expect(response.json().code).toBe('RESET_INVALID');
    });

    it('requires matching passwords', async () => {
      const response = await t.call('POST', '/public/reset-password', {
        username: USER,
        id: 'x',
        password: 'New-Battery-Staple-7',
        confirm_password: 'New-Battery-Staple-8',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        confirm_password: [ruleMessage('confirm_password', { schema: 'reset-password' })],
      });
    });

    it('answers an unknown e-mail exactly like a known one and mails nothing', async () => {
      await signedIn(t, USER);
      const before = t.mail.length;
      const known = await t.call('POST', '/public/forgot-password', { username: USER });
      const unknown = await t.call('POST', '/public/forgot-password', {
        username: 'who@example.org',
      });
      expect(unknown.json()).toEqual(known.json());
      expect(t.mail.length).toBe(before + 1);
    });
  });
});
