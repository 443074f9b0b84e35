/**
 * The server errors the fuzzing found, each kept as the plain request that caused it: they must
 * stay 4xx answers with a message, on every database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databases,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../server/helpers/test-app';
import { presign } from '../server/helpers/uploads';
import { noRateLimits } from '../security/helpers/applicants';

describe.each(databases)('requests that once answered 500, on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(url, noRateLimits);
    ada = await signedIn(t, 'ada@example.org');
  });
  afterAll(async () => {
    await t?.close();
  });

  const refusedAsBadRequest = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  };

  // PostgreSQL cannot store or compare a NUL character in text: it answered 500.
  it.each([
    ['/public/login', { username: 'a\u0000@example.org', password: PASSWORD }],
    ['/public/signup', { username: 'a\u0000@example.org', password: PASSWORD }],
    ['/public/forgot-password', { username: 'a\u0000@example.org' }],
    ['/public/resend-confirm', { username: '\u0000' }],
    ['/public/confirm', { username: '\u0000', code: '123456' }],
    [
      '/public/reset-password',
      { username: '\u0000', password: PASSWORD, confirm_password: PASSWORD, id: 'x' },
    ],
  ])('refuses a NUL character in %s with 400', async (route, body) => {
    refusedAsBadRequest(await t.call('POST', route, body));
  });

  it('refuses a NUL character in an answer with 400, keeping nothing', async () => {
    refusedAsBadRequest(await t.call('PUT', '/api/answer', { first_name: 'a\u0000b' }, ada));
    refusedAsBadRequest(await t.call('POST', '/public/tmp', { answer: { city: '\u0000' } }));
    const profile = await t.call('GET', '/api/profile', undefined, ada);
    expect(profile.json().answer).toEqual({});
  });

  // The save passes the answers to the database as one JSON text, whose parser on PostgreSQL
  // refused a lone surrogate's escape: it answered 500. It is stored as U+FFFD, as a bound text
  // parameter always stored it.
  it('takes an answer with a lone UTF-16 surrogate, storing it as U+FFFD', async () => {
    const grace = await signedIn(t, 'grace@example.org');
    const saved = await t.call(
      'PUT',
      '/api/answer',
      { last_name: "a\ud800' OR 1=1 --\udc00" },
      grace,
    );
    expect(saved.statusCode).toBe(200);
    expect((await t.call('GET', '/api/profile', undefined, grace)).json().answer).toMatchObject({
      last_name: "a\ufffd' OR 1=1 --\ufffd",
    });
  });

  // Validation reports are read as JSON by the staff's missed-field counts on PostgreSQL, which
  // refuses NUL and lone surrogates: it answered 500.
  it.each([
    [{ prev_name: ['\u0000'] }],
    [{ prev_name: ['a\ud800', '%'] }],
    [{ 'prev\u0000name': ['Enter a name'] }],
  ])('refuses a validation report with NUL or a lone surrogate with 400: %j', async (report) => {
    refusedAsBadRequest(await t.call('POST', '/api/validations', report, ada));
  });

  it('takes a validation report with any other unicode', async () => {
    const report = { prev_name: ['Zoë 👩‍👩‍👧 — enter a name'] };
    expect((await t.call('POST', '/api/validations', report, ada)).statusCode).toBeLessThan(300);
  });

  // Control characters and bidi overrides are refused since issue 41 (hidden-character-answers).
  it('still takes any other unicode in an answer', async () => {
    const value = 'Zoë 👩‍👩‍👧 \u200f ǅ \ufffd';
    expect((await t.call('PUT', '/api/answer', { first_name: value }, ada)).statusCode).toBe(200);
    for (const hidden of ['\u202e', '\u0001']) {
      const refused = await t.call('PUT', '/api/answer', { first_name: value + hidden }, ada);
      expect(refused.statusCode).toBe(400);
    }
    expect((await t.call('GET', '/api/profile', undefined, ada)).json().answer).toEqual({
      first_name: value,
    });
  });

  // The multipart parser threw plain errors for these, which answered 500.
  it.each([
    ['no boundary', 'multipart/form-data', '{}'],
    ['a body that is not a form', 'multipart/form-data; boundary=x', '\u0000'],
    ['a form cut short', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form'],
  ])('refuses an upload with %s with 400', async (_name, contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: { origin: t.config.publicUrl, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The upload form is not valid. Please choose your file again.',
      code: 'UPLOAD_FORM_INVALID',
    });
  });

  it('refuses a signed upload form whose file is cut short with 400, storing nothing', async () => {
    const form = await presign(t, ada);
    const fields = Object.entries(form.fields)
      .map(([n, v]) => `--x\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
      .join('');
    const response = await t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: { origin: t.config.publicUrl, 'content-type': 'multipart/form-data; boundary=x' },
      payload: `${fields}--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('UPLOAD_FORM_INVALID');
    const attach = await t.call(
      'POST',
      '/api/pdf/document-answer/transcript_file',
      { file_key: form.fields.key, file_name: 'a.pdf' },
      ada,
    );
    expect(attach.json().code).toBe('UPLOAD_MISSING');
  });
});
