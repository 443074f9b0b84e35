import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createBlobStore } from '../../src/server/blobs/create-blob-store';
import { systemClock } from '../../src/server/clock';
import { scratchDir } from '../helpers/scratch-dir';

const dataDir = () => scratchDir('admissions-config');

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('document settings', () => {
  it('default to blobs in DATA_DIR and jobs in the server process, two at a time', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.blobStore).toEqual({ kind: 'local' });
    expect(config.jobs).toEqual({ runner: 'in-process', concurrency: 2, leaseMs: 60_000 });
    expect(createBlobStore(config, systemClock).kind).toBe('local');
  });

  it('read an S3 store, whose posts the Content-Security-Policy must allow', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      BLOB_STORE: 's3',
      S3_BUCKET: 'admissions-documents',
      S3_REGION: 'us-east-2',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      JOB_RUNNER: 'worker',
      JOB_CONCURRENCY: '4',
      JOB_LEASE_MS: '15000',
    });
    expect(config.blobStore).toEqual({
      kind: 's3',
      bucket: 'admissions-documents',
      region: 'us-east-2',
      endpoint: 'https://minio.internal:9000',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: '',
    });
    expect(config.jobs).toEqual({ runner: 'worker', concurrency: 4, leaseMs: 15_000 });
    const store = createBlobStore(config, systemClock);
    expect(store.kind).toBe('s3');
    expect(store.uploadOrigins).toEqual(['https://minio.internal:9000']);
    const aws = createBlobStore(
      loadConfig({
        DATA_DIR: dataDir(),
        BLOB_STORE: 's3',
        S3_BUCKET: 'docs',
        S3_REGION: 'eu-west-1',
      }),
      systemClock,
    );
    expect(aws.uploadOrigins).toEqual(['https://docs.s3.eu-west-1.amazonaws.com']);
  });

  it('post uploads to S3_PUBLIC_URL when browsers reach the bucket at another address', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      BLOB_STORE: 's3',
      S3_BUCKET: 'admissions-documents',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'http://localhost:9000/admissions-documents/',
    });
    const store = createBlobStore(config, systemClock);
    expect(store.uploadOrigins).toEqual(['http://localhost:9000']);
    const post = await store.presignPost({
      key: 'uploads/a/transcript_file/x',
      accountId: 'a',
      maxBytes: 100,
      expiresInSeconds: 60,
    });
    expect(post.url).toBe('http://localhost:9000/admissions-documents');
  });

  it('list every bad value at once', () => {
    expect(
      problemsOf({
        BLOB_STORE: 's3',
        S3_BUCKET: 'No_Such Bucket',
        S3_REGION: '',
        S3_ENDPOINT: 'ftp://x',
        S3_ACCESS_KEY_ID: 'only-the-id',
        S3_FORCE_PATH_STYLE: 'maybe',
        S3_PUBLIC_URL: 'minio:9000',
        JOB_RUNNER: 'cron',
        JOB_CONCURRENCY: '0',
        JOB_LEASE_MS: '10',
      }).map((p) => p.split(' ')[0]),
    ).toEqual([
      'S3_BUCKET',
      'S3_REGION',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_PUBLIC_URL',
      'S3_FORCE_PATH_STYLE',
      'JOB_RUNNER',
      'JOB_CONCURRENCY',
      'JOB_LEASE_MS',
    ]);
    expect(problemsOf({ BLOB_STORE: 'ftp' })).toEqual([
      'BLOB_STORE must be "local" or "s3", got "ftp".',
    ]);
  });
});
