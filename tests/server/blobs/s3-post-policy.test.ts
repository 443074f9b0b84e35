/**
 * The presigned POST forms of the S3 blob store, checked against S3's own rules for POST
 * policies (helpers/s3-post-policy-rules.ts), since the local S3-compatible server the scale
 * suite uploads to does not enforce them: each condition must bind what it should, and a form
 * changed in any way must be one S3 refuses.
 */
import { describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../src/server/blobs/s3-blob-store';
import { postPolicyViolations } from '../helpers/s3-post-policy-rules';

const SECRET = 'test-secret-access-key';
const MAX = 1_048_576;
const KEY = 'uploads/account-1/transcript_file/abc';

async function presigned(endpoint = '') {
  const store = new S3BlobStore({
    bucket: 'admissions-documents',
    region: 'eu-west-1',
    endpoint,
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: SECRET,
    forcePathStyle: Boolean(endpoint),
  });
  const issuedAt = new Date();
  const post = await store.presignPost({
    key: KEY,
    accountId: 'account-1',
    maxBytes: MAX,
    expiresInSeconds: 600,
  });
  return { post, issuedAt };
}

function check(
  fields: Record<string, string>,
  options: { fileSize?: number; now?: Date; secret?: string } = {},
) {
  return postPolicyViolations({
    bucket: 'admissions-documents',
    fields,
    fileSize: options.fileSize ?? 1000,
    secretAccessKey: options.secret ?? SECRET,
    now: options.now ?? new Date(),
  });
}

const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };

describe("the S3 store's presigned POST, by S3's rules", () => {
  it('is a form S3 accepts, for any file from 1 byte to 1 MB, on AWS and elsewhere', async () => {
    for (const endpoint of ['', 'http://127.0.0.1:9000']) {
      const { post } = await presigned(endpoint);
      for (const fileSize of [1, 1000, MAX]) expect(check(post.fields, { fileSize })).toEqual([]);
    }
  });

  it('binds exactly the key, the account, the bucket and the size, with no wildcard', async () => {
    const { post, issuedAt } = await presigned();
    const policy = policyOf(post.fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX],
        { key: KEY },
        { 'x-amz-meta-account': 'account-1' },
        { bucket: 'admissions-documents' },
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
        { 'X-Amz-Credential': post.fields['X-Amz-Credential'] },
        { 'X-Amz-Date': post.fields['X-Amz-Date'] },
      ]),
    );
    expect(policy.conditions).toHaveLength(7);
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    expect(policy.expiration).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    const lifetime = new Date(policy.expiration).getTime() - issuedAt.getTime();
    expect(lifetime).toBeGreaterThan(598_000);
    expect(lifetime).toBeLessThanOrEqual(601_000);
  });

  it('is refused for an empty file or one over 1 MB', async () => {
    const { post } = await presigned();
    expect(check(post.fields, { fileSize: 0 })).toEqual([
      "the file's 0 bytes are outside 1 to 1048576",
    ]);
    expect(check(post.fields, { fileSize: MAX + 1 })).toEqual([
      "the file's 1048577 bytes are outside 1 to 1048576",
    ]);
  });

  it('is refused under another key or for another account', async () => {
    const { post } = await presigned();
    expect(check({ ...post.fields, key: 'uploads/account-2/transcript_file/abc' })).toEqual([
      `key must be exactly "${KEY}"`,
    ]);
    expect(check({ ...post.fields, key: `${KEY}/../other` })).toEqual([
      `key must be exactly "${KEY}"`,
    ]);
    expect(check({ ...post.fields, 'x-amz-meta-account': 'account-2' })).toEqual([
      'x-amz-meta-account must be exactly "account-1"',
    ]);
  });

  it('is refused with any field the policy does not cover', async () => {
    const { post } = await presigned();
    expect(check({ ...post.fields, 'Content-Type': 'text/html' })).toEqual([
      'the form field content-type is not covered by the policy',
    ]);
    expect(check({ ...post.fields, acl: 'public-read' })).toEqual([
      'the form field acl is not covered by the policy',
    ]);
    expect(check({ ...post.fields, success_action_redirect: 'https://evil.example' })).toEqual([
      'the form field success_action_redirect is not covered by the policy',
    ]);
    // S3 ignores x-ignore- fields, so they are harmless.
    expect(check({ ...post.fields, 'x-ignore-note': 'anything' })).toEqual([]);
  });

  it('is refused once expired', async () => {
    const { post } = await presigned();
    const later = new Date(Date.now() + 601_000);
    expect(check(post.fields, { now: later })).toEqual(['the policy has expired']);
  });

  it('is refused when the policy is changed without the secret, or signed with another', async () => {
    const { post } = await presigned();
    const policy = policyOf(post.fields);
    policy.conditions = policy.conditions.map((c) =>
      Array.isArray(c) && c[0] === 'content-length-range'
        ? ['content-length-range', 1, 10 * MAX]
        : c,
    );
    const widened = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(check({ ...post.fields, Policy: widened }, { fileSize: 5 * MAX })).toEqual([
      'x-amz-signature is not the signature of this policy',
    ]);
    expect(check(post.fields, { secret: 'another-secret' })).toEqual([
      'x-amz-signature is not the signature of this policy',
    ]);
  });
});
