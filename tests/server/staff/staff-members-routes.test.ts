/**
 * Staff sessions as the sign-in makes them (15 minutes idle, 8 hours in all, ended by logout and
 * by removal of the member), and the admins' /members routes: list, add with a temporary password
 * that signs in, remove (never oneself), each audited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  cookieJar,
  createTestApp,
  databases,
  fixtureForms,
  signedIn,
  type TestApp,
} from '../helpers/test-app';
import type {
  AddMemberResponse,
  MembersResponse,
  StaffMe,
} from '../../../src/contract/staff-identity';
import { errorCatalogue } from '../../../src/server/errors';
import { STAFF_ABSOLUTE_MS, STAFF_IDLE_MS } from '../../../src/server/staff/staff-sessions';
import { addStaff } from './staff-helpers';
import { addMember, authenticator, signInWithTotp } from './staff-members-helpers';
import { ruleMessage } from '../../helpers/shipped-texts';

const MINUTE = 60_000;

describe.each(databases)('staff sessions and members ($name)', ({ url }) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const me = (cookies: Record<string, string>) =>
    t.call('GET', '/api/staff/me', undefined, cookies);

  it('ends a session after 15 minutes idle, and any session after 8 hours', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await addMember(t, 'ada@staff.example.edu', 'admin');
    const { cookies: idle, app } = await signInWithTotp(t, 'ada@staff.example.edu');
    expect(STAFF_IDLE_MS).toBe(15 * MINUTE);
    expect(STAFF_ABSOLUTE_MS).toBe(8 * 60 * MINUTE);
    t.clock.advance(14 * MINUTE + 59_000);
    expect((await me(idle)).statusCode).toBe(200);
    t.clock.advance(14 * MINUTE + 59_000);
    expect((await me(idle)).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    const expired = await me(idle);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('STAFF_UNAUTHORIZED');

    // Busy all day: a request every 10 minutes keeps it alive until 8 hours from the sign-in.
    t.clock.advance(MINUTE);
    const { cookies: busy } = await signInWithTotp(t, 'ada@staff.example.edu', app);
    for (let minutes = 10; minutes < 8 * 60; minutes += 10) {
      t.clock.advance(10 * MINUTE);
      expect((await me(busy)).statusCode, `${minutes} minutes in`).toBe(200);
    }
    t.clock.advance(10 * MINUTE);
    expect((await me(busy)).statusCode).toBe(401);
  });

  it('logs out: the cookie is cleared and its session gone', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    const ada = await addStaff(t, 'reader');
    const out = await t.call('POST', '/api/staff/logout', {}, ada.cookies);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect(cookieJar(out)['admissions_identity.staff']).toBe('');
    expect((await me(ada.cookies)).statusCode).toBe(401);
    // Without a session there is nothing to end: still 204.
    expect((await t.call('POST', '/api/staff/logout', {})).statusCode).toBe(204);
  });

  it('lets an admin list, add and remove members; removal ends their sessions at once', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    const admin = await addStaff(t, 'admin', { email: 'admin@staff.example.edu' });

    const added = await t.call(
      'POST',
      '/api/staff/members',
      { email: ' Grace@Staff.example.edu ', role: 'reader' },
      admin.cookies,
    );
    expect(added.statusCode).toBe(201);
    const body = added.json<AddMemberResponse>();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'grace@staff.example.edu',
      role: 'reader',
      temporaryPassword: expect.stringMatching(/^\S{20}$/),
    });

    // The temporary password signs in; the new member chooses their own, then sets up TOTP.
    const login = await t.call('POST', '/api/staff/login', {
      email: 'grace@staff.example.edu',
      password: body.temporaryPassword,
    });
    expect(login.json()).toEqual({ next: 'password-change' });
    const half = cookieJar(login);
    const own = await t.call('POST', '/api/staff/password', { password: 'Grace-Own-42!' }, half);
    expect(own.json()).toEqual({ next: 'totp-setup' });
    const setup = await t.call('GET', '/api/staff/totp/setup', undefined, half);
    const code = authenticator(setup.json().secret).generate({
      timestamp: t.clock.now().getTime(),
    });
    const grace = cookieJar(await t.call('POST', '/api/staff/totp', { code }, half));
    expect((await me(grace)).json<StaffMe>()).toEqual({
      email: 'grace@staff.example.edu',
      role: 'reader',
    });

    const list = await t.call('GET', '/api/staff/members', undefined, admin.cookies);
    expect(list.statusCode).toBe(200);
    expect(list.json<MembersResponse>()).toEqual({
      members: [
        {
          id: admin.id,
          email: 'admin@staff.example.edu',
          role: 'admin',
          createdAt: t.clock.now().toISOString(),
          totp: false,
        },
        {
          id: body.id,
          email: 'grace@staff.example.edu',
          role: 'reader',
          createdAt: t.clock.now().toISOString(),
          totp: true,
        },
      ],
    });

    const twice = await t.call(
      'POST',
      '/api/staff/members',
      { email: 'grace@staff.example.edu', role: 'admin' },
      admin.cookies,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('STAFF_MEMBER_EXISTS');
    const badEmail = await t.call(
      'POST',
      '/api/staff/members',
      { email: 'not an address', role: 'reader' },
      admin.cookies,
    );
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(ruleMessage('username', { schema: 'signup' }));
    // Nothing typed (or only blanks) is answered in the console's words, not the validator's.
    for (const email of ['', '   ']) {
      const empty = await t.call(
        'POST',
        '/api/staff/members',
        { email, role: 'reader' },
        admin.cookies,
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        code: 'BAD_REQUEST',
        message: errorCatalogue.STAFF_EMAIL_MISSING.message,
      });
    }
    const badRole = await t.call(
      'POST',
      '/api/staff/members',
      { email: 'x@staff.example.edu', role: 'owner' },
      admin.cookies,
    );
    expect(badRole.statusCode).toBe(400);

    // A reader manages no one.
    expect((await t.call('GET', '/api/staff/members', undefined, grace)).statusCode).toBe(403);

    const removed = await t.call('DELETE', `/api/staff/members/${body.id}`, {}, admin.cookies);
    expect(removed.statusCode).toBe(204);
    expect((await me(grace)).statusCode).toBe(401);
    expect(
      await t.db
        .selectFrom('staff_sessions')
        .select('staff_id')
        .where('staff_id', '=', body.id)
        .execute(),
    ).toEqual([]);
    const again = await t.call('DELETE', `/api/staff/members/${body.id}`, {}, admin.cookies);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('STAFF_MEMBER_NOT_FOUND');
    const self = await t.call('DELETE', `/api/staff/members/${admin.id}`, {}, admin.cookies);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('STAFF_REMOVE_SELF');

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail', 'ip'])
      .where('action', 'in', ['staff.add', 'staff.remove'])
      .orderBy('action')
      .execute();
    expect(audit).toEqual([
      {
        actor: 'staff:admin@staff.example.edu',
        action: 'staff.add',
        detail: '{"email":"grace@staff.example.edu","role":"reader"}',
        ip: '127.0.0.1',
      },
      {
        actor: 'staff:admin@staff.example.edu',
        action: 'staff.remove',
        detail: '{"email":"grace@staff.example.edu","role":"reader"}',
        ip: '127.0.0.1',
      },
    ]);
  });

  it('keeps applicants out of the staff routes', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    const applicant = await signedIn(t, 'applicant@example.org');
    expect((await me(applicant)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/staff/members', undefined, applicant)).statusCode).toBe(401);
  });
});
