import path from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { SecretHasher } from '../identity/secrets';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** The blob store BLOB_STORE names: S3, or files under DATA_DIR/blobs. */
export function createBlobStore(config: Config, clock: Clock): BlobStore {
  if (config.blobStore.kind === 's3') return new S3BlobStore(config.blobStore);
  return new LocalBlobStore(
    path.join(config.dataDir, 'blobs'),
    new SecretHasher(config.sessionSecret),
    clock,
  );
}
