/**
 * Issue 14: nothing an outsider or an applicant writes grows without bound. Bodies are sized per
 * route, validation reports are known keys and one per page, /api writes and visitor-answer
 * tokens have their limits (with Retry-After), and the purge removes what has expired.
 */
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databases,
  fixtureForms,
  PASSWORD,
  signedIn,
  type TestApp,
} from './helpers/test-app';
import { purgeExpired } from '../../src/server/ops/purge';
import { baseName } from '../../src/server/uploads/document-routes';
import { pdf } from './helpers/fixtures';
import { postUpload, presign, uploadDocument } from './helpers/uploads';
import { addStaff } from './staff/staff-helpers';

const count = async (t: TestApp, table: 'visitor_answers' | 'validation_reports') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function fromIp(t: TestApp, ip: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: {
      origin: t.config.publicUrl,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

describe.each(databases)('bounds on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      url,
      {
        RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
        VISITOR_ANSWERS_PER_IP: '3',
        RATE_LIMIT_API_WRITES_PER_MINUTE: '40',
        RATE_LIMIT_VALIDATIONS_PER_MINUTE: '5',
      },
      fixtureForms,
    );
  });
  afterAll(async () => t?.close());

  it('answers /public/tmp with Cache-Control: no-store', async () => {
    const kept = await fromIp(t, '10.9.0.1', 'POST', '/public/tmp', {
      answer: { first_name: 'Ada' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['cache-control']).toBe('no-store');
    const read = await fromIp(t, '10.9.0.1', 'GET', `/public/tmp?token=${kept.json().token}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('holds one IP to its quota of visitor-answer tokens, even when asked at once', async () => {
    const before = await count(t, 'visitor_answers');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fromIp(t, '10.9.0.2', 'POST', '/public/tmp', { answer: { first_name: `v${i}` } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(7).fill(429)]);
    expect(await count(t, 'visitor_answers')).toBe(before + 3);
    const refused = responses.find((r) => r.statusCode === 429)!;
    // The oldest token expires in a week: that is when the quota has room again.
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(6 * 24 * 3600);
    expect(wait).toBeLessThanOrEqual(7 * 24 * 3600);
    // Another IP has its own quota; every acknowledged token still reads back.
    expect(
      (await fromIp(t, '10.9.0.3', 'POST', '/public/tmp', { answer: { first_name: 'x' } }))
        .statusCode,
    ).toBe(200);
    for (const response of responses.filter((r) => r.statusCode === 200)) {
      const token = response.json().token as string;
      expect((await fromIp(t, '10.9.0.2', 'GET', `/public/tmp?token=${token}`)).statusCode).toBe(
        200,
      );
    }
  });

  it('refuses bodies beyond what each route needs with 413', async () => {
    const big = (n: number) => 'x'.repeat(n);
    const signup = await fromIp(t, '10.9.0.4', 'POST', '/public/signup', {
      username: 'a@example.org',
      password: PASSWORD,
      padding: big(20_000),
    });
    expect(signup.statusCode).toBe(413);
    const tmp = await fromIp(t, '10.9.0.4', 'POST', '/public/tmp', {
      answer: { first_name: big(300_000) },
    });
    expect(tmp.statusCode).toBe(413);
    const cookies = await signedIn(t, 'big@example.org');
    const answer = await t.call('PUT', '/api/answer', { first_name: big(300_000) }, cookies);
    expect(answer.statusCode).toBe(413);
    const page = await t.call('PUT', '/api/last-page', { last_page: big(20_000) }, cookies);
    expect(page.statusCode).toBe(413);
    // What a real applicant sends still fits.
    expect(
      (await t.call('PUT', '/api/answer', { first_name: big(1500) }, cookies)).statusCode,
    ).toBe(200);
  });

  it('keeps validation reports of known keys only, one per page, and limits how often', async () => {
    const cookies = await signedIn(t, 'validator@example.org');
    const unknown = await t.call('POST', '/api/validations', { not_a_field: ['x'] }, cookies);
    expect(unknown.statusCode).toBe(400);
    for (let i = 0; i < 4; i++) {
      const response = await t.call(
        'POST',
        '/api/validations',
        { first_name: [`First Name is required (${i}).`] },
        cookies,
      );
      expect(response.statusCode).toBe(200);
    }
    const rows = await t.db
      .selectFrom('validation_reports')
      .innerJoin('accounts', 'accounts.id', 'validation_reports.account_id')
      .select('errors')
      .where('accounts.username', '=', 'validator@example.org')
      .execute();
    expect(rows.map((r) => JSON.parse(r.errors))).toEqual([
      { first_name: ['First Name is required (3).'] },
    ]);
    // The sixth in a minute (the unknown-key one counted too) is refused, saying when to retry.
    const limited = await t.call('POST', '/api/validations', { first_name: ['x'] }, cookies);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('limits every /api write per account, not reads', async () => {
    t.clock.advance(60_000);
    const cookies = await signedIn(t, 'writer@example.org');
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++) {
      statuses.push((await t.call('PUT', '/api/answer', { city: `c${i}` }, cookies)).statusCode);
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
    const other = await t.call('POST', '/api/web-status', { web_status: 'started' }, cookies);
    expect(other.statusCode).toBe(429);
    expect(other.headers['retry-after']).toBeDefined();
    expect((await t.call('GET', '/api/profile', undefined, cookies)).statusCode).toBe(200);
    // Another applicant is not held back, and the next minute has room again.
    const bob = await signedIn(t, 'bob@example.org');
    expect((await t.call('PUT', '/api/answer', { city: 'b' }, bob)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await t.call('PUT', '/api/answer', { city: 'again' }, cookies)).statusCode).toBe(200);
  });
});

describe('file names', () => {
  it('lose bidirectional, zero-width and other control characters', () => {
    expect(baseName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(baseName('a\u2066b\u2069c\u200Fd\u200Be\u0085f\uFEFF.pdf')).toBe('abcdef.pdf');
    expect(baseName('C:\\fakepath\\r\u00e9sum\u00e9 \u4e2d\u6587.pdf')).toBe(
      'r\u00e9sum\u00e9 \u4e2d\u6587.pdf',
    );
  });
});

describe.each(databases)('purge on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, {
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      OUTBOX_RETENTION_DAYS: '7',
      UPLOAD_GRANT_GRACE_HOURS: '1',
    });
  });
  afterAll(async () => t?.close());

  it('removes what has expired and keeps what is live', async () => {
    const deps = () => ({
      db: t.db,
      blobs: t.documents.blobs,
      clock: t.clock,
      dataDir: t.dataDir,
      retention: t.config.retention,
    });
    // Expiring things: a session, a pending code, a reset link, visitor answers, limit counters,
    // an upload form never used, one used but never converted, and one converted.
    const ada = await signedIn(t, 'ada@example.org');
    await t.call('POST', '/public/signup', { username: 'pending@example.org', password: PASSWORD });
    await t.call('POST', '/public/forgot-password', { username: 'ada@example.org' });
    await t.call('POST', '/public/tmp', { answer: { first_name: 'Visitor' } });
    const unused = await presign(t, ada);
    const unconverted = await presign(t, ada);
    const bytes = await pdf(1);
    expect(
      (await postUpload(t, unconverted.url, unconverted.fields, { name: 'a.pdf', bytes }))
        .statusCode,
    ).toBe(204);
    expect((await uploadDocument(t, ada, bytes, 'kept.pdf')).statusCode).toBe(200);
    const convertedKey = (
      await t.db.selectFrom('document_answers').select('upload_key').executeTakeFirstOrThrow()
    ).upload_key;
    const blobFile = (key: string) => path.join(t.dataDir, 'blobs', key);
    expect(existsSync(blobFile(unconverted.fields.key!))).toBe(true);
    const outbox = path.join(t.dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    writeFileSync(path.join(outbox, 'old.eml'), 'x');
    writeFileSync(path.join(outbox, 'new.eml'), 'x');
    const eightDaysAgo = (Date.now() - 8 * 24 * 3600_000) / 1000;
    utimesSync(path.join(outbox, 'old.eml'), eightDaysAgo, eightDaysAgo);

    // The /api write counts reach the database in batches (RateLimiter.checkSoon), and at the
    // latest when the server closes: closed now (as `npm run purge` runs beside a server), none
    // is written after the clock has moved on. t.close() closes it again, which does nothing.
    await t.app.close();

    // Nothing has expired yet: a purge now removes nothing of it.
    await addStaff(t, 'reader');
    const early = await purgeExpired(deps());
    expect(early).toMatchObject({
      sessions: 0,
      staffSessions: 0,
      pendingSignUps: 0,
      unconfirmedAccounts: 0,
      passwordResets: 0,
      visitorAnswers: 0,
      uploadGrants: 0,
      uploadBlobs: 0,
      outboxFiles: 1,
    });

    t.clock.advance(8 * 24 * 3600_000);
    const later = await purgeExpired(deps());
    expect(later).toMatchObject({
      sessions: 1,
      staffSessions: 1,
      pendingSignUps: 1,
      unconfirmedAccounts: 1,
      passwordResets: 1,
      visitorAnswers: 1,
      uploadGrants: 3,
      uploadBlobs: 2,
      outboxFiles: 0,
    });
    expect(later.rateLimits).toBeGreaterThan(0);
    for (const table of [
      'sessions',
      'staff_sessions',
      'pending_sign_ups',
      'password_resets',
      'visitor_answers',
      'rate_limits',
      'upload_grants',
    ] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n), table).toBe(0);
    }
    // The blob that never became a document is gone; the applicant's document is kept.
    expect(existsSync(blobFile(unconverted.fields.key!))).toBe(false);
    expect(existsSync(blobFile(unused.fields.key!))).toBe(false);
    expect(existsSync(blobFile(convertedKey))).toBe(true);
    expect(existsSync(path.join(outbox, 'new.eml'))).toBe(true);
    expect(existsSync(path.join(outbox, 'old.eml'))).toBe(false);
    // Confirmed accounts are never purged; one never confirmed goes once its sign-up expired.
    expect(
      await t.db.selectFrom('accounts').select('username').orderBy('username').execute(),
    ).toEqual([{ username: 'ada@example.org' }]);
  });
});

describe('the /public and /api limits with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });
  const forgot = (t: TestApp) =>
    t.call('POST', '/public/forgot-password', { username: 'someone@example.org' });

  it.skipIf(!redisUrl)(
    'count once for every instance sharing the Redis, and nothing in the database',
    async () => {
      const env = {
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `test-${Math.random().toString(16).slice(2, 10)}:`,
        RATE_LIMIT_PER_IP_PER_MINUTE: '3',
      };
      // Two instances, each with a database of its own: only Redis can share the count.
      const a = await createTestApp('', env, fixtureForms);
      const b = await createTestApp('', env, fixtureForms);
      apps.push(a, b);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await forgot(i % 2 ? b : a)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect((await forgot(a)).headers['retry-after']).toBeDefined();
      expect(await a.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    },
  );

  it('still count, in the database, while Redis does not answer', async () => {
    const t = await createTestApp(
      '',
      { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_IP_PER_MINUTE: '3' },
      fixtureForms,
    );
    apps.push(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot(t)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
