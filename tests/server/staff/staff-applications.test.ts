import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEmails } from '../../../src/server/staff/audit-subjects';
import { errorCatalogue } from '../../../src/server/errors';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { ServiceTokens } from '../../../src/server/identity/service-tokens';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { PDFDocument } from 'pdf-lib';
import { readPdf } from '../helpers/pdf-text';
import { addStaff, type TestStaff } from './staff-helpers';
import { applicant, type SeededApplicant } from './staff-seed';
import { pageTitle, sectionTitle } from '../../helpers/shipped-texts';

describe.each(databases)('staff applications ($name)', ({ url }) => {
  let t: TestApp;
  let reader: TestStaff;
  let admin: TestStaff;
  let nobody: SeededApplicant;
  let ada: SeededApplicant;
  let grace: SeededApplicant;
  let alan: SeededApplicant;

  beforeAll(async () => {
    t = await createTestApp(url);
    reader = await addStaff(t, 'reader', { email: 'reader@staff.example.edu' });
    admin = await addStaff(t, 'admin', { email: 'admin@staff.example.edu' });
    nobody = await applicant(t, 'nobody@example.com');
    ada = await applicant(t, 'ada@example.com', {
      answers: { first_name: 'Ada', last_name: 'Lovelace' },
      status: 'started',
      lastPage: '/education',
    });
    grace = await applicant(t, 'grace@example.com', {
      answers: { first_name: 'Grace', last_name: 'Hopper' },
      status: 'validating',
      lastPage: '/final-steps',
    });
    alan = await applicant(t, 'alan@example.com', {
      answers: { first_name: 'Alan', last_name: 'Turing' },
      status: 'validating',
      lastPage: '/final-steps',
      submit: true,
    });
  }, 60_000);
  afterAll(() => t.close());

  const list = async (query: string, who: TestStaff = reader) => {
    const response = await t.call('GET', `/api/staff/applications${query}`, undefined, who.cookies);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      counts: Record<string, number>;
      total: number;
      rows: Array<Record<string, unknown>>;
    };
  };
  const emails = (page: { rows: Array<Record<string, unknown>> }) =>
    page.rows.map((row) => row.email);

  it('lists every account with its status, name, last page and counts by status', async () => {
    const page = await list('');
    expect(page.counts).toEqual({ all: 4, none: 1, started: 1, validating: 1, submitted: 1 });
    expect(page.total).toBe(4);
    // Newest activity first by default.
    expect(emails(page)).toEqual([alan.email, grace.email, ada.email, nobody.email]);
    expect(page.rows[0]).toEqual({
      accountId: alan.accountId,
      email: 'alan@example.com',
      name: 'Alan Turing',
      status: 'submitted',
      lastPage: '/final-steps',
      lastActivityAt: expect.any(String),
      submittedAt: expect.any(String),
      documents: 0,
    });
    expect(page.rows[3]).toMatchObject({ name: '', status: 'none', submittedAt: null });
  });

  it('sorts by each column, both ways', async () => {
    expect(emails(await list('?sort=name&order=asc'))).toEqual([
      nobody.email,
      ada.email,
      alan.email,
      grace.email,
    ]);
    expect(emails(await list('?sort=email&order=desc'))).toEqual([
      nobody.email,
      grace.email,
      alan.email,
      ada.email,
    ]);
    expect(emails(await list('?sort=status&order=desc'))).toEqual([
      alan.email,
      grace.email,
      ada.email,
      nobody.email,
    ]);
    expect(emails(await list('?sort=submittedAt&order=desc')).slice(0, 1)).toEqual([alan.email]);
  });

  it('filters by status and submitted date, searches name or e-mail, pages', async () => {
    const validating = await list('?status=validating');
    expect(emails(validating)).toEqual([grace.email]);
    expect(validating.total).toBe(1);
    expect(validating.counts.all).toBe(4);

    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const range = await list(`?submittedFrom=${day}&submittedTo=${day}`);
    expect(emails(range)).toEqual([alan.email]);
    expect(range.counts).toEqual({ all: 1, none: 0, started: 0, validating: 0, submitted: 1 });
    expect(emails(await list('?submittedTo=2020-01-01'))).toEqual([]);

    expect(emails(await list('?q=HOPPER'))).toEqual([grace.email]);
    expect(emails(await list('?q=ada%40exa'))).toEqual([ada.email]);
    // Words start words: "ove" is inside "lovelace" but starts none of Ada's words.
    expect(emails(await list('?q=ove'))).toEqual([]);
    expect((await list('?q=lovelace')).counts).toEqual({
      all: 1,
      none: 0,
      started: 1,
      validating: 0,
      submitted: 0,
    });

    const second = await list('?sort=email&order=asc&pageSize=2&page=2');
    expect(emails(second)).toEqual([grace.email, nobody.email]);
    expect(second.total).toBe(4);
    expect(emails(await list('?pageSize=2&page=3'))).toEqual([]);
  });

  it('refuses bad query parameters with a 400 that says what is wrong', async () => {
    for (const query of [
      '?sort=password',
      '?order=up',
      '?page=0',
      '?page=two',
      '?pageSize=1000',
      '?status=deleted',
      '?submittedFrom=2026-13-01',
      // PostgreSQL refuses NUL in text: it is refused before it reaches the database.
      '?q=ada%00',
    ]) {
      const response = await t.call(
        'GET',
        `/api/staff/applications${query}`,
        undefined,
        reader.cookies,
      );
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^The request is not valid: .+/),
      });
    }
  });

  it('answers a reversed date range with the catalogue message', async () => {
    const response = await t.call(
      'GET',
      '/api/staff/applications?submittedFrom=2026-02-01&submittedTo=2026-01-01',
      undefined,
      reader.cookies,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: errorCatalogue.STAFF_DATES_REVERSED.message,
    });
  });

  it('keeps the summary right as the applicant goes on and when the account is erased', async () => {
    t.clock.advance(60_000);
    await t.call('PUT', '/api/answer', { last_name: 'Byron' }, ada.cookies);
    const [row] = (await list('?q=ada%40')).rows;
    expect(row).toMatchObject({ name: 'Ada Byron', lastActivityAt: t.clock.now().toISOString() });
    await t.call('PUT', '/api/answer', { last_name: 'Lovelace' }, ada.cookies);

    const gone = await applicant(t, 'gone@example.com', { answers: { first_name: 'Gone' } });
    expect((await list('')).counts.all).toBe(5);
    await t.db.deleteFrom('accounts').where('id', '=', gone.accountId).execute();
    expect((await list('')).counts.all).toBe(4);
  });

  it('shows one application as the service link does, and audits the read', async () => {
    const response = await t.call(
      'GET',
      `/api/staff/applications/${alan.accountId}`,
      undefined,
      reader.cookies,
    );
    expect(response.statusCode).toBe(200);
    const tokens = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock);
    const link = await t.app.inject({
      method: 'GET',
      url: `/service/tmp-pdf?service_token=${tokens.issue(alan.accountId)}`,
    });
    expect(response.json()).toEqual({
      email: alan.email,
      name: 'Alan Turing',
      status: 'submitted',
      submittedAt: expect.any(String),
      formsVersion: 'forms-v1',
      language: 'en',
      view: link.json(),
    });
    const audit = await withEmails(
      t.db,
      await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'application.read')
        .execute(),
    );
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'staff:reader@staff.example.edu',
        subject: alan.email,
        detail: '{}',
        ip: '127.0.0.1',
      }),
      // The service link's read above is audited too (staff-admin), under the link.
      expect.objectContaining({ actor: 'link:cli', subject: alan.email }),
    ]);
  });

  it('answers 404 for an unknown application or document, 409 for a packet not submitted', async () => {
    const get = (path: string) =>
      t.call('GET', `/api/staff/applications/${path}`, undefined, reader.cookies);
    expect((await get('no-such-account')).json().code).toBe('APPLICATION_NOT_FOUND');
    expect((await get(`${ada.accountId}/documents/transcript_file`)).statusCode).toBe(404);
    const packet = await get(`${ada.accountId}/packet.pdf`);
    expect(packet.statusCode).toBe(409);
    expect(packet.json().code).toBe('PACKET_NOT_READY');
    expect((await get(`${ada.accountId}/documents/..%2Fx`)).statusCode).toBe(400);
  });

  it('serves the frozen packet once built, and audits it', async () => {
    const get = () =>
      t.call(
        'GET',
        `/api/staff/applications/${alan.accountId}/packet.pdf`,
        undefined,
        reader.cookies,
      );
    const first = await get();
    expect(first.statusCode).toBe(409);
    await t.jobs.runUntilIdle();
    const packet = await get();
    expect(packet.statusCode).toBe(200);
    expect(packet.headers['content-type']).toBe('application/pdf');
    const reading = await readPdf(new Uint8Array(packet.rawPayload));
    expect(reading.text).toContain('Alan Turing');
    expect(reading.outline).toEqual([
      pageTitle('about'),
      pageTitle('education'),
      pageTitle('final-steps'),
    ]);
    // Each page's bookmark holds its sections' (the About page's first is the name).
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(packet.rawPayload) }).promise;
    const [about] = (await doc.getOutline()) ?? [];
    expect(about?.items.length).toBeGreaterThan(0);
    expect(about?.items[0]?.title).toBe(sectionTitle('about', 'name-and-birth'));
    const audit = await withEmails(
      t.db,
      await t.db
        .selectFrom('audit_log')
        .select(['actor', 'subject'])
        .where('action', '=', 'application.packet')
        .execute(),
    );
    expect(audit).toEqual([{ actor: 'staff:reader@staff.example.edu', subject: alan.email }]);
  }, 60_000);

  it('serves a converted document, and audits it', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const key = `converted/${ada.accountId}/transcript.pdf`;
    await t.documents.blobs.put(key, await pdf.save(), 'application/pdf');
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto('document_answers')
      .values({
        account_id: ada.accountId,
        answer_key: 'transcript_file',
        file_name: 'transcript.pdf',
        file_size: 1000,
        kind: 'pdf',
        upload_key: 'uploads/x',
        pdf_key: key,
        conversion_id: 'c1',
        status: 'COMPLETED',
        message: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const response = await t.call(
      'GET',
      `/api/staff/applications/${ada.accountId}/documents/transcript_file`,
      undefined,
      reader.cookies,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = (await list('?q=ada%40')).rows;
    expect(row?.documents).toBe(1);
    const audit = await withEmails(
      t.db,
      await t.db
        .selectFrom('audit_log')
        .select(['actor', 'subject', 'detail'])
        .where('action', '=', 'application.document')
        .execute(),
    );
    // About her by subject id (shown as her e-mail), never by account id (issue 41).
    expect(audit).toEqual([
      {
        actor: 'staff:reader@staff.example.edu',
        subject: ada.email,
        detail: JSON.stringify({ key: 'transcript_file' }),
      },
    ]);
  });

  it('lets a reader read but not export or see analytics; nobody without a session', async () => {
    for (const path of ['/exports/applications.csv', '/exports/applications.jsonl', '/analytics']) {
      const response = await t.call('GET', `/api/staff${path}`, undefined, reader.cookies);
      expect(response.statusCode, path).toBe(403);
      expect((await t.call('GET', `/api/staff${path}`, undefined, admin.cookies)).statusCode).toBe(
        200,
      );
    }
    expect((await t.call('GET', '/api/staff/applications')).statusCode).toBe(401);
    expect(
      (await t.call('GET', '/api/staff/applications', undefined, ada.cookies)).statusCode,
    ).toBe(401);
  });
});
