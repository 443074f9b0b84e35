import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import complete from '../../fixtures/answers/complete.json';
import { dialectOf } from '../../../src/server/db/dialect';
import { createMailer, outboxOf } from '../../../src/server/mail/mailer';
import { AuditLog } from '../../../src/server/staff/audit-log';
import {
  createTestApp,
  databases,
  insertAccounts,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../helpers/test-app';
import { png } from '../helpers/fixtures';
import { uploadDocument } from '../helpers/uploads';
import { addStaff, type TestStaff } from './staff-helpers';

const ADA = 'ada@example.org';
const EVE = 'eve@example.org';

/** Every table of the test's database (its own schema on PostgreSQL). */
async function tablesOf(t: TestApp): Promise<string[]> {
  const rows =
    dialectOf(t.db) === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
          t.db,
        );
  return rows.rows.map((row) => row.name).sort();
}

/** The tables with a row mentioning `needle` in any column (case folded), and how many rows. */
async function tablesMentioning(t: TestApp, needle: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of await tablesOf(t)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      t.db,
    );
    const count = rows.filter((row) =>
      JSON.stringify(row).toLowerCase().includes(needle.toLowerCase()),
    ).length;
    if (count > 0) found[table] = count;
  }
  return found;
}

/** Every file and folder under `root` (relative paths), with the files' bytes. */
function tree(root: string): Array<{ name: string; bytes?: Buffer }> {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return {
      name: path.relative(root, full),
      ...(entry.isFile() ? { bytes: readFileSync(full) } : {}),
    };
  });
}

/** The entries of `root` whose name or bytes hold any of the needles (case folded). */
function entriesMentioning(root: string, needles: readonly string[]): string[] {
  return tree(root)
    .filter(({ name, bytes }) => {
      const text = `${name}\n${bytes ? bytes.toString('latin1') : ''}`.toLowerCase();
      return needles.some((needle) => text.includes(needle.toLowerCase()));
    })
    .map(({ name }) => name);
}

/** The SQLite database's own files (database, WAL, shared memory) as one run of bytes. */
function sqliteBytes(t: TestApp): Buffer {
  const file = path.join(t.dataDir, 'admissions.sqlite');
  return Buffer.concat(
    [file, `${file}-wal`, `${file}-shm`].filter(existsSync).map((name) => readFileSync(name)),
  );
}

// The whole life of an applicant, then their erasure: afterwards nothing the server keeps (rows,
// files, mail, logs, the database's own files) holds their e-mail (issue 41). Eve stays.
describe.each(databases)('an erasure on $name', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let logs: string;

  beforeEach(async () => {
    logs = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString('utf8');
        done();
      },
    });
    t = await createTestApp(url, {}, undefined, { logger: { level: 'info', stream } });
    admin = await addStaff(t, 'admin');
  });
  afterEach(async () => {
    await t.close();
  });

  /** Signs up, saves answers naming the address, uploads a file, fails a sign-in, asks a reset. */
  async function applicant(email: string): Promise<string> {
    const cookies = await signedIn(t, email);
    await t.call('PUT', '/api/answer', { ...complete, email_address: email }, cookies);
    expect((await uploadDocument(t, cookies, png(), 'transcript.png')).statusCode).toBe(200);
    await t.jobs.runUntilIdle();
    await t.call('POST', '/public/login', { username: email, password: `${PASSWORD}-wrong` });
    await t.call('POST', '/public/forgot-password', { username: email });
    const { id } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', email)
      .executeTakeFirstOrThrow();
    return id;
  }

  it('leaves the e-mail in no table, file, mail, log or database file', async () => {
    const adaId = await applicant(ADA);
    await applicant(EVE);
    // Staff read her: the list, a search, her application, the audit view.
    for (const read of [
      '/api/staff/applications',
      '/api/staff/applications?q=ada',
      `/api/staff/applications/${adaId}`,
      '/api/staff/audit',
    ]) {
      expect((await t.call('GET', read, undefined, admin.cookies)).statusCode, read).toBe(200);
    }
    // The app's mail, written to the outbox by the real mailer as a server with no SMTP writes it.
    const outbox = createMailer({
      smtpUrl: '',
      dataDir: t.dataDir,
      from: 'admissions@example.edu',
      logger: t.app.log,
      logSecrets: false,
    });
    for (const message of t.mail) await outbox.send(message);

    const needles = [ADA, encodeURIComponent(ADA), adaId];
    expect(Object.keys(await tablesMentioning(t, ADA))).toEqual(
      expect.arrayContaining(['accounts', 'answers', 'application_summaries', 'audit_subjects']),
    );
    expect(entriesMentioning(outboxOf(t.dataDir), needles).length).toBeGreaterThan(0);
    expect(entriesMentioning(path.join(t.dataDir, 'blobs'), needles).length).toBeGreaterThan(0);
    if (dialectOf(t.db) === 'sqlite') expect(sqliteBytes(t).includes(ADA)).toBe(true);
    const evesMail = entriesMentioning(outboxOf(t.dataDir), [EVE]);

    const erased = await t.call(
      'POST',
      '/api/staff/data-requests/erase',
      { email: ADA, confirm: ADA },
      admin.cookies,
    );
    expect(erased.statusCode).toBe(200);
    // The audit view after it still shows that she was read, by a subject id, not whose.
    const audit = (await t.call('GET', '/api/staff/audit', undefined, admin.cookies)).json();
    const reads = audit.rows.filter((row: { action: string }) => row.action === 'application.read');
    expect(reads).toHaveLength(1);
    expect(reads[0].subject).toMatch(/^[0-9a-f-]{36}$/);

    for (const needle of needles) {
      expect(await tablesMentioning(t, needle), needle).toEqual({});
    }
    expect(entriesMentioning(path.join(t.dataDir, 'blobs'), needles)).toEqual([]);
    expect(entriesMentioning(outboxOf(t.dataDir), needles)).toEqual([]);
    expect(entriesMentioning(outboxOf(t.dataDir), [EVE])).toEqual(evesMail);
    expect(evesMail.length).toBeGreaterThan(0);
    expect(logs.length).toBeGreaterThan(0);
    // The logs name no applicant by e-mail at all (only a staff read's path has an account id,
    // which names nothing once the account is gone).
    for (const needle of [ADA, encodeURIComponent(ADA)]) {
      expect(logs.toLowerCase()).not.toContain(needle.toLowerCase());
    }
    if (dialectOf(t.db) === 'sqlite') {
      const bytes = sqliteBytes(t);
      for (const needle of needles) expect(bytes.includes(needle), needle).toBe(false);
      // Eve's rows are all there, in the same files: the search would have found her.
      expect(bytes.includes(EVE)).toBe(true);
    }
  }, 120_000);

  it('unlinks an address whose account went otherwise (a purged sign-up), then knows it no more', async () => {
    await insertAccounts(t, ['sam']);
    await new AuditLog(t.db, t.clock).record({
      actor: `staff:${admin.email}`,
      action: 'application.read',
      subject: 'sam@example.org',
      ip: '10.0.0.1',
    });
    // As the purge of never-confirmed accounts removes it.
    await t.db.deleteFrom('accounts').where('id', '=', 'sam').execute();
    expect(await tablesMentioning(t, 'sam@example.org')).toEqual({ audit_subjects: 1 });

    const erase = () =>
      t.call(
        'POST',
        '/api/staff/data-requests/erase',
        { email: 'sam@example.org', confirm: 'sam@example.org' },
        admin.cookies,
      );
    const erased = await erase();
    expect(erased.statusCode).toBe(200);
    expect(erased.json().erased).toMatchObject({ email: 'sam@example.org', blobs: 0 });
    expect(await tablesMentioning(t, 'sam@example.org')).toEqual({});
    const actions = await t.db.selectFrom('audit_log').select('action').execute();
    expect(actions.map((row) => row.action).sort()).toEqual(['application.read', 'data.erase']);
    expect((await erase()).statusCode).toBe(404);
  });
});
