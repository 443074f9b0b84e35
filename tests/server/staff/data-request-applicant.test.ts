/**
 * The erase dialog's data (issue 44): GET /api/staff/data-requests/applicant names whose an address
 * is before anything goes (name, status, submission time, documents), answers an unknown address
 * at once, and is audited as a read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../src/server/errors';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';
import { applicant, type SeededApplicant } from './staff-seed';

describe.each(databases)('the erase dialog’s applicant ($name)', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let reader: TestStaff;
  let maria: SeededApplicant;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin', { email: 'admin@staff.example.edu' });
    reader = await addStaff(t, 'reader');
    maria = await applicant(t, 'maria@example.com', {
      answers: { first_name: 'María', last_name: 'García-López' },
      status: 'validating',
      submit: true,
    });
    const at = t.clock.now().toISOString();
    for (const key of ['transcript_file', 'essay_file']) {
      await t.db
        .insertInto('document_answers')
        .values({
          account_id: maria.accountId,
          answer_key: key,
          file_name: `${key}.pdf`,
          file_size: 1000,
          kind: 'pdf',
          upload_key: `uploads/${maria.accountId}/${key}`,
          pdf_key: null,
          conversion_id: `${maria.accountId}-${key}`,
          status: 'COMPLETED',
          message: '',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }, 60_000);
  afterAll(() => t.close());

  const lookup = (email: string, who: TestStaff = admin) =>
    t.call(
      'GET',
      `/api/staff/data-requests/applicant?email=${encodeURIComponent(email)}`,
      undefined,
      who.cookies,
    );

  it('names the applicant, their status, submission and documents, and audits the read', async () => {
    const response = await lookup('  Maria@Example.com ');
    expect(response.statusCode, response.body).toBe(200);
    const submitted = await t.db
      .selectFrom('submissions')
      .select('submitted_at')
      .where('account_id', '=', maria.accountId)
      .executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      email: 'maria@example.com',
      name: 'María García-López',
      status: 'submitted',
      submittedAt: submitted.submitted_at,
      documents: 2,
    });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'data.lookup')
      .execute();
    expect(audited).toEqual([{ actor: 'staff:admin@staff.example.edu', action: 'data.lookup' }]);
  });

  it('answers an unknown address at once with a 404 and the catalogue message', async () => {
    const response = await lookup('nobody@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: errorCatalogue.APPLICANT_EMAIL_UNKNOWN.message.replace('%s', 'nobody@example.com'),
    });
  });

  it('is for admins only, and refuses a missing address with a 400', async () => {
    expect((await lookup('maria@example.com', reader)).statusCode).toBe(403);
    const missing = await t.call(
      'GET',
      '/api/staff/data-requests/applicant',
      undefined,
      admin.cookies,
    );
    expect(missing.statusCode).toBe(400);
  });
});
