import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import complete from '../../fixtures/answers/complete.json';
import { dialectOf } from '../../../src/server/db/dialect';
import { flushSummaries } from '../../../src/server/application/summary-upkeep';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { png } from '../helpers/fixtures';
import { uploadDocument } from '../helpers/uploads';
import { addStaff, type TestStaff } from './staff-helpers';
import { unzip } from '../../helpers/unzip';

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

/** Tables with a row that mentions `needle` anywhere (any column), with how many. */
async function rowsMentioning(t: TestApp, needle: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of await tablesOf(t)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      t.db,
    );
    const count = rows.rows.filter((row) => JSON.stringify(row).includes(needle)).length;
    if (count > 0) found[table] = count;
  }
  return found;
}

/** Every file of the local blob store, as keys. */
function blobFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'blobs');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Every folder of the local blob store, as paths under it. */
function blobFolders(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'blobs');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The e-mail a subject id of the audit log stands for; undefined once the link is erased. */
async function emailOfSubject(t: TestApp, subject: string | null): Promise<string | undefined> {
  if (subject === null) return undefined;
  const row = await t.db
    .selectFrom('audit_subjects')
    .select('email')
    .where('id', '=', subject)
    .executeTakeFirst();
  return row?.email;
}

/** An applicant with a bit of everything: answers, a converted upload, PDFs, a submission. */
async function applicant(
  t: TestApp,
  email: string,
): Promise<{ cookies: Record<string, string>; id: string }> {
  const cookies = await signedIn(t, email);
  await t.call('PUT', '/api/answer', complete, cookies);
  await t.call(
    'PUT',
    '/api/add-another',
    { button_id: 'activity_interest', num_components: 2 },
    cookies,
  );
  await t.call('PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'upload' }, cookies);
  await t.call(
    'POST',
    '/api/validations',
    { first_name: ['First name missing (fixture).'] },
    cookies,
  );
  await t.call('POST', '/api/web-status', { web_status: 'validating' }, cookies);
  expect((await uploadDocument(t, cookies, png(), 'transcript.png')).statusCode).toBe(200);
  await t.jobs.runUntilIdle();
  await t.call('GET', '/api/pdf', undefined, cookies);
  await t.jobs.runUntilIdle();
  expect((await t.call('POST', '/api/submit', {}, cookies)).statusCode).toBe(200);
  await t.jobs.runUntilIdle();
  const { id } = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', email)
    .executeTakeFirstOrThrow();
  return { cookies, id };
}

// Each applicant of the fixture builds two PDFs and converts an upload: seconds on a busy machine.
describe.each(databases)('applicants’ data requests on $name', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let ada: Record<string, string>;
  let adaId: string;
  let eveId: string;

  beforeEach(async () => {
    t = await createTestApp(url);
    ({ cookies: ada, id: adaId } = await applicant(t, 'ada@example.org'));
    ({ id: eveId } = await applicant(t, 'eve@example.org'));
    admin = await addStaff(t, 'admin');
    const link = await t.call('POST', '/api/staff/links', { accountId: adaId }, admin.cookies);
    expect(link.statusCode).toBe(201);
  }, 60_000);
  afterEach(async () => {
    await t.close();
  });

  const request = (kind: 'export' | 'erase', email: string, confirm = email) =>
    t.call('POST', `/api/staff/data-requests/${kind}`, { email, confirm }, admin.cookies);

  it('exports everything held about one applicant: JSON without secrets, and their files', async () => {
    const response = await request('export', ' Ada@Example.org');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="applicant-ada@example.org.zip"',
    );
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      'applicant.json',
      'application/draft.pdf',
      'application/final.pdf',
      'application/packet.pdf',
      'documents/transcript_file.pdf',
      'uploads/transcript_file/transcript.png',
    ]);
    expect(entries.get('uploads/transcript_file/transcript.png')).toEqual(Buffer.from(png()));
    for (const name of [
      'application/draft.pdf',
      'application/final.pdf',
      'application/packet.pdf',
      'documents/transcript_file.pdf',
    ]) {
      expect(entries.get(name)!.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const text = entries.get('applicant.json')!.toString('utf8');
    const held = JSON.parse(text);
    expect(held.account).toMatchObject({
      id: adaId,
      email: 'ada@example.org',
      lastPage: expect.any(String),
    });
    expect(
      Object.fromEntries(held.answers.map((a: { key: string; value: string }) => [a.key, a.value])),
    ).toEqual({ ...complete, transcript_file: 'ANSWERED' });
    expect(held.submission).toMatchObject({ answers: complete, forms_version: expect.any(String) });
    expect(held.addAnother).toEqual([{ button_id: 'activity_interest', num_components: 2 }]);
    expect(held.tabs).toEqual([{ tab_id: 'transcript', chosen_tab: 'upload' }]);
    expect(held.validationReports).toHaveLength(1);
    expect(held.webStatuses.map((s: { web_status: string }) => s.web_status)).toContain(
      'validating',
    );
    expect(held.documents).toEqual([
      expect.objectContaining({
        answerKey: 'transcript_file',
        fileName: 'transcript.png',
        status: 'COMPLETED',
      }),
    ]);
    expect(held.applicationPdfs.map((p: { kind: string }) => p.kind)).toEqual([
      'draft',
      'final',
      'packet',
    ]);
    expect(held.links).toHaveLength(1);
    expect(held.logins).toHaveLength(1);
    expect(held.audit.map((a: { action: string }) => a.action)).toEqual(['link.issue']);
    // Nothing secret, and nothing of anyone else.
    const hashes = await t.db.selectFrom('accounts').select('password_hash').execute();
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    for (const secret of [
      ...hashes.map((h) => h.password_hash),
      ...sessions.map((s) => s.token_hash),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain(eveId);
    expect(text).not.toContain('eve@example.org');

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'data.export')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: `staff:${admin.email}` });
    // About her by her subject id, which the link table resolves to her e-mail while she is held.
    expect(await emailOfSubject(t, audit[0]!.subject)).toBe('ada@example.org');
    expect(JSON.parse(audit[0]!.detail)).toEqual({ files: 5 });
  }, 60_000);

  it('asks for the e-mail twice, and says when no applicant has it', async () => {
    for (const kind of ['export', 'erase'] as const) {
      const mismatch = await request(kind, 'ada@example.org', 'ada@example.com');
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message:
          'To confirm, type the applicant\'s e-mail address again exactly: "ada@example.com" does not match "ada@example.org".',
      });
      const missing = await t.call(
        'POST',
        `/api/staff/data-requests/${kind}`,
        { email: 'ada@example.org' },
        admin.cookies,
      );
      expect(missing.statusCode).toBe(400);
      const unknown = await request(kind, 'nobody@example.org');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(
        'No applicant has the e-mail address nobody@example.org.',
      );
    }
    expect(await t.db.selectFrom('accounts').select('id').execute()).toHaveLength(2);
  }, 60_000);

  it('erases an applicant: no row and no file of theirs is left, one audit record says so', async () => {
    const before = await rowsMentioning(t, adaId);
    // The fixture reaches every table that holds an applicant's rows.
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'accounts',
        'answers',
        'add_another_counts',
        'chosen_tabs',
        'web_statuses',
        'submissions',
        'validation_reports',
        'document_answers',
        'application_pdfs',
        'upload_grants',
        'sessions',
        'successful_logins',
        'staff_links',
        'jobs',
      ]),
    );
    const adasFiles = blobFiles(t).filter((file) => file.includes(adaId));
    const evesFiles = blobFiles(t).filter((file) => file.includes(eveId));
    // The upload, its PDF, the draft, the final PDF and the staff packet.
    expect(adasFiles.length).toBe(5);
    // The servers' flush (every second) brings notes for the staff summary in and removes them:
    // none is left to vanish between the two looks at Eve's rows. Ada gets one, as an applicant
    // who saved a moment before being erased has, which the erasure must remove with the rest.
    await flushSummaries(t.db);
    const evesRows = await rowsMentioning(t, eveId);
    await t.db
      .insertInto('summary_pending')
      .values({ account_id: adaId, at: t.clock.now().toISOString(), renamed: 1 })
      .execute();
    const answers = await t.db
      .selectFrom('answers')
      .select('key')
      .where('account_id', '=', adaId)
      .execute();
    expect(answers.length).toBeGreaterThan(Object.keys(complete).length - 1);

    const response = await request('erase', 'ada@example.org');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      erased: {
        email: 'ada@example.org',
        documents: 1,
        blobs: 5,
        answers: answers.length,
        sessions: 1,
      },
    });

    // No row names her any more, by e-mail or account id: the audit says that something was
    // done about a subject, no longer whose (the link of her subject id is gone).
    expect(await rowsMentioning(t, adaId)).toEqual({});
    expect(await rowsMentioning(t, 'ada@example.org')).toEqual({});
    const erasures = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'data.erase')
      .execute();
    expect(erasures).toHaveLength(1);
    expect(erasures[0]).toMatchObject({ actor: `staff:${admin.email}` });
    expect(erasures[0]!.subject).toMatch(/^[0-9a-f-]{36}$/);
    expect(await emailOfSubject(t, erasures[0]!.subject)).toBeUndefined();
    // The link's record names the same subject: both still say "one person", no longer who.
    const subjects = await t.db
      .selectFrom('audit_log')
      .select('subject')
      .where('subject', '=', erasures[0]!.subject)
      .execute();
    expect(subjects.length).toBeGreaterThan(1);

    expect(blobFiles(t).filter((file) => file.includes(adaId))).toEqual([]);
    expect(blobFolders(t).filter((folder) => folder.includes(adaId))).toEqual([]);
    // Nobody else lost anything.
    expect(blobFiles(t).filter((file) => file.includes(eveId))).toEqual(evesFiles);
    expect(await rowsMentioning(t, eveId)).toEqual(evesRows);
    // Her session is gone with her account.
    expect((await t.call('GET', '/api/profile', undefined, ada)).statusCode).toBe(401);
  }, 60_000);

  it('removes files left behind when the same e-mail is erased again', async () => {
    // Removing a file fails once, after the rows are gone: the erasure answers the error.
    const blobs = t.documents.blobs;
    const remove = blobs.delete.bind(blobs);
    let failures = 1;
    blobs.delete = async (key) => {
      if (failures-- > 0) throw new Error('disk gone');
      await remove(key);
    };
    expect(blobFiles(t).filter((file) => file.includes(adaId))).toHaveLength(5);
    const first = await request('erase', 'ada@example.org');
    expect(first.statusCode, first.body).toBe(500);
    expect(await rowsMentioning(t, 'ada@example.org')).toEqual({ audit_subjects: 1 });
    const again = await request('erase', 'ada@example.org');
    expect(again.json()).toEqual({
      erased: { email: 'ada@example.org', documents: 0, blobs: 5, answers: 0, sessions: 0 },
    });
    expect(blobFiles(t).filter((file) => file.includes(adaId))).toEqual([]);
    // Finished now: the link is gone, and a third time there is nothing left to find.
    expect(await rowsMentioning(t, 'ada@example.org')).toEqual({});
    expect((await request('erase', 'ada@example.org')).statusCode).toBe(404);
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'data.erase')
        .execute(),
    ).toHaveLength(2);
  }, 60_000);
});

// The CLI opens the database from the environment, as the server does: the SQLite one under DATA_DIR.
describe('npm run applicant', () => {
  let t: TestApp;
  let adaId: string;
  beforeEach(async () => {
    t = await createTestApp('');
    ({ id: adaId } = await applicant(t, 'ada@example.org'));
  }, 60_000);
  afterEach(async () => {
    await t.close();
  });

  it('runs from the shell: npm run applicant -- export|erase, audited as cli:<user>', async () => {
    const run = (args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'scripts/applicant.ts', ...args], {
        env: {
          ...process.env,
          DATA_DIR: t.dataDir,
          PUBLIC_URL: t.config.publicUrl,
          SESSION_SECRET: t.config.sessionSecret,
          DATABASE_URL: '',
        },
      });
    const out = path.join(t.dataDir, 'ada.zip');
    expect((await run(['export', 'ada@example.org', '--out', out])).stdout.trim()).toBe(
      `Wrote ${out}`,
    );
    const entries = await unzip(readFileSync(out));
    expect(entries.get('uploads/transcript_file/transcript.png')).toEqual(Buffer.from(png()));

    await expect(run(['erase', 'ada@example.org'])).rejects.toMatchObject({
      stderr: expect.stringContaining(
        'Erasing cannot be undone: add --yes to erase ada@example.org.',
      ),
    });
    expect(await rowsMentioning(t, adaId)).toHaveProperty('accounts', 1);
    const erased = await run(['erase', 'ada@example.org', '--yes']);
    expect(JSON.parse(erased.stdout)).toMatchObject({
      erased: { email: 'ada@example.org', blobs: 5 },
    });
    // The export's record and the erasure's name her subject id, which nothing links to her now.
    expect(await rowsMentioning(t, adaId)).toEqual({});
    expect(await rowsMentioning(t, 'ada@example.org')).toEqual({});
    expect(blobFiles(t).filter((file) => file.includes(adaId))).toEqual([]);
    await expect(run(['erase', 'nobody@example.org', '--yes'])).rejects.toMatchObject({
      stderr: 'No applicant has the e-mail address nobody@example.org.\n',
    });

    const actors = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', 'in', ['data.export', 'data.erase'])
      .orderBy('at')
      .execute();
    const me = `cli:${os.userInfo().username}`;
    expect(actors).toEqual(
      expect.arrayContaining([
        { actor: me, action: 'data.export' },
        { actor: me, action: 'data.erase' },
      ]),
    );
  }, 60_000);
});
