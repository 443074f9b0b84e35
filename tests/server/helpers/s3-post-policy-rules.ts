/**
 * S3's rules for a browser POST upload, as Amazon documents them ("Creating a POST policy" and
 * "Calculating a signature", Signature Version 4), written out so the forms we generate can be
 * checked against them without an S3 that enforces them (local S3-compatible servers do not).
 * Returns the rules broken, [] when S3 would accept the upload.
 */
import { createHmac } from 'node:crypto';

export interface PostUpload {
  /** The bucket in the URL the form is posted to. */
  bucket: string;
  /** The form's fields, in order, without the file. */
  fields: Record<string, string>;
  fileSize: number;
  /** The secret of the access key named in X-Amz-Credential. */
  secretAccessKey: string;
  now: Date;
}

type Condition = Record<string, unknown> | unknown[];

/** ISO 8601 in UTC, as S3 wants the expiration: 2007-12-01T12:00:00.000Z (milliseconds optional). */
const expirationShape = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const amzDateShape = /^(\d{8})T\d{6}Z$/;
/** Fields no condition need cover. */
const exempt = (name: string) =>
  ['x-amz-signature', 'file', 'policy'].includes(name) || name.startsWith('x-ignore-');

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

export function postPolicyViolations(upload: PostUpload): string[] {
  const violations: string[] = [];
  // Form field names are not case-sensitive; their values are.
  const form = new Map(Object.entries(upload.fields).map(([k, v]) => [k.toLowerCase(), v]));
  form.set('bucket', form.get('bucket') ?? upload.bucket);

  const encoded = form.get('policy');
  if (!encoded) return ['the form has no policy'];
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return ['the policy is not base64-encoded JSON'];
  }

  // Expiration.
  if (typeof policy.expiration !== 'string' || !expirationShape.test(policy.expiration)) {
    violations.push(`the expiration is not an ISO 8601 UTC time: ${String(policy.expiration)}`);
  } else if (new Date(policy.expiration).getTime() <= upload.now.getTime()) {
    violations.push('the policy has expired');
  }

  // Conditions: each must hold, and together they must cover every field of the form.
  if (!Array.isArray(policy.conditions)) return [...violations, 'the policy has no conditions'];
  const covered = new Set<string>();
  let sizeChecked = false;
  for (const condition of policy.conditions as Condition[]) {
    if (Array.isArray(condition)) {
      const [operator, subject, value, ...rest] = condition;
      if (operator === 'content-length-range') {
        const [min, max] = [subject, value];
        if (!Number.isInteger(min) || !Number.isInteger(max) || rest.length > 0) {
          violations.push('content-length-range must be two whole numbers');
        } else if (upload.fileSize < (min as number) || upload.fileSize > (max as number)) {
          violations.push(`the file's ${upload.fileSize} bytes are outside ${min} to ${max}`);
        }
        sizeChecked = true;
        continue;
      }
      if (
        (operator !== 'eq' && operator !== 'starts-with') ||
        typeof subject !== 'string' ||
        !subject.startsWith('$') ||
        typeof value !== 'string' ||
        rest.length > 0
      ) {
        violations.push(`a condition S3 does not know: ${JSON.stringify(condition)}`);
        continue;
      }
      const name = subject.slice(1).toLowerCase();
      covered.add(name);
      const actual = form.get(name) ?? '';
      if (operator === 'eq' ? actual !== value : !actual.startsWith(value)) {
        violations.push(`${name} does not satisfy ${operator} "${value}"`);
      }
      continue;
    }
    const entries = Object.entries(condition);
    if (entries.length !== 1 || typeof entries[0]![1] !== 'string') {
      violations.push(`an exact-match condition must name one field: ${JSON.stringify(condition)}`);
      continue;
    }
    const [field, value] = entries[0] as [string, string];
    const name = field.toLowerCase();
    covered.add(name);
    if (form.get(name) !== value) violations.push(`${name} must be exactly "${value}"`);
  }
  for (const name of form.keys()) {
    if (!exempt(name) && !covered.has(name)) {
      violations.push(`the form field ${name} is not covered by the policy`);
    }
  }
  if (!covered.has('bucket')) violations.push('the policy does not name the bucket');
  if (!covered.has('key')) violations.push('the policy does not bind the key');

  // Signature Version 4: the algorithm, credential and date in the form and in the policy.
  for (const name of ['x-amz-algorithm', 'x-amz-credential', 'x-amz-date']) {
    if (!form.has(name)) violations.push(`the form has no ${name}`);
    if (!covered.has(name)) violations.push(`the policy does not hold ${name}`);
  }
  if (form.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    violations.push('x-amz-algorithm must be AWS4-HMAC-SHA256');
  }
  const date = amzDateShape.exec(form.get('x-amz-date') ?? '')?.[1];
  const [, scopeDate, region, service, terminator] = (form.get('x-amz-credential') ?? '').split(
    '/',
  );
  if (!date || scopeDate !== date || service !== 's3' || terminator !== 'aws4_request' || !region) {
    violations.push('x-amz-credential must be <key>/<x-amz-date day>/<region>/s3/aws4_request');
  } else {
    let key = hmac(`AWS4${upload.secretAccessKey}`, date);
    for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
    const signature = createHmac('sha256', key).update(encoded).digest('hex');
    if (form.get('x-amz-signature') !== signature) {
      violations.push('x-amz-signature is not the signature of this policy');
    }
  }
  if (!sizeChecked) violations.push('the policy sets no content-length-range');
  return violations;
}
