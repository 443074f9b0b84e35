import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import complete from '../../fixtures/answers/complete.json';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { corruptPdf, docx, elfProgram, encryptedPdf, jpeg, pdf, png } from '../helpers/fixtures';
import { readPdf } from '../helpers/pdf-text';
import { postUpload, presign, uploadDocument } from '../helpers/uploads';

const KEY = 'transcript_file';

describe.each(databases)('documents of an applicant on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(url);
    ada = await signedIn(t, 'ada@example.org');
  });
  afterEach(async () => {
    await t.close();
  });

  const status = async (cookies = ada) =>
    (await t.call('GET', `/api/pdf/document-answer/${KEY}`, undefined, cookies)).json();
  const documentAnswers = async (cookies = ada) =>
    (await t.call('GET', '/api/document-answer', undefined, cookies)).json();
  const profile = async (cookies = ada) =>
    (await t.call('GET', '/api/profile', undefined, cookies)).json();
  const row = () => t.db.selectFrom('document_answers').selectAll().executeTakeFirst();
  const blobExists = async (key: string | null | undefined) =>
    Boolean(key && (await t.documents.blobs.get(key)));

  it('converts an uploaded file: UNPROCESSED, then COMPLETED, the answer ANSWERED', async () => {
    expect(await status()).toEqual({ status: 'NOT_ANSWERED', message: '' });
    const requested = await uploadDocument(t, ada, png(), 'transcript.png');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({
      status: 'UNPROCESSED',
      message: 'Your file is waiting to be converted to PDF.',
    });
    expect(await status()).toEqual(requested.json());
    expect(await documentAnswers()).toEqual({
      transcript_file: { file_name: 'transcript.png', file_size: png().length },
    });

    expect(await t.jobs.runUntilIdle()).toEqual(['done']);
    expect(await status()).toEqual({
      status: 'COMPLETED',
      message: 'Your file was converted to PDF.',
    });
    const me = await profile();
    expect(me.answer.transcript_file).toBe('ANSWERED');
    expect(me.document_answer).toEqual(await documentAnswers());
    const converted = await t.documents.documents.convertedPdf((await row())!.account_id, KEY);
    expect((await readPdf(converted!)).pages).toBe(1);
  });

  it('converts a JPEG, a PDF and a Word document too', async () => {
    for (const [bytes, name, pages] of [
      [jpeg(6), 'photo.jpg', 1],
      [await pdf(2), 'grades.pdf', 2],
      [await docx(['Grades: A, A, B']), 'grades.docx', 1],
    ] as const) {
      expect((await uploadDocument(t, ada, bytes, name)).statusCode).toBe(200);
      await t.jobs.runUntilIdle();
      expect((await status()).status).toBe('COMPLETED');
      const stored = await row();
      const converted = await t.documents.blobs.get(stored!.pdf_key!);
      expect((await readPdf(converted!)).pages).toBe(pages);
    }
    // Each conversion runs in worker threads (and the PDF through Ghostscript): seconds each on a busy CI.
  }, 60_000);

  it('tells a PDF named .png by its content, and converts it as a PDF', async () => {
    await uploadDocument(t, ada, await pdf(2), 'renamed.png');
    expect((await row())?.kind).toBe('pdf');
    await t.jobs.runUntilIdle();
    expect((await status()).status).toBe('COMPLETED');
    expect((await readPdf((await t.documents.blobs.get((await row())!.pdf_key!))!)).pages).toBe(2);
  });

  it('refuses a program named .pdf that reached the store (as through S3), deleting it', async () => {
    const form = await presign(t, ada);
    await t.documents.blobs.put(form.fields.key!, elfProgram(), 'application/pdf');
    const response = await t.call(
      'POST',
      `/api/pdf/document-answer/${KEY}`,
      { file_key: form.fields.key, file_name: 'transcript.pdf' },
      ada,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "The file's content is not a PNG, JPEG, PDF or DOCX file.",
      code: 'FILE_REJECTED',
      errors: { transcript_file: ["The file's content is not a PNG, JPEG, PDF or DOCX file."] },
    });
    expect(await blobExists(form.fields.key)).toBe(false);
    expect(await status()).toEqual({ status: 'NOT_ANSWERED', message: '' });
  });

  it('checks the file name: 32 characters with the extension, and one of the five types', async () => {
    const name32 = `${'n'.repeat(28)}.pdf`;
    expect((await uploadDocument(t, ada, await pdf(1), name32)).statusCode).toBe(200);
    const long = await uploadDocument(t, ada, await pdf(1), `n${name32}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(
      'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
    );
    const exe = await uploadDocument(t, ada, await pdf(1), 'transcript.exe');
    expect(exe.json().message).toBe(
      'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
    );
    expect((await documentAnswers()).transcript_file.file_name).toBe(name32);
  });

  it('keeps only the name of a file sent with a path, and stores nothing by it', async () => {
    const response = await uploadDocument(t, ada, await pdf(1), '../../../etc/passwd.pdf');
    expect(response.statusCode).toBe(200);
    expect((await documentAnswers()).transcript_file.file_name).toBe('passwd.pdf');
    expect((await row())?.upload_key).toMatch(/^uploads\/[0-9a-f-]{36}\/transcript_file\/[\w-]+$/);
  });

  it('converts only a file the applicant was issued a form for, for this question', async () => {
    const eve = await signedIn(t, 'eve@example.org');
    const evesForm = await presign(t, eve);
    await postUpload(t, evesForm.url, evesForm.fields, { name: 'e.png', bytes: png() });
    for (const fileKey of [
      evesForm.fields.key,
      'uploads/made-up/transcript_file/abc',
      '../../etc/passwd',
    ]) {
      const response = await t.call(
        'POST',
        `/api/pdf/document-answer/${KEY}`,
        { file_key: fileKey, file_name: 'e.png' },
        ada,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('UPLOAD_NOT_ISSUED');
    }
    const notUploaded = await presign(t, ada);
    const missing = await t.call(
      'POST',
      `/api/pdf/document-answer/${KEY}`,
      { file_key: notUploaded.fields.key, file_name: 'a.png' },
      ada,
    );
    expect(missing.json()).toEqual({
      message: 'We did not receive your file. Please choose your file again.',
      code: 'UPLOAD_MISSING',
    });
  });

  it('refuses keys that are not file questions, including path tricks', async () => {
    for (const path of [
      '/api/pdf/document-answer/first_name',
      '/api/pdf/document-answer/..%2F..%2Fetc%2Fpasswd',
      '/api/pdf/document-answer/Transcript',
    ]) {
      const response = await t.call('GET', path, undefined, ada);
      expect(response.statusCode).toBe(400);
    }
    expect((await t.call('DELETE', '/api/document-answer/..%2Fanswers', {}, ada)).statusCode).toBe(
      400,
    );
  });

  it('fails an encrypted PDF with a message, clearing the answer', async () => {
    await uploadDocument(t, ada, await encryptedPdf(), 'locked.pdf');
    expect(await t.jobs.runUntilIdle()).toEqual(['failed']);
    expect(await status()).toEqual({
      status: 'FAILED',
      message:
        'This PDF is protected by a password or encryption. Please upload a copy without protection.',
    });
    expect((await profile()).answer.transcript_file).toBe('');
    expect(await documentAnswers()).toEqual({});
  });

  it('fails a corrupt PDF with a message', async () => {
    await uploadDocument(t, ada, corruptPdf(), 'broken.pdf');
    expect(await t.jobs.runUntilIdle()).toEqual(['failed']);
    expect(await status()).toEqual({
      status: 'FAILED',
      message:
        'This PDF could not be read. It may be damaged: please save it again and upload the new copy.',
    });
  });

  it('completes a conversion whose runner died, after the lease runs out', async () => {
    await uploadDocument(t, ada, png(), 'transcript.png');
    const dead = await t.documents.queue.claim('dead-runner', t.jobs.leaseMs);
    expect(dead?.kind).toBe('convert-document');
    expect(await t.jobs.runUntilIdle()).toEqual([]);
    t.clock.advance(t.jobs.leaseMs);
    expect(await t.jobs.runUntilIdle()).toEqual(['done']);
    expect((await status()).status).toBe('COMPLETED');
    expect((await profile()).answer.transcript_file).toBe('ANSWERED');
  });

  it('replaces a document: the earlier upload and its conversion are dropped', async () => {
    await uploadDocument(t, ada, png(), 'first.png');
    await t.jobs.runUntilIdle();
    const first = await row();
    await uploadDocument(t, ada, await pdf(1), 'second.pdf');
    expect(await blobExists(first!.upload_key)).toBe(false);
    expect(await blobExists(first!.pdf_key)).toBe(false);
    expect((await profile()).answer.transcript_file).toBe('');
    await t.jobs.runUntilIdle();
    expect((await documentAnswers()).transcript_file.file_name).toBe('second.pdf');
    expect((await row())?.kind).toBe('pdf');
  });

  it('lets a superseded conversion write nothing', async () => {
    await uploadDocument(t, ada, png(), 'first.png');
    await uploadDocument(t, ada, await pdf(1), 'second.pdf');
    expect(await t.jobs.runUntilIdle()).toEqual(['done', 'done']);
    const files = await t.db.selectFrom('document_answers').selectAll().execute();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ file_name: 'second.pdf', status: 'COMPLETED' });
  });

  for (const route of ['/api/document-answer', '/api/pdf/document-answer']) {
    it(`DELETE ${route}/{key} removes the answer, the conversion and every stored file`, async () => {
      await uploadDocument(t, ada, png(), 'transcript.png');
      await t.jobs.runUntilIdle();
      const stored = await row();
      const abandoned = await presign(t, ada);
      await postUpload(t, abandoned.url, abandoned.fields, { name: 'x.png', bytes: png() });
      expect(await blobExists(stored!.pdf_key)).toBe(true);

      const response = await t.call('DELETE', `${route}/${KEY}`, {}, ada);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Your file was deleted.' });
      expect(await status()).toEqual({ status: 'NOT_ANSWERED', message: '' });
      expect(await documentAnswers()).toEqual({});
      expect((await profile()).answer.transcript_file).toBe('');
      for (const key of [stored!.upload_key, stored!.pdf_key, abandoned.fields.key]) {
        expect(await blobExists(key)).toBe(false);
      }
      expect(await t.db.selectFrom('upload_grants').selectAll().execute()).toEqual([]);
      // Deleting again is not an error.
      expect((await t.call('DELETE', `${route}/${KEY}`, {}, ada)).statusCode).toBe(200);
    });
  }

  it('keeps document answers the server’s own: PUT /api/answer cannot set them', async () => {
    await t.call('PUT', '/api/answer', { first_name: 'Ada', transcript_file: 'ANSWERED' }, ada);
    const me = await profile();
    expect(me.answer).toEqual({ first_name: 'Ada' });
  });

  it('keeps applicants apart', async () => {
    const eve = await signedIn(t, 'eve@example.org');
    await uploadDocument(t, ada, png(), 'ada.png');
    await t.jobs.runUntilIdle();
    expect(await documentAnswers(eve)).toEqual({});
    expect(await status(eve)).toEqual({ status: 'NOT_ANSWERED', message: '' });
    expect((await t.call('DELETE', `/api/document-answer/${KEY}`, {}, eve)).statusCode).toBe(200);
    expect((await status()).status).toBe('COMPLETED');
  });

  it('refuses every change after submission, and visitors always', async () => {
    await uploadDocument(t, ada, png(), 'transcript.png');
    await t.jobs.runUntilIdle();
    await t.call('PUT', '/api/answer', complete, ada);
    const submitted = await t.call('POST', '/api/submit', {}, ada);
    expect(submitted.statusCode).toBe(200);
    expect((await t.call('POST', '/api/presigned-url', { answer_key: KEY }, ada)).statusCode).toBe(
      409,
    );
    expect((await t.call('DELETE', `/api/document-answer/${KEY}`, {}, ada)).statusCode).toBe(409);
    expect((await status()).status).toBe('COMPLETED');
    expect((await t.call('GET', '/api/document-answer')).statusCode).toBe(401);
  });
});
