/**
 * The audit log a registrar can hand to a FERPA reviewer (issue 44): actions in words, details as
 * sentences, who and subject searched by any part of a name or address, a link's reads naming the
 * applicant and who issued the link, and an Action filter listing every action that appears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../src/server/staff/audit-log';
import { actionText, actionWords, detailText } from '../../../src/server/staff/audit-words';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';
import { applicant, type SeededApplicant } from './staff-seed';

describe('audit words', () => {
  it('words every action and writes details as sentences', () => {
    expect(actionText('application.read')).toBe('Read an application');
    expect(actionText('staff.sign-in')).toBe('Signed in');
    expect(actionText('staff.password-change')).toBe('Changed their password');
    expect(actionText('some.new-thing')).toBe('some.new-thing');
    expect(detailText('export.csv', { formsVersion: 'v1', applications: 1204 })).toBe(
      'Exported 1,204 submitted applications as CSV',
    );
    expect(detailText('export.csv', { applications: 1 })).toBe(
      'Exported 1 submitted application as CSV',
    );
    expect(detailText('staff.role-change', { email: 'a@x.edu', from: 'reader', to: 'admin' })).toBe(
      'Changed the role of a@x.edu from reader to admin',
    );
    expect(detailText('staff.sign-in', { method: 'oidc', refused: 'unknown member' })).toBe(
      'Sign-in refused with single sign-on: unknown member',
    );
    expect(detailText('other.thing', { hour: 3 })).toBe('other.thing (hour: 3)');
  });
});

describe.each(databases)('the audit log in words ($name)', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let maria: SeededApplicant;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin', { email: 'registrar.jones@staff.example.edu' });
    maria = await applicant(t, 'mgl@example.com', {
      answers: { first_name: 'María', last_name: 'García-López' },
    });
    await applicant(t, 'other@example.com', { answers: { first_name: 'Otto' } });
    const link = await t.call(
      'POST',
      '/api/staff/links',
      { accountId: maria.accountId },
      admin.cookies,
    );
    expect(link.statusCode, link.body).toBe(201);
    const token = new URL(link.json().url).searchParams.get('service_token')!;
    const read = await t.call('GET', `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`);
    expect(read.statusCode, read.body).toBe(200);
    await new AuditLog(t.db, t.clock).record({
      actor: 'staff:officer@staff.example.edu',
      action: 'staff.password-change',
      ip: '10.0.0.9',
    });
    await new AuditLog(t.db, t.clock).record({
      actor: 'staff:officer@staff.example.edu',
      action: 'application.read',
      subject: 'other@example.com',
      ip: '10.0.0.9',
    });
  }, 60_000);
  afterAll(() => t.close());

  interface Row {
    actor: string;
    action: string;
    subject: string | null;
    actorText: string;
    actionText: string;
    subjectName: string | null;
    detailText: string;
  }
  const rows = async (query: string) => {
    const response = await t.call('GET', `/api/staff/audit${query}`, undefined, admin.cookies);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { rows: Row[] }).rows;
  };

  it('names the applicant and who issued the link of a read through a service link', async () => {
    const [read] = await rows('?action=application.read&actor=link');
    expect(read).toMatchObject({
      action: 'application.read',
      subject: maria.email,
      actorText: 'A service link issued by registrar.jones@staff.example.edu',
      actionText: 'Read an application',
      subjectName: 'María García-López',
      detailText: 'Read the application',
    });
  });

  it('finds who by any part of an address, and the issuer of a link that read', async () => {
    const officer = await rows('?actor=OFFICER');
    expect(new Set(officer.map((row) => row.actor))).toEqual(
      new Set(['staff:officer@staff.example.edu']),
    );
    const byIssuer = await rows('?actor=jones&action=application.read');
    expect(byIssuer.map((row) => row.subject)).toEqual([maria.email]);
  });

  it('finds the subject by any part of the name or address, accents aside', async () => {
    for (const subject of ['garcia lopez', 'María', 'mgl@', 'LOPEZ maria']) {
      const found = await rows(`?subject=${encodeURIComponent(subject)}`);
      expect(found.length, subject).toBeGreaterThan(0);
      expect(new Set(found.map((row) => row.subject)), subject).toEqual(new Set([maria.email]));
    }
    expect(await rows('?subject=nobody')).toEqual([]);
  });

  it('lists every action that appears for the Action filter, in words', async () => {
    const response = await t.call('GET', '/api/staff/audit/actions', undefined, admin.cookies);
    expect(response.statusCode).toBe(200);
    const { actions } = response.json() as { actions: Array<{ action: string; text: string }> };
    expect(actions).toContainEqual({
      action: 'staff.password-change',
      text: 'Changed their password',
    });
    for (const action of Object.keys(actionWords)) {
      expect(actions.map((a) => a.action)).toContain(action);
    }
  });

  it('writes the CSV export in the same words', async () => {
    const response = await t.call(
      'GET',
      '/api/staff/audit.csv?action=staff.password-change',
      undefined,
      admin.cookies,
    );
    expect(response.statusCode).toBe(200);
    const [, line] = response.body.split('\r\n');
    expect(line).toContain('"officer@staff.example.edu","Changed their password"');
  });
});
