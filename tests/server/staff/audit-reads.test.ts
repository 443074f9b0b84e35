import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSummaries } from '../../../src/server/application/summary-upkeep';
import { AuditLog } from '../../../src/server/staff/audit-log';
import { createTestApp, databases, insertAccounts, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';

interface Recorded {
  actor: string;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
}

// Every read of personal data is audited (issue 41, F9): one record per page view, not per row.
describe.each(databases)('reads of personal data on $name', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  beforeEach(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin');
    await insertAccounts(t, ['ada', 'bob', 'cy']);
    await flushSummaries(t.db);
  });
  afterEach(async () => {
    await t.close();
  });

  const get = async (read: string) => {
    const response = await t.call('GET', read, undefined, admin.cookies);
    expect(response.statusCode, read).toBe(200);
    return response.json();
  };

  /** The audit rows as written, in order. */
  async function recorded(): Promise<Recorded[]> {
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    }));
  }

  it('records each page of the applications list, one row for many applicants', async () => {
    const page = await get('/api/staff/applications?status=started&pageSize=2&page=1');
    expect(await recorded()).toEqual([
      {
        actor: `staff:${admin.email}`,
        action: 'applications.list',
        subject: null,
        detail: { filters: { status: 'started' }, page: 1, shown: page.rows.length },
      },
    ]);
    await get('/api/staff/applications');
    expect((await recorded()).map((row) => row.action)).toEqual([
      'applications.list',
      'applications.list',
    ]);
  });

  it('records a search without the words searched for, which may be a name or an e-mail', async () => {
    const page = await get('/api/staff/applications?q=ada%40example.org&sort=email');
    expect(page.rows.map((row: { email: string }) => row.email)).toEqual(['ada@example.org']);
    const rows = await recorded();
    expect(rows).toEqual([
      {
        actor: `staff:${admin.email}`,
        action: 'applications.search',
        subject: null,
        detail: { filters: { sort: 'email' }, page: 1, shown: 1 },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('ada');
  });

  it('records a view of the analytics', async () => {
    await get('/api/staff/analytics');
    const rows = await recorded();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: `staff:${admin.email}`,
      action: 'analytics.view',
      subject: null,
    });
  });

  it('records each page view of the audit log, a subject filter by its id, never the e-mail', async () => {
    const audit = new AuditLog(t.db, t.clock);
    await audit.record({
      actor: 'link:cli',
      action: 'application.read',
      subject: 'ada@example.org',
      ip: '10.0.0.1',
    });
    t.clock.advance(1000); // The rows are read back in time order.
    const page = await get('/api/staff/audit?subject=ADA@example.org&action=application.read');
    // Shown with her e-mail while she is held, and the page does not list its own record.
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0].subject).toBe('ada@example.org');
    const rows = await recorded();
    const subject = rows[0]!.subject;
    expect(subject).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1]).toEqual({
      actor: `staff:${admin.email}`,
      action: 'audit.view',
      subject: null,
      detail: { filters: { action: 'application.read', subject }, page: 1, shown: 1 },
    });
    expect(JSON.stringify(rows)).not.toContain('ada@');
    await get('/api/staff/audit?page=1');
    expect((await recorded()).filter((row) => row.action === 'audit.view')).toHaveLength(2);
    // An address the audit does not know matches nothing, and is not recorded either.
    const unknown = await get('/api/staff/audit?subject=nobody@example.org');
    expect(unknown.rows).toEqual([]);
    expect(JSON.stringify(await recorded())).not.toContain('nobody');
  });
});
