import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileMessages } from '../../../src/engine/file-rules';
import spanish from '../../../src/server/i18n/messages.es.json';
import { createTestApp, signedIn, type TestApp } from '../helpers/test-app';
import { pdf } from '../helpers/fixtures';
import { multipartBody, postUpload, presign, uploadDocument } from '../helpers/uploads';

const es = spanish as Record<string, string>;

describe('upload refusals and conversion messages in the request’s language', () => {
  let t: TestApp;
  let ana: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp('');
    ana = { ...(await signedIn(t, 'ana@example.org')), lang: 'es' };
  });
  afterEach(() => t.close());

  it('refuses a file name too long in Spanish, beside the question too', async () => {
    const refused = await uploadDocument(t, ana, await pdf(1), `${'n'.repeat(40)}.pdf`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'FILE_REJECTED',
      message: es['file.nameTooLong'],
      errors: { transcript_file: [es['file.nameTooLong']] },
    });
    expect(es['file.nameTooLong']).not.toBe(fileMessages.nameTooLong);
  });

  it('says a conversion’s status in Spanish, though kept in English', async () => {
    const asked = await uploadDocument(t, ana, await pdf(1), 'transcript.pdf');
    expect(asked.json()).toEqual({ status: 'UNPROCESSED', message: es['conversion.unprocessed'] });
    const row = await t.db
      .selectFrom('document_answers')
      .select('message')
      .executeTakeFirstOrThrow();
    expect(row.message).not.toBe(es['conversion.unprocessed']);
    const status = await t.call('GET', '/api/pdf/document-answer/transcript_file', undefined, ana);
    expect(status.json()).toEqual({ status: 'UNPROCESSED', message: es['conversion.unprocessed'] });
  });

  it('refuses an empty file at the store in the upload’s language', async () => {
    const form = await presign(t, ana);
    const { payload, contentType } = multipartBody(form.fields, {
      name: 'empty.pdf',
      bytes: new Uint8Array(),
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: form.url,
      headers: { origin: t.config.publicUrl, 'content-type': contentType, cookie: 'lang=es' },
      payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(es['file.empty']);
    // Without a language, English, as before.
    const english = await postUpload(t, form.url, form.fields, {
      name: 'empty.pdf',
      bytes: new Uint8Array(),
    });
    expect(english.json().message).toBe(fileMessages.empty);
  });
});
