/**
 * Staff sign-in with a password and a TOTP code (issue 17): the TOTP set-up shown once and
 * confirmed by the first right code, codes computed here by otpauth as an authenticator app
 * would, a used code refused, a new cookie at each step, and the rate limits per IP and e-mail.
 */
import { TOTP, URI } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cookieJar,
  createTestApp,
  databases,
  fixtureForms,
  type TestApp,
} from '../helpers/test-app';
import type { StaffLoginResponse, TotpSetup } from '../../../src/contract/staff-identity';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { loadSite } from '../../../src/server/site';
import { AuditLog } from '../../../src/server/staff/audit-log';
import { StaffMembers } from '../../../src/server/staff/staff-members';
import { StaffSessions } from '../../../src/server/staff/staff-sessions';
import { addMember, authenticator, signInWithTotp, STAFF_PASSWORD } from './staff-members-helpers';

const STEP = 30_000;

describe.each(databases)('staff password and TOTP sign-in ($name)', ({ url }) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('sets up TOTP at the first sign-in, confirmed by the first right code, and only once', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await addMember(t, 'Ada@Staff.example.edu', 'admin');

    const login = await t.call('POST', '/api/staff/login', {
      email: 'ada@staff.example.edu',
      password: STAFF_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<StaffLoginResponse>()).toEqual({ next: 'totp-setup' });
    const half = cookieJar(login);
    const cookie = login.cookies.find((c) => c.name === 'admissions_identity.staff');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    // Half-way is not signed in: nothing but the TOTP step answers.
    const early = await t.call('GET', '/api/staff/me', undefined, half);
    expect(early.statusCode).toBe(401);
    expect(early.json().code).toBe('STAFF_UNAUTHORIZED');

    const setup = await t.call('GET', '/api/staff/totp/setup', undefined, half);
    expect(setup.statusCode).toBe(200);
    const { otpauthUri, qrSvg, secret } = setup.json<TotpSetup>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = URI.parse(otpauthUri) as TOTP;
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.label).toBe('ada@staff.example.edu');
    expect(parsed.issuer).toBe(`${loadSite().university.name} staff`);
    expect(qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"[\s\S]*<\/svg>\s*$/);

    // A reload of the set-up page shows the QR code already scanned, not a new one.
    const again = await t.call('GET', '/api/staff/totp/setup', undefined, half);
    expect(again.json().secret).toBe(secret);

    // Sealed at rest: the table holds neither the base32 secret nor its bytes in clear.
    const row = await t.db
      .selectFrom('staff')
      .select(['totp_secret', 'totp_confirmed_at'])
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_confirmed_at).toBeNull();

    const app = authenticator(secret);
    const now = t.clock.now().getTime();
    const wrongCode = String((Number(app.generate({ timestamp: now })) + 1) % 1e6).padStart(6, '0');
    const wrong = await t.call('POST', '/api/staff/totp', { code: wrongCode }, half);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'STAFF_TOTP_INVALID',
      message:
        'That code is not right or was already used. Enter the 6-digit code your authenticator app shows now.',
    });

    // As an app shows it, with a space in the middle.
    const code = app.generate({ timestamp: now });
    const done = await t.call(
      'POST',
      '/api/staff/totp',
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      half,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: 'ada@staff.example.edu', role: 'admin' });
    const full = cookieJar(done);
    expect(full['admissions_identity.staff']).not.toBe(half['admissions_identity.staff']);

    // The half-way cookie died with the step; the new one is signed in.
    expect((await t.call('GET', '/api/staff/me', undefined, half)).statusCode).toBe(401);
    const me = await t.call('GET', '/api/staff/me', undefined, full);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ email: 'ada@staff.example.edu', role: 'admin' });

    const confirmed = await t.db
      .selectFrom('staff')
      .select('totp_confirmed_at')
      .executeTakeFirstOrThrow();
    expect(confirmed.totp_confirmed_at).toBe(t.clock.now().toISOString());

    // The next sign-in asks for a code, and the set-up is never shown again.
    t.clock.advance(STEP);
    const next = await t.call('POST', '/api/staff/login', {
      email: 'ada@staff.example.edu',
      password: STAFF_PASSWORD,
    });
    expect(next.json()).toEqual({ next: 'totp' });
    const refused = await t.call('GET', '/api/staff/totp/setup', undefined, cookieJar(next));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('STAFF_TOTP_SET_UP');
    const code2 = app.generate({ timestamp: t.clock.now().getTime() });
    const second = await t.call('POST', '/api/staff/totp', { code: code2 }, cookieJar(next));
    expect(second.statusCode).toBe(200);

    const signIns = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('action', '=', 'staff.sign-in')
      .execute();
    expect(signIns).toEqual([
      {
        actor: 'staff:ada@staff.example.edu',
        action: 'staff.sign-in',
        detail: '{"method":"password+totp","refused":"wrong or used code"}',
      },
      {
        actor: 'staff:ada@staff.example.edu',
        action: 'staff.sign-in',
        detail: '{"method":"password+totp"}',
      },
      {
        actor: 'staff:ada@staff.example.edu',
        action: 'staff.sign-in',
        detail: '{"method":"password+totp"}',
      },
    ]);
  });

  it('refuses a code already used, within its window and after a newer one', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await addMember(t, 'grace@staff.example.edu', 'reader');
    const { app } = await signInWithTotp(t, 'grace@staff.example.edu');
    const halfWay = async () =>
      cookieJar(
        await t.call('POST', '/api/staff/login', {
          email: 'grace@staff.example.edu',
          password: STAFF_PASSWORD,
        }),
      );

    // The set-up used the code of this step: the same code again, still in its window, fails.
    const used = app.generate({ timestamp: t.clock.now().getTime() });
    const replay = await t.call('POST', '/api/staff/totp', { code: used }, await halfWay());
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('STAFF_TOTP_INVALID');

    // 10 s later the code is still within its window (one step either side): still refused.
    t.clock.advance(10_000);
    const stillUsed = await t.call('POST', '/api/staff/totp', { code: used }, await halfWay());
    expect(stillUsed.statusCode).toBe(400);

    // Next step's code is good once; the previous step's, still in the window, is then too old.
    t.clock.advance(STEP);
    const now = t.clock.now().getTime();
    const fresh = app.generate({ timestamp: now });
    const older = app.generate({ timestamp: now - STEP });
    expect(older).toBe(used);
    const ok = await t.call('POST', '/api/staff/totp', { code: fresh }, await halfWay());
    expect(ok.statusCode).toBe(200);
    const late = await t.call('POST', '/api/staff/totp', { code: older }, await halfWay());
    expect(late.statusCode).toBe(400);

    // Two requests with one new code at once: exactly one signs in.
    t.clock.advance(STEP);
    const raced = app.generate({ timestamp: t.clock.now().getTime() });
    const [a, b] = [await halfWay(), await halfWay()];
    const results = await Promise.all([
      t.call('POST', '/api/staff/totp', { code: raced }, a),
      t.call('POST', '/api/staff/totp', { code: raced }, b),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    // A code from two steps ago (outside the window) is no code at all.
    t.clock.advance(STEP);
    const stale = app.generate({ timestamp: t.clock.now().getTime() - 2 * STEP });
    const tooOld = await t.call('POST', '/api/staff/totp', { code: stale }, await halfWay());
    expect(tooOld.statusCode).toBe(400);
  });

  it('answers one message for an unknown e-mail and a wrong password, and needs the password step for TOTP', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await addMember(t, 'ada@staff.example.edu', 'admin');
    const expected = {
      code: 'STAFF_CREDENTIALS_INVALID',
      message: 'Incorrect e-mail address or password.',
    };
    const wrong = await t.call('POST', '/api/staff/login', {
      email: 'ada@staff.example.edu',
      password: 'Not-The-Password-1!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(expected);
    expect(wrong.cookies).toEqual([]);
    const unknown = await t.call('POST', '/api/staff/login', {
      email: 'nobody@staff.example.edu',
      password: STAFF_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(expected);
    // Both refusals are in the audit log, the reason there and not in the answer.
    const refusals = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'staff.sign-in')
      .orderBy('actor')
      .execute();
    // An address that is no member's is kept as a keyed hash, never as typed (issue 41, F6).
    expect(refusals).toEqual([
      {
        actor: 'staff:ada@staff.example.edu',
        detail: '{"method":"password","refused":"wrong password"}',
      },
      {
        actor: expect.stringMatching(/^staff:unknown:[\w-]{12}$/),
        detail: '{"method":"password","refused":"not a staff member"}',
      },
    ]);
    expect(JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute())).not.toContain(
      'nobody@staff.example.edu',
    );

    // An applicant's session or none at all reaches neither TOTP step.
    expect((await t.call('GET', '/api/staff/totp/setup')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/staff/totp', { code: '123456' })).statusCode).toBe(401);
    // A signed-in member has no use for the half-way step.
    const { cookies } = await signInWithTotp(t, 'ada@staff.example.edu');
    const late = await t.call('POST', '/api/staff/totp', { code: '123456' }, cookies);
    expect(late.statusCode).toBe(403);

    const bad = await t.call('POST', '/api/staff/login', { email: 'ada@staff.example.edu' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BAD_REQUEST');
  });

  it('limits /login and /totp per e-mail and per IP', async () => {
    t = await createTestApp(
      url,
      { RATE_LIMIT_PER_USERNAME_PER_HOUR: '3', RATE_LIMIT_PER_IP_PER_MINUTE: '5' },
      fixtureForms,
    );
    await addMember(t, 'ada@staff.example.edu', 'admin');
    const attempt = (email: string) =>
      t.call('POST', '/api/staff/login', { email, password: 'Wrong-Password-42!' });
    const perEmail = [];
    for (let i = 0; i < 4; i++) perEmail.push((await attempt('ada@staff.example.edu')).statusCode);
    expect(perEmail).toEqual([400, 400, 400, 429]);
    // The right password does not get past the limit either.
    const right = await t.call('POST', '/api/staff/login', {
      email: 'ada@staff.example.edu',
      password: STAFF_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();

    // From one IP, other addresses: the sixth attempt this minute is refused.
    expect((await attempt('x@staff.example.edu')).statusCode).toBe(429);
    t.clock.advance(60_000);
    expect((await attempt('x@staff.example.edu')).statusCode).toBe(400);

    // An hour on, the address may try again; TOTP codes have their own count per e-mail.
    t.clock.advance(60 * 60_000);
    const login = await t.call('POST', '/api/staff/login', {
      email: 'ada@staff.example.edu',
      password: STAFF_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const half = cookieJar(login);
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t.call('POST', '/api/staff/totp', { code: '000000' }, half)).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('makes a member replace a generated password before the TOTP step, once', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    const sessions = new StaffSessions(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
    const members = new StaffMembers(t.db, t.clock, sessions, new AuditLog(t.db, t.clock));
    const added = await members.add(
      { email: 'lin@staff.example.edu', role: 'reader' },
      { actor: 'staff:ada@staff.example.edu', ip: '127.0.0.1' },
    );
    const temporary = added.temporaryPassword!;
    expect(temporary).toHaveLength(20);
    const login = (password: string) =>
      t.call('POST', '/api/staff/login', { email: 'lin@staff.example.edu', password });

    const first = await login(temporary);
    expect(first.json<StaffLoginResponse>()).toEqual({ next: 'password-change' });
    const half = cookieJar(first);
    // No authenticator before the password is the member's own.
    for (const [method, path, body] of [
      ['GET', '/api/staff/totp/setup', undefined],
      ['POST', '/api/staff/totp', { code: '123456' }],
    ] as const) {
      const early = await t.call(method, path, body, half);
      expect(early.statusCode).toBe(403);
      expect(early.json().code).toBe('STAFF_PASSWORD_CHANGE_REQUIRED');
    }

    const same = await t.call('POST', '/api/staff/password', { password: temporary }, half);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      code: 'STAFF_PASSWORD_UNCHANGED',
      message: 'Choose a password different from the temporary one.',
    });
    const weak = await t.call('POST', '/api/staff/password', { password: 'short' }, half);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(
      /^Your password must meet every requirement\. Not yet met: /,
    );
    expect((await t.call('POST', '/api/staff/password', {}, half)).statusCode).toBe(400);
    // Without the password step, nobody reaches it.
    expect(
      (await t.call('POST', '/api/staff/password', { password: 'Lin-Own-Password-7!' })).statusCode,
    ).toBe(401);

    const changed = await t.call(
      'POST',
      '/api/staff/password',
      { password: 'Lin-Own-Password-7!' },
      half,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ next: 'totp-setup' });
    const again = await t.call('POST', '/api/staff/password', { password: 'Another-One-8?' }, half);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('STAFF_PASSWORD_NOT_TEMPORARY');
    expect((await t.call('GET', '/api/staff/totp/setup', undefined, half)).statusCode).toBe(200);

    // The generated password is gone; the new one leads straight to the TOTP step.
    expect((await login(temporary)).statusCode).toBe(400);
    const next = await login('Lin-Own-Password-7!');
    expect(next.json<StaffLoginResponse>()).toEqual({ next: 'totp-setup' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'staff.password-change')
      .execute();
    expect(audit).toEqual([
      { actor: 'staff:lin@staff.example.edu', action: 'staff.password-change' },
    ]);
  });

  it('never asks a member who chose their own password at the CLI to change it', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await addMember(t, 'ada@staff.example.edu', 'admin');
    const login = await t.call('POST', '/api/staff/login', {
      email: 'ada@staff.example.edu',
      password: STAFF_PASSWORD,
    });
    expect(login.json<StaffLoginResponse>()).toEqual({ next: 'totp-setup' });
    const change = await t.call(
      'POST',
      '/api/staff/password',
      { password: 'Ada-Other-Password-9!' },
      cookieJar(login),
    );
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('STAFF_PASSWORD_NOT_TEMPORARY');
  });
});
