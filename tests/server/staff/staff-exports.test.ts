import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { loadFormsRuntime } from '../../../src/server/application/load-forms-runtime';
import { CompiledQuery } from 'kysely';
import { csvCell, submittedBatch } from '../../../src/server/staff/exports';
import { ApplicationService } from '../../../src/server/application/application-service';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { addStaff, type TestStaff } from './staff-helpers';
import { applicant, type SeededApplicant } from './staff-seed';
import { labelOf, optionLabelOf } from '../../helpers/shipped-texts';

const forms = loadFormsRuntime();

describe('csvCell', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${lead}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});

describe.each(databases)('staff exports and analytics ($name)', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let alan: SeededApplicant;
  let grace: SeededApplicant;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin', { email: 'admin@staff.example.edu' });
    await applicant(t, 'nobody@example.com');
    await applicant(t, 'ada@example.com', {
      answers: { first_name: 'Ada' },
      status: 'started',
      lastPage: '/education',
    });
    grace = await applicant(t, 'grace@example.com', {
      answers: { first_name: 'Grace' },
      status: 'validating',
      lastPage: '/final-steps',
      validations: { birth_date: ['Enter your date of birth.'], gender: ['Choose one.'] },
    });
    alan = await applicant(t, 'alan@example.com', {
      answers: {
        first_name: '=HYPERLINK("http://evil.example","click")',
        last_name: 'Turing',
        gender: 'F',
      },
      status: 'validating',
      lastPage: '/final-steps',
      validations: { gender: ['Choose one.'] },
    });
    // A line break in a one-line answer, stored before saves refused one (issue 41): the CSV
    // quotes its cell.
    await t.db
      .updateTable('answers')
      .set({ value: 'Turing, "the" first\nof two lines' })
      .where('account_id', '=', alan.accountId)
      .where('key', '=', 'last_name')
      .execute();
    // An answer to a question since removed from the forms, kept in the frozen submission.
    await t.db
      .insertInto('answers')
      .values({
        account_id: alan.accountId,
        key: 'old_question',
        value: 'kept',
        updated_at: t.clock.now().toISOString(),
      })
      .execute();
    await new ApplicationService(
      t.db,
      new SecretHasher(t.config.sessionSecret),
      t.clock,
    ).submissions.submit(alan.accountId, 'forms-v1', () => ({}));
    await t.db
      .insertInto('document_answers')
      .values({
        account_id: grace.accountId,
        answer_key: 'transcript_file',
        file_name: 'scan.docx',
        file_size: 1000,
        kind: 'docx',
        upload_key: 'uploads/x',
        pdf_key: null,
        conversion_id: 'c1',
        status: 'FAILED',
        message: 'The document could not be converted.',
        created_at: t.clock.now().toISOString(),
        updated_at: t.clock.now().toISOString(),
      })
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  const get = (path: string) => t.call('GET', `/api/staff${path}`, undefined, admin.cookies);

  it('exports submitted applications as CSV with every key, _desc filled, safely quoted', async () => {
    const response = await get('/exports/applications.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="applications.csv"');
    const rows = parse(response.body, { bom: true, columns: true }) as Array<
      Record<string, string>
    >;
    expect(rows).toHaveLength(1);
    const [row] = rows as [Record<string, string>];
    const columns = Object.keys(row);
    expect(columns.slice(0, 4)).toEqual(['account_id', 'email', 'submitted_at', 'forms_version']);
    for (const key of forms.knownKeys) expect(columns).toContain(key);
    expect(row).toMatchObject({
      account_id: alan.accountId,
      email: alan.email,
      submitted_at: t.clock.now().toISOString(),
      forms_version: 'forms-v1',
      first_name: `'=HYPERLINK("http://evil.example","click")`,
      last_name: 'Turing, "the" first\nof two lines',
      gender: 'F',
      gender_desc: optionLabelOf('gender', 'F'),
      old_question: 'kept',
      middle_name: '',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'ip'])
      .where('action', 'like', 'export.%')
      .execute();
    expect(audit).toEqual([
      { actor: 'staff:admin@staff.example.edu', action: 'export.csv', ip: '127.0.0.1' },
    ]);
  });

  it('exports the same as JSON Lines', async () => {
    const response = await get('/exports/applications.jsonl');
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as { answers: Record<string, string> };
    expect(record).toMatchObject({
      account_id: alan.accountId,
      email: alan.email,
      forms_version: 'forms-v1',
      answers: {
        first_name: '=HYPERLINK("http://evil.example","click")',
        gender_desc: optionLabelOf('gender', 'F'),
      },
    });
    expect(record.answers.old_question).toBe('kept');
    for (const key of forms.knownKeys) expect(record.answers).toHaveProperty(key);
  });

  it('computes the analytics from the stored data', async () => {
    const response = await get('/analytics');
    expect(response.statusCode).toBe(200);
    const day = t.clock.now().toISOString().slice(0, 10);
    const firstRoute = [...forms.pages].sort((a, b) => a.step - b.step)[0]!.route;
    expect(response.json()).toEqual({
      // The funnel counts a status once reached: "validating" is ever reached validating.
      funnel: { accounts: 4, confirmed: 4, started: 3, validating: 2, submitted: 1 },
      statusNow: { none: 1, started: 1, validating: 1, submitted: 1 },
      submissionsByDay: [{ day, count: 1 }],
      missedFields: [
        { page: 'about', key: 'gender', label: labelOf('gender'), count: 2 },
        { page: 'about', key: 'birth_date', label: labelOf('birth_date'), count: 1 },
      ],
      // The applicant who never left the first page stopped there: no unnamed bar.
      stoppedAt: [
        { page: firstRoute, count: 1 },
        { page: '/education', count: 1 },
        { page: '/final-steps', count: 1 },
      ],
      failedConversions: [{ reason: 'The document could not be converted.', count: 1 }],
    });
  });

  it('follows a new validation report that replaces the one before', async () => {
    await t.call('POST', '/api/validations', { birth_date: ['Enter it.'] }, grace.cookies);
    const { missedFields } = (await get('/analytics')).json() as {
      missedFields: Array<{ key: string; count: number }>;
    };
    expect(missedFields.map((f) => [f.key, f.count])).toEqual([
      ['birth_date', 1],
      ['gender', 1],
    ]);
  });

  it('counts right when many reports are written at once, in any order of their keys', async () => {
    const many = [];
    for (let i = 0; i < 8; i++) many.push(await applicant(t, `many${i}@example.com`));
    const keys = ['city', 'phone_home', 'middle_name', 'birth_date'];
    const posts = many.flatMap((someone, i) =>
      [0, 1, 2].map((round) => {
        const order = [...keys.slice((i + round) % 4), ...keys.slice(0, (i + round) % 4)];
        const report = Object.fromEntries(order.map((key) => [key, ['Missing.']]));
        return t.call('POST', '/api/validations', report, someone.cookies);
      }),
    );
    expect((await Promise.all(posts)).map((response) => response.statusCode)).toEqual(
      posts.map(() => 200),
    );
    const { missedFields } = (await get('/analytics')).json() as {
      missedFields: Array<{ key: string; count: number }>;
    };
    const counted = Object.fromEntries(missedFields.map((f) => [f.key, f.count]));
    expect(counted).toMatchObject({ city: 8, phone_home: 8, middle_name: 8, birth_date: 9 });
  });

  it('streams many applications in batches, each once', async () => {
    const now = t.clock.now().toISOString();
    const ids = Array.from({ length: 1203 }, (_, i) => `bulk-${String(i).padStart(5, '0')}`);
    for (let i = 0; i < ids.length; i += 200) {
      const batch = ids.slice(i, i + 200);
      await t.db
        .insertInto('accounts')
        .values(
          batch.map((id) => ({
            id,
            username: `${id}@example.com`,
            password_hash: 'x',
            confirmed_at: now,
            last_page: '/final-steps',
            created_at: now,
          })),
        )
        .execute();
      await t.db
        .insertInto('submissions')
        .values(
          batch.map((id) => ({
            account_id: id,
            answers: JSON.stringify({ first_name: id }),
            forms_version: 'forms-v2',
            submitted_at: now,
          })),
        )
        .execute();
    }
    const rows = parse((await get('/exports/applications.csv')).body, {
      bom: true,
      columns: true,
    }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1204);
    expect(new Set(rows.map((r) => r.account_id)).size).toBe(1204);
    expect(rows.find((r) => r.account_id === 'bulk-01202')?.first_name).toBe('bulk-01202');
    const lines = (await get('/exports/applications.jsonl')).body.trimEnd().split('\n');
    expect(lines).toHaveLength(1204);
  });

  it('reads each batch as a range of the submissions index, from where the last one stopped', async () => {
    const batch = submittedBatch(t.db, { at: t.clock.now().toISOString(), id: 'bulk-00600' });
    const { sql: text, parameters } = batch.compile();
    let plan: string;
    if (url) {
      // The planner may sort a small table instead: turned off, only the index can give the order.
      plan = await t.db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        await trx.executeQuery(CompiledQuery.raw('set local enable_sort = off'));
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${text}`, [...parameters]),
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index Scan using submissions_submitted_at on submissions/);
      // The keyset is where the scan starts, not a filter on every row before it.
      expect(plan).toMatch(/Index Cond: \(ROW\(s?\.?submitted_at, s?\.?account_id\) >/);
      expect(plan).not.toMatch(/Sort|Filter/);
    } else {
      const { rows } = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(
        /SEARCH s USING INDEX submissions_submitted_at \(\(submitted_at,account_id\)>\(\?,\?\)\)/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    const rows = await batch.execute();
    expect(rows.map((row) => row.account_id)).toEqual(
      Array.from({ length: 200 }, (_, i) => `bulk-${String(601 + i).padStart(5, '0')}`),
    );
  });
});
