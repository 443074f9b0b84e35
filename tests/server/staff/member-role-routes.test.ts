/**
 * PUT /api/staff/members/:id/role (issue 44): an administrator changes another member's role,
 * which holds from that member's next call; never their own; audited; a reader cannot.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';
import { addStaff } from './staff-helpers';

describe.each(databases)('changing a staff member’s role ($name)', ({ url }) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('makes a reader an administrator and back, at once, and records each change', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    const admin = await addStaff(t, 'admin', { email: 'admin@staff.example.edu' });
    const grace = await addStaff(t, 'reader', { email: 'grace@staff.example.edu' });
    const role = (id: string, body: unknown, cookies = admin.cookies) =>
      t.call('PUT', `/api/staff/members/${id}/role`, body, cookies);

    // A reader changes no one, not even themselves.
    expect((await role(grace.id, { role: 'admin' }, grace.cookies)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/staff/members', undefined, grace.cookies)).statusCode).toBe(
      403,
    );

    const promoted = await role(grace.id, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      id: grace.id,
      email: 'grace@staff.example.edu',
      role: 'admin',
    });
    // Her session reads the role from her row: the admin screens open on her next call.
    expect((await t.call('GET', '/api/staff/members', undefined, grace.cookies)).statusCode).toBe(
      200,
    );
    expect((await role(grace.id, { role: 'reader' })).json().role).toBe('reader');
    expect((await t.call('GET', '/api/staff/members', undefined, grace.cookies)).statusCode).toBe(
      403,
    );

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('action', '=', 'staff.role-change')
      .execute();
    // Both written at the same instant of the test clock: compared in the order of their detail.
    const rows = audit.map((row) => [row.actor, JSON.parse(row.detail) as unknown]);
    rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(rows).toEqual([
      [
        'staff:admin@staff.example.edu',
        { email: 'grace@staff.example.edu', from: 'admin', to: 'reader' },
      ],
      [
        'staff:admin@staff.example.edu',
        { email: 'grace@staff.example.edu', from: 'reader', to: 'admin' },
      ],
    ]);
  });

  it('refuses one’s own role, an unknown member and a role that does not exist', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    const admin = await addStaff(t, 'admin');
    const self = await t.call(
      'PUT',
      `/api/staff/members/${admin.id}/role`,
      { role: 'reader' },
      admin.cookies,
    );
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('STAFF_ROLE_SELF');
    const unknown = await t.call(
      'PUT',
      '/api/staff/members/00000000-0000-4000-8000-000000000000/role',
      { role: 'reader' },
      admin.cookies,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('STAFF_MEMBER_NOT_FOUND');
    const bad = await t.call(
      'PUT',
      `/api/staff/members/${admin.id}/role`,
      { role: 'owner' },
      admin.cookies,
    );
    expect(bad.statusCode).toBe(400);
  });
});
