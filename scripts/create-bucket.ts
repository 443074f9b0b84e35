/**
 * `npm run s3:create-bucket`: creates the S3 bucket BLOB_STORE=s3 names (S3_BUCKET, with the
 * same S3_* settings as the servers), unless it exists. The docker-compose deployment runs it
 * once before the servers start; on AWS, a bucket made by the platform team does as well.
 */
import { systemClock } from '../src/server/clock';
import { ConfigError, loadConfig } from '../src/server/config';
import { createBlobStore } from '../src/server/blobs/create-blob-store';
import { S3BlobStore } from '../src/server/blobs/s3-blob-store';

async function main(): Promise<void> {
  // Sends no links and checks no origins: PUBLIC_URL is not needed, even in production.
  const config = loadConfig(process.env, 'worker');
  const store = createBlobStore(config, systemClock);
  if (!(store instanceof S3BlobStore) || config.blobStore.kind !== 's3') {
    throw new Error('BLOB_STORE is not "s3": there is no bucket to create.');
  }
  const created = await store.createBucket();
  console.log(
    `${created ? 'Created' : 'Found'} bucket ${config.blobStore.bucket}${
      config.blobStore.endpoint ? ` at ${config.blobStore.endpoint}` : ''
    }.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
