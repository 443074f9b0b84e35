import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalBlobStore } from '../../../src/server/blobs/local-blob-store';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { elfProgram, paddedJpeg, pdf, png } from '../helpers/fixtures';
import { postUpload, presign, type Presigned } from '../helpers/uploads';

/** Every file under the blob folder, relative to it. */
function storedFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const encodePolicy = (policy: unknown) => Buffer.from(JSON.stringify(policy)).toString('base64');
const decodePolicy = (encoded: string) =>
  JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };

describe.each(databases)('presigned uploads to the local store on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  let form: Presigned;
  beforeEach(async () => {
    t = await createTestApp(url);
    ada = await signedIn(t, 'ada@example.org');
    form = await presign(t, ada);
  });
  afterEach(async () => {
    await t.close();
  });

  const file = async () => ({ name: 'transcript.pdf', bytes: await pdf(1) });

  it('issues a form bound to the applicant, a key of its own and 1 MB, for 10 minutes', async () => {
    const account = await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    expect(form.url).toBe('/uploads');
    expect(Object.keys(form.fields)).toEqual(['key', 'x-amz-meta-account', 'policy', 'signature']);
    expect(form.fields.key).toMatch(
      new RegExp(`^uploads/${account.id}/transcript_file/[A-Za-z0-9_-]{43}$`),
    );
    expect(form.fields['x-amz-meta-account']).toBe(account.id);
    expect(decodePolicy(form.fields.policy!)).toEqual({
      expiration: '2026-01-15T12:10:00.000Z',
      conditions: [
        { key: form.fields.key },
        { 'x-amz-meta-account': account.id },
        ['content-length-range', 1, 1048576],
      ],
    });
  });

  it('stores a file posted with the form under its key, answering 204', async () => {
    const response = await postUpload(t, form.url, form.fields, await file());
    expect(response.statusCode).toBe(204);
    expect(storedFiles(t)).toEqual([form.fields.key]);
  });

  it('accepts exactly 1 MB and refuses one byte more, storing nothing', async () => {
    const exact = paddedJpeg(1048576);
    expect(exact.length).toBe(1048576);
    expect(
      (await postUpload(t, form.url, form.fields, { name: 'a.jpg', bytes: exact })).statusCode,
    ).toBe(204);

    const next = await presign(t, ada);
    const over = await postUpload(t, next.url, next.fields, {
      name: 'a.jpg',
      bytes: paddedJpeg(1048577),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: 'Your file is too large. The maximum file size is 1 MB.',
      code: 'FILE_TOO_LARGE',
    });
    expect(storedFiles(t)).toEqual([form.fields.key]);
  });

  it('refuses an empty file', async () => {
    const response = await postUpload(t, form.url, form.fields, {
      name: 'a.pdf',
      bytes: new Uint8Array(0),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your file is empty. Please upload a non-empty file.');
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a program named .pdf by its content', async () => {
    const response = await postUpload(t, form.url, form.fields, {
      name: 'transcript.pdf',
      bytes: elfProgram(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "The file's content is not a PNG, JPEG, PDF or DOCX file.",
      code: 'FILE_REJECTED',
    });
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a tampered signature', async () => {
    const signature = form.fields.signature!;
    const tampered = { ...form.fields, signature: `${signature.slice(0, -2)}AA` };
    const response = await postUpload(t, form.url, tampered, await file());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This upload is not allowed: its form was changed. Please choose your file again.',
      code: 'UPLOAD_REFUSED',
    });
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a policy widened by hand (its signature no longer matches)', async () => {
    const policy = decodePolicy(form.fields.policy!);
    policy.conditions[2] = ['content-length-range', 1, 100 * 1048576];
    const response = await postUpload(
      t,
      form.url,
      { ...form.fields, policy: encodePolicy(policy) },
      await file(),
    );
    expect(response.statusCode).toBe(403);
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a different key, including one that climbs out of the folder', async () => {
    for (const key of [
      form.fields.key!.replace(/[^/]+$/, 'other'),
      'uploads/someone-else/transcript_file/x',
      '../../../etc/passwd',
      `${form.fields.key}/../../../../outside`,
    ]) {
      const response = await postUpload(t, form.url, { ...form.fields, key }, await file());
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('UPLOAD_REFUSED');
    }
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses an expired form', async () => {
    t.clock.advance(10 * 60 * 1000);
    const response = await postUpload(t, form.url, form.fields, await file());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This upload form has expired. Please choose your file again.',
      code: 'UPLOAD_EXPIRED',
    });
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a field the policy does not cover, and a form without policy', async () => {
    const extra = await postUpload(
      t,
      form.url,
      { ...form.fields, acl: 'public-read' },
      await file(),
    );
    expect(extra.statusCode).toBe(403);
    expect(extra.json().message).toBe(
      'The upload form has a field its policy does not allow: acl.',
    );
    const bare = await postUpload(t, form.url, { key: form.fields.key! }, await file());
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('UPLOAD_FORM_INVALID');
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a form posted twice', async () => {
    expect((await postUpload(t, form.url, form.fields, await file())).statusCode).toBe(204);
    const again = await postUpload(t, form.url, form.fields, { name: 'b.png', bytes: png() });
    expect(again.statusCode).toBe(409);
  });

  it('takes the same form again after the store failed to write its file', async () => {
    const store = t.documents.blobs as LocalBlobStore;
    const put = vi.spyOn(store, 'put').mockRejectedValueOnce(new Error('disk full'));
    const failed = await postUpload(t, form.url, form.fields, await file());
    expect(failed.statusCode).toBe(500);
    expect(storedFiles(t)).toEqual([]);
    const retry = await postUpload(t, form.url, form.fields, await file());
    expect(retry.statusCode).toBe(204);
    expect(put).toHaveBeenCalledTimes(2);
    expect(storedFiles(t)).toEqual([form.fields.key]);
    const converted = await t.call(
      'POST',
      '/api/pdf/document-answer/transcript_file',
      { file_key: form.fields.key, file_name: 'transcript.pdf' },
      ada,
    );
    expect(converted.json()).toMatchObject({ status: 'UNPROCESSED' });
    // Stored once, the form is spent as before.
    const again = await postUpload(t, form.url, form.fields, await file());
    expect(again.json()).toMatchObject({ code: 'UPLOAD_EXISTS' });
  });

  it('refuses a body that is not a multipart form, and a form with no file', async () => {
    const json = await t.call('POST', '/uploads', { key: form.fields.key });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('The upload must be a multipart/form-data form.');
    const noFile = await postUpload(t, form.url, form.fields);
    expect(noFile.statusCode).toBe(400);
    expect(typeof noFile.json().message).toBe('string');
  });

  it('requires the same origin, like every mutating request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CROSS_ORIGIN');
  });

  it('issues forms only for file questions of the forms', async () => {
    for (const answerKey of ['first_name', 'nope', '../transcript_file', 'transcript_file/../x']) {
      const response = await t.call('POST', '/api/presigned-url', { answer_key: answerKey }, ada);
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await t.call('POST', '/api/presigned-url', { answer_key: 'first_name' }, ada)).json(),
    ).toEqual({ message: 'There is no file question "first_name".', code: 'NOT_A_FILE_QUESTION' });
    expect(
      (await t.call('POST', '/api/presigned-url', { answer_key: 'transcript_file' })).statusCode,
    ).toBe(401);
  });
});

describe('the local blob store', () => {
  it('never reads or writes outside its folder, whatever key it is given', async () => {
    const t = await createTestApp();
    try {
      const store = t.documents.blobs as LocalBlobStore;
      for (const key of [
        '../outside',
        'a/../../outside',
        '/etc/passwd',
        'a//b',
        '.',
        'a/./b',
        '',
      ]) {
        await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow('not a valid object key');
        await expect(store.get(key)).rejects.toThrow('not a valid object key');
      }
      expect(storedFiles(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
