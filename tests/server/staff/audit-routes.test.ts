import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../src/server/staff/audit-log';
import { csvCell } from '../../../src/server/staff/audit-routes';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';

const HOUR_MS = 60 * 60 * 1000;

describe.each(databases)('the audit log on $name', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let audit: AuditLog;
  beforeEach(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin');
    audit = new AuditLog(t.db, t.clock);
  });
  afterEach(async () => {
    await t.close();
  });

  /** Three days of records, one an hour, by two actors about two applicants. */
  async function seed(): Promise<void> {
    for (let hour = 0; hour < 72; hour++) {
      await audit.record({
        actor: hour % 2 ? 'staff:reader@x.edu' : 'link:cli',
        action: hour % 3 ? 'application.read' : 'application.packet',
        subject: hour % 4 ? 'ada@example.org' : 'eve@example.org',
        detail: { hour },
        ip: '10.0.0.1',
      });
      t.clock.advance(HOUR_MS);
    }
    // Staff sessions end after 15 idle minutes: sign in again after the days that passed.
    admin = await addStaff(t, 'admin');
  }

  const get = (query: string) =>
    t.call('GET', `/api/staff/audit${query}`, undefined, admin.cookies);

  it('pages the log newest first, and filters it by actor, action, subject and dates', async () => {
    const start = t.clock.now().toISOString().slice(0, 10); // 2026-01-15, from 12:00
    await seed();
    const all = (await get('')).json();
    expect(all.total).toBe(72);
    expect(all.page).toBe(1);
    expect(all.pageSize).toBe(50);
    expect(all.rows).toHaveLength(50);
    expect(all.rows[0]).toMatchObject({
      actor: 'staff:reader@x.edu',
      action: 'application.read',
      subject: 'ada@example.org',
      detail: { hour: 71 },
      ip: '10.0.0.1',
    });
    // The first page view wrote its own record, now the newest: the oldest 23 are on page 2.
    const second = (await get('?page=2&pageSize=50')).json();
    expect(second.total).toBe(73);
    expect(second.rows.map((r: { detail: { hour: number } }) => r.detail.hour)).toEqual(
      Array.from({ length: 23 }, (_, i) => 22 - i),
    );

    const hours = async (query: string) => {
      const body = (await get(`${query}&pageSize=200`)).json();
      expect(body.total).toBe(body.rows.length);
      return body.rows
        .map((r: { detail: { hour: number } }) => r.detail.hour)
        .sort((a: number, b: number) => a - b);
    };
    const range = (predicate: (hour: number) => boolean) =>
      Array.from({ length: 72 }, (_, h) => h).filter(predicate);
    expect(await hours('?actor=link:cli')).toEqual(range((h) => h % 2 === 0));
    expect(await hours('?action=application.packet')).toEqual(range((h) => h % 3 === 0));
    expect(await hours('?subject=EVE@example.org')).toEqual(range((h) => h % 4 === 0));
    expect(await hours(`?from=${start}&to=${start}`)).toEqual(range((h) => h < 12));
    expect(await hours('?from=2026-01-16&to=2026-01-16')).toEqual(range((h) => h >= 12 && h < 36));
    expect(await hours('?from=2026-01-17&actor=link:cli&action=application.read')).toEqual(
      range((h) => h >= 36 && h % 2 === 0 && h % 3 !== 0),
    );
    expect((await get('?to=2026-01-14')).json()).toMatchObject({ total: 0, rows: [] });
  });

  it('refuses bad filters with a message, never a 500', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-02-30', 'The request is not valid: "from" must be a date as YYYY-MM-DD.'],
      [
        '?from=2026-01-20&to=2026-01-10',
        'The "from" date (2026-01-20) must not be after the "to" date (2026-01-10).',
      ],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    for (const query of [
      '?page=0',
      '?page=x',
      '?pageSize=-1',
      '?to=yesterday',
      `?actor=${'a'.repeat(400)}`,
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
    expect((await get('?pageSize=1000')).json().pageSize).toBe(200);
  });

  it('exports the filtered log as CSV, safe to open in a spreadsheet, and audits the export', async () => {
    await seed();
    await audit.record({
      actor: 'staff:a@x.edu',
      action: 'application.read',
      subject: '=HYPERLINK("http://evil","x")@example.org',
      detail: { note: '+1, "quoted"\nline' },
      ip: '@10.0.0.2',
    });
    const response = await t.call(
      'GET',
      '/api/staff/audit.csv?action=application.read&from=2026-01-15',
      undefined,
      admin.cookies,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('at,who,action,subject,name,detail,ip,actor,action_code,detail_json');
    // 48 of the 72 seeded are reads, and the one above: oldest first, then the blank after the last \r\n.
    expect(lines).toHaveLength(1 + 48 + 1 + 1);
    // In words first (who, action, detail as a sentence), then the codes for a program.
    expect(lines[1]).toBe(
      `"2026-01-15T13:00:00.000Z","reader@x.edu","Read an application","ada@example.org","","Read the application","10.0.0.1","staff:reader@x.edu","application.read","{""hour"":1}"`,
    );
    expect(lines[49]).toBe(
      `"2026-01-18T12:00:00.000Z","a@x.edu","Read an application","'=hyperlink(""http://evil"",""x"")@example.org","","Read the application","'@10.0.0.2","staff:a@x.edu","application.read","{""note"":""+1, \\""quoted\\""\\nline""}"`,
    );
    const exports = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'audit.export')
      .execute();
    expect(exports).toHaveLength(1);
    expect(exports[0]).toMatchObject({ actor: `staff:${admin.email}`, subject: null });
    expect(JSON.parse(exports[0]!.detail)).toEqual({
      filters: { action: 'application.read', from: '2026-01-15' },
    });
  });

  it('has no HEAD for audited reads: a HEAD would write a record and send nothing', async () => {
    const response = await t.call('HEAD', '/api/staff/audit.csv', undefined, admin.cookies);
    expect(response.statusCode).toBe(404);
    const exports = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'audit.export')
      .execute();
    expect(exports).toEqual([]);
  });

  it('streams a log larger than one batch, every row once, in order', async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      id: `row-${String(i).padStart(5, '0')}`,
      // Several rows share each second, so the paging must order by id within a time too.
      at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 1000).toISOString(),
      actor: 'link:cli',
      action: 'application.read',
      subject: null,
      detail: '{}',
      ip: '10.0.0.1',
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.db
        .insertInto('audit_log')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const response = await t.call(
      'GET',
      '/api/staff/audit.csv?actor=link:cli',
      undefined,
      admin.cookies,
    );
    const lines = response.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(1234);
    expect(lines.map((line) => line.split(',')[0])).toEqual(rows.map((row) => `"${row.at}"`));
  });

  it('refuses to update or delete audit rows in the database itself', async () => {
    await audit.record({ actor: 'link:cli', action: 'application.read', ip: '10.0.0.1' });
    await expect(
      t.db.updateTable('audit_log').set({ actor: 'someone else' }).execute(),
    ).rejects.toThrow(/audit_log is append-only: (UPDATE|update) is not allowed/);
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(
      /audit_log is append-only: (DELETE|delete) is not allowed/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const rows = await t.db.selectFrom('audit_log').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor).toBe('link:cli');
  });
});

describe('the audit log in the code', () => {
  it('is never updated or deleted by anything in src/', () => {
    const root = path.resolve(__dirname, '../../../src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(ts|tsx)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(50);
    // The one reviewed rewrite: migration 0018 replaced the e-mails of rows written before it with
    // subject ids (issue 41), lifting the triggers inside its own transaction.
    const rewrites = new Set([path.join('server', 'db', 'migrations', '0018-audit-subjects.ts')]);
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const patterns = [
        /(updateTable|deleteFrom)\(\s*['"]audit_log['"]/,
        /\b(update|delete\s+from|truncate(\s+table)?)\s+["`]?audit_log\b/i,
        /\bdrop\s+(table|trigger)\s+(if\s+exists\s+)?["`]?audit_log/i,
      ];
      if (patterns.some((pattern) => pattern.test(text)) && !rewrites.has(file)) {
        offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('quotes every CSV cell and defuses formulas', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    expect(csvCell('a=1')).toBe('"a=1"');
  });
});
