/**
 * [scale] S3: the S3 blob store against a local S3-compatible server from npm (s3rver): put, get
 * and delete, the readiness check, and the presigned POST flow (the browser's multipart form
 * posted to the bucket, the object read back). s3rver does not enforce POST policies; the
 * conditions we generate are checked against S3's rules in tests/server/blobs/
 * s3-post-policy.test.ts. Last, a whole server with BLOB_STORE=s3: upload, conversion, PDF.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore, type S3Settings } from '../../src/server/blobs/s3-blob-store';
import { liveApplicant, startLiveServer, waitFor, type LiveServer } from '../helpers/live-server';
import { png } from '../server/helpers/fixtures';

const BUCKET = 'admissions-documents';

/** Posts a presigned form as a browser does: the fields in order, the file last. */
function postForm(url: string, fields: Record<string, string>, bytes: Uint8Array, name: string) {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }),
    name,
  );
  return fetch(url, { method: 'POST', body: form });
}

describe('the S3 blob store against a local S3-compatible server', () => {
  let s3: S3rver;
  let directory: string;
  let settings: S3Settings;
  let store: S3BlobStore;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'admissions-s3rver-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3.run();
    settings = {
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's own key pair.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    store = new S3BlobStore(settings);
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('puts, gets and deletes objects; a missing one reads as undefined', async () => {
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255, 1, 2]);
    await store.put('documents/a/transcript_file/1.pdf', bytes, 'application/pdf');
    expect(await store.get('documents/a/transcript_file/1.pdf')).toEqual(bytes);
    await store.delete('documents/a/transcript_file/1.pdf');
    expect(await store.get('documents/a/transcript_file/1.pdf')).toBeUndefined();
    await expect(store.delete('documents/a/transcript_file/1.pdf')).resolves.toBeUndefined();
    expect(await store.get('no/such/object')).toBeUndefined();
  });

  // One page of results: s3rver's continuation tokens use DES, which Node 24's OpenSSL refuses.
  it('lists the keys under a prefix, not those of a longer prefix (an erasure uses it)', async () => {
    const keys = Array.from(
      { length: 30 },
      (_, i) => `uploads/acct-1/transcript_file/${String(i).padStart(4, '0')}`,
    );
    for (const key of keys) await store.put(key, png(), 'image/png');
    await store.put('uploads/acct-10/transcript_file/x', png(), 'image/png');
    expect(await store.list('uploads/acct-1/')).toEqual(keys);
    expect(await store.list('uploads/nobody/')).toEqual([]);
    await Promise.all(
      [...keys, 'uploads/acct-10/transcript_file/x'].map((key) => store.delete(key)),
    );
    expect(await store.list('uploads/')).toEqual([]);
  });

  it('is ready when its bucket answers, and not when the bucket is missing', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    await expect(
      new S3BlobStore({ ...settings, bucket: 'no-such-bucket' }).check(),
    ).rejects.toThrow();
  });

  it('takes a file posted with its presigned form, and keeps the account with it', async () => {
    const key = 'uploads/account-1/transcript_file/presigned';
    const post = await store.presignPost({
      key,
      accountId: 'account-1',
      maxBytes: 1_048_576,
      expiresInSeconds: 600,
    });
    expect(post.url).toBe(`${settings.endpoint}/${BUCKET}`);
    expect(store.uploadOrigins).toEqual([settings.endpoint]);
    const file = png();
    const response = await postForm(post.url, post.fields, file, 'transcript.png');
    expect(response.status).toBe(204);
    expect(await store.get(key)).toEqual(file);
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.Metadata).toEqual({ account: 'account-1' });
    expect(head.ContentLength).toBe(file.length);
    client.destroy();
  });

  it('makes its bucket with npm run s3:create-bucket, once', async () => {
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/create-bucket.ts'], {
        env: {
          ...process.env,
          DATA_DIR: directory,
          BLOB_STORE: 's3',
          S3_BUCKET: 'made-by-the-script',
          S3_REGION: settings.region,
          S3_ENDPOINT: settings.endpoint,
          S3_ACCESS_KEY_ID: settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
    expect((await run()).stdout.trim()).toBe(
      `Created bucket made-by-the-script at ${settings.endpoint}.`,
    );
    expect((await run()).stdout.trim()).toBe(
      `Found bucket made-by-the-script at ${settings.endpoint}.`,
    );
    const made = new S3BlobStore({ ...settings, bucket: 'made-by-the-script' });
    await expect(made.check()).resolves.toBeUndefined();
  });

  describe('behind a server with BLOB_STORE=s3', () => {
    let server: LiveServer;
    beforeAll(async () => {
      server = await startLiveServer({
        env: {
          BLOB_STORE: 's3',
          S3_BUCKET: BUCKET,
          S3_REGION: settings.region,
          S3_ENDPOINT: settings.endpoint,
          S3_ACCESS_KEY_ID: settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
    }, 120_000);
    afterAll(async () => {
      await server?.dispose();
    });

    it('uploads to the bucket, converts from it and builds the PDF into it', async () => {
      const ready = await fetch(`${server.base}/readyz`);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', blobs: 'ok' },
      });
      expect(ready.headers.get('content-security-policy')).toContain(
        `connect-src 'self' ${settings.endpoint}`,
      );
      const cookie = await liveApplicant(server, 'on.s3@example.org');
      const headers = { cookie, origin: server.base, 'content-type': 'application/json' };
      const presigned = await fetch(`${server.base}/api/presigned-url`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ answer_key: 'transcript_file' }),
      });
      const form = (await presigned.json()) as { url: string; fields: Record<string, string> };
      expect(form.url).toBe(`${settings.endpoint}/${BUCKET}`);
      const uploaded = await postForm(form.url, form.fields, png(), 'transcript.png');
      expect(uploaded.status).toBe(204);
      const requested = await fetch(`${server.base}/api/pdf/document-answer/transcript_file`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ file_key: form.fields.key, file_name: 'transcript.png' }),
      });
      expect(requested.status).toBe(200);
      await waitFor('the conversion', async () => {
        const status = await fetch(`${server.base}/api/pdf/document-answer/transcript_file`, {
          headers,
        });
        return ((await status.json()) as { status: string }).status === 'COMPLETED';
      });
      await fetch(`${server.base}/api/pdf`, { headers });
      await waitFor('the application PDF', async () => {
        const status = await fetch(`${server.base}/api/pdf`, { headers });
        return ((await status.json()) as { status: string }).status === 'COMPLETED';
      });
      const file = await fetch(`${server.base}/api/pdf/file`, { headers });
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }, 60_000);
  });
});
