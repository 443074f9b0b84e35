import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { cookieJar, PASSWORD, type TestApp } from '../../server/helpers/test-app';

/** Limits high enough that a suite's own traffic is never the thing refused. */
export const noRateLimits = {
  RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
  RATE_LIMIT_PER_USERNAME_PER_HOUR: '1000000',
  RATE_LIMIT_LOOKUP_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_BACKOFF_AFTER: '1000000',
  RATE_LIMIT_API_WRITES_PER_MINUTE: '1000000',
  RATE_LIMIT_VALIDATIONS_PER_MINUTE: '1000000',
  VISITOR_ANSWERS_PER_IP: '1000000',
};

/** A new session of an existing, confirmed account. */
export async function logIn(t: TestApp, username: string): Promise<Record<string, string>> {
  const response = await t.call('POST', '/public/login', { username, password: PASSWORD });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return cookieJar(response);
}

export const sessionToken = (cookies: Record<string, string>): string =>
  cookies['admissions_identity.session'] ?? '';

export async function accountIdOf(t: TestApp, username: string): Promise<string> {
  const row = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every file under the data folder, relative to it, with a hash of its bytes. */
export function fileTree(root: string): Record<string, string> {
  if (!existsSync(root)) return {};
  return Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
        return [path.relative(root, file), hash];
      })
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

/**
 * What an applicant has, as the API shows it to them and as the database and blob folder hold
 * it: profile (without the login list, which a new login lengthens), documents, conversion,
 * blocks, tabs, upload grants, validation reports, and the bytes of their files.
 */
export async function snapshotOf(
  t: TestApp,
  username: string,
  cookies: Record<string, string>,
): Promise<Record<string, unknown>> {
  const read = async (url: string) => {
    const response = await t.call('GET', url, undefined, cookies);
    expect(response.statusCode, url).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const { successful_login: logins, ...profile } = await read('/api/profile');
  expect(Array.isArray(logins)).toBe(true);
  const accountId = await accountIdOf(t, username);
  const rows = async (table: 'upload_grants' | 'validation_reports' | 'document_answers') =>
    (await t.db.selectFrom(table).selectAll().where('account_id', '=', accountId).execute())
      .map((row) => JSON.stringify(row))
      .sort();
  const blobs = fileTree(path.join(t.dataDir, 'blobs'));
  return {
    profile,
    documentAnswer: await read('/api/document-answer'),
    conversion: await read('/api/pdf/document-answer/transcript_file'),
    addAnother: await read('/api/add-another'),
    tabs: await read('/api/tabs'),
    uploadGrants: await rows('upload_grants'),
    validationReports: await rows('validation_reports'),
    documentRows: await rows('document_answers'),
    files: Object.fromEntries(Object.entries(blobs).filter(([file]) => file.includes(accountId))),
  };
}
