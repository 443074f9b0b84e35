import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobStore, PresignedPost, PresignRequest } from './blob-store';

/** The SDK is large: it is loaded when the store is first used, not at every start. */
const sdk = () => import('@aws-sdk/client-s3');

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2…); empty for AWS itself. */
  endpoint: string;
  /** Empty (both) means the SDK's default credentials (environment, instance role). */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /**
   * The bucket's URL as browsers reach it, when not the one the endpoint gives (a proxy, a
   * container network). A POST policy's signature covers the policy, not the address, so the
   * form is the same wherever it is posted.
   */
  publicUrl?: string;
}

/**
 * Blobs in an S3 (or S3-compatible) bucket, with real presigned POST policies: the browser posts
 * the file to the bucket, which enforces the key, the account field and the size range itself.
 * The bucket's CORS rules must allow POST from PUBLIC_URL.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly uploadOrigins: readonly string[];
  private clientPromise: Promise<S3Client> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.uploadOrigins = [this.bucketOrigin()];
  }

  private client(): Promise<S3Client> {
    const settings = this.settings;
    return (this.clientPromise ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: settings.region,
          ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
          forcePathStyle: settings.forcePathStyle,
          ...(settings.accessKeyId
            ? {
                credentials: {
                  accessKeyId: settings.accessKeyId,
                  secretAccessKey: settings.secretAccessKey,
                },
              }
            : {}),
        }),
    ));
  }

  async presignPost(request: PresignRequest): Promise<PresignedPost> {
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    const { url, fields } = await createPresignedPost(await this.client(), {
      Bucket: this.settings.bucket,
      Key: request.key,
      // Each field becomes an exact-match condition of the policy, as does the key.
      Fields: { 'x-amz-meta-account': request.accountId },
      Conditions: [['content-length-range', 1, request.maxBytes]],
      Expires: request.expiresInSeconds,
    });
    return { url: this.settings.publicUrl || url, fields };
  }

  /**
   * Creates the bucket unless it exists already (`npm run s3:create-bucket`, a deployment's
   * first start); false when it was there.
   */
  async createBucket(): Promise<boolean> {
    const [{ CreateBucketCommand, HeadBucketCommand }, client] = await Promise.all([
      sdk(),
      this.client(),
    ]);
    const { bucket, region } = this.settings;
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      return false;
    } catch (error) {
      if (
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404
      ) {
        throw error;
      }
    }
    await client.send(
      new CreateBucketCommand({
        Bucket: bucket,
        // us-east-1 is S3's default and must not be named.
        ...(region !== 'us-east-1'
          ? { CreateBucketConfiguration: { LocationConstraint: region as 'eu-west-1' } }
          : {}),
      }),
    );
    return true;
  }

  /** Readiness: the bucket answers, and these credentials may use it. */
  async check(): Promise<void> {
    const [{ HeadBucketCommand }, client] = await Promise.all([sdk(), this.client()]);
    await client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const [{ PutObjectCommand }, client] = await Promise.all([sdk(), this.client()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const [{ GetObjectCommand, NoSuchKey }, client] = await Promise.all([sdk(), this.client()]);
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return object.Body ? await object.Body.transformToByteArray() : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        return undefined;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const [{ DeleteObjectCommand }, client] = await Promise.all([sdk(), this.client()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    const [{ ListObjectsV2Command }, client] = await Promise.all([sdk(), this.client()]);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** The origin presigned posts go to: the endpoint's, or the bucket's virtual host on AWS. */
  private bucketOrigin(): string {
    const { bucket, region, endpoint, forcePathStyle, publicUrl } = this.settings;
    if (publicUrl) return new URL(publicUrl).origin;
    if (endpoint) {
      const url = new URL(endpoint);
      return forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`;
    }
    return forcePathStyle
      ? `https://s3.${region}.amazonaws.com`
      : `https://${bucket}.s3.${region}.amazonaws.com`;
  }
}
