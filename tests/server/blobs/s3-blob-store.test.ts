import { describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../src/server/blobs/s3-blob-store';
import { createTestApp } from '../helpers/test-app';

describe('the S3 blob store', () => {
  const store = new S3BlobStore({
    bucket: 'admissions-documents',
    region: 'us-east-2',
    endpoint: 'https://minio.internal:9000',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'not-a-real-secret',
    forcePathStyle: true,
  });

  it('issues a real presigned POST bound to the key, the account and 1 MB (signed offline)', async () => {
    const post = await store.presignPost({
      key: 'uploads/account-1/transcript_file/abc',
      accountId: 'account-1',
      maxBytes: 1048576,
      expiresInSeconds: 600,
    });
    expect(post.url).toBe('https://minio.internal:9000/admissions-documents');
    expect(post.fields).toMatchObject({
      key: 'uploads/account-1/transcript_file/abc',
      'x-amz-meta-account': 'account-1',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(post.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 1048576],
        { key: 'uploads/account-1/transcript_file/abc' },
        { 'x-amz-meta-account': 'account-1' },
        { bucket: 'admissions-documents' },
      ]),
    );
    const expires = new Date(policy.expiration).getTime() - Date.now();
    expect(expires).toBeGreaterThan(590_000);
    expect(expires).toBeLessThanOrEqual(600_000);
  });

  it('tells the Content-Security-Policy where the browser posts', () => {
    expect(store.uploadOrigins).toEqual(['https://minio.internal:9000']);
  });

  it('replaces the local upload route when BLOB_STORE=s3, and is allowed by the CSP', async () => {
    const t = await createTestApp('', {
      BLOB_STORE: 's3',
      S3_BUCKET: 'admissions-documents',
      S3_REGION: 'us-east-2',
    });
    try {
      const health = await t.call('GET', '/healthz');
      expect(health.headers['content-security-policy']).toContain(
        "connect-src 'self' https://admissions-documents.s3.us-east-2.amazonaws.com",
      );
      const upload = await t.app.inject({
        method: 'POST',
        url: '/uploads',
        headers: { origin: t.config.publicUrl, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      expect(upload.statusCode).toBe(404);
      expect(upload.json().code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
