/**
 * Property-based fuzzing of every route (fast-check): generated bodies (any JSON, near-valid
 * bodies with wrong types, deep nesting, huge strings, prototype-pollution and duplicate keys,
 * unicode, broken JSON), query strings, path parameters, content types, cookies, upload forms and
 * files. Whatever comes: never a 5xx, every error a JSON body with a string message, the server
 * healthy afterwards, and applicant B's data untouched. The routes are read from the app, so a
 * new route is fuzzed the day it appears.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFormsRuntime } from '../../src/server/application/load-forms-runtime';
import { SecretHasher } from '../../src/server/identity/secrets';
import { ServiceTokens } from '../../src/server/identity/service-tokens';
import type { JobOutcome } from '../../src/server/jobs/job-runner';
import { loadLookupData } from '../../src/server/lookup/lookup-loader';
import {
  createTestApp,
  databases,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../server/helpers/test-app';
import { png } from '../server/helpers/fixtures';
import { multipartBody, postUpload, presign } from '../server/helpers/uploads';
import { accountIdOf, noRateLimits, snapshotOf } from '../security/helpers/applicants';
import { mutatingMethods, routesOf, splitRoute } from '../security/helpers/routes';
import {
  anyString,
  bodyText,
  contentTypes,
  fileBytes,
  jsonText,
  queryString,
  urlPart,
} from './arbitraries';

const A = 'mallory@example.org';
const B = 'bob@example.org';
const answerKeys = [...loadFormsRuntime().knownKeys].slice(0, 40);

/** How many generated cases each property runs (per database); the whole file stays < 60 s. */
/** A property may take longer than one test's usual 20 s on a loaded machine. */
const PROPERTY_TIMEOUT_MS = 90_000;
const runs = { routes: 2000, strangers: 250, uploads: 150, documents: 30 };

interface Stats {
  requests: number;
  serverErrors: string[];
  statuses: Record<number, number>;
}

describe.each(databases)('fuzzing every route on $name', ({ name, url }) => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  let bUploadKey: string;
  let serviceToken: string;
  let routes: string[];
  let before: Record<string, unknown>;
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  const stats: Stats = { requests: 0, serverErrors: [], statuses: {} };

  beforeAll(async () => {
    t = await createTestApp(url, noRateLimits);
    await loadLookupData(t.db);
    b = await signedIn(t, B);
    await t.call('PUT', '/api/answer', { first_name: 'Bob', last_name: 'Builder' }, b);
    await t.call('PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'upload' }, b);
    const form = await presign(t, b);
    await postUpload(t, form.url, form.fields, { name: 'b.png', bytes: png() });
    bUploadKey = form.fields.key!;
    await t.call(
      'POST',
      '/api/pdf/document-answer/transcript_file',
      { file_key: bUploadKey, file_name: 'b.png' },
      b,
    );
    await t.jobs.runUntilIdle();
    serviceToken = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock).issue(
      await accountIdOf(t, B),
    );
    a = await signedIn(t, A);
    // Logging out would end the session the fuzzing works with; it is fuzzed on its own below.
    routes = routesOf(t.app).filter((r) => !r.includes('/logout'));
    before = await snapshotOf(t, B, b);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Counts the answer and holds it to the rules: no 5xx, every error JSON with a message. */
  function check(request: string, method: string, response: LightMyRequestResponse): void {
    stats.requests++;
    stats.statuses[response.statusCode] = (stats.statuses[response.statusCode] ?? 0) + 1;
    if (response.statusCode >= 500) {
      stats.serverErrors.push(`${request} → ${response.statusCode} ${response.body.slice(0, 300)}`);
      throw new Error(`${request} → ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    if (response.statusCode < 400 || method === 'HEAD') return;
    expect(response.headers['content-type'], request).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as { message?: unknown };
    expect(typeof body.message, request).toBe('string');
    expect((body.message as string).length, request).toBeGreaterThan(0);
  }

  async function send(
    method: string,
    target: string,
    options: {
      body?: string;
      contentType?: string;
      cookies?: Record<string, string>;
      /** A raw Cookie header, sent as it is. */
      cookie?: string;
    } = {},
  ) {
    const mutating = mutatingMethods.has(method);
    const response = await t.app.inject({
      method: method as 'POST',
      url: target,
      headers: {
        origin: t.config.publicUrl,
        ...(mutating && options.contentType !== undefined
          ? { 'content-type': options.contentType }
          : {}),
        ...(options.cookie !== undefined ? { cookie: options.cookie } : {}),
      },
      cookies: options.cookies,
      ...(mutating && options.body !== undefined ? { payload: options.body } : {}),
    });
    check(
      `${method} ${target.slice(0, 200)} ${String(options.body).slice(0, 200)}`,
      method,
      response,
    );
    return response;
  }

  /** Near-valid values for each route's body fields. */
  const fieldsOf = (route: string): Record<string, fc.Arbitrary<unknown>> => {
    const email = fc.oneof(
      fc.constantFrom(A, B, ' BOB@Example.org ', 'new@example.org'),
      fc.emailAddress(),
      anyString,
    );
    const password = fc.oneof(fc.constant(PASSWORD), anyString);
    const answers = fc.dictionary(
      fc.oneof(fc.constantFrom(...answerKeys, 'transcript_file'), anyString),
      fc.oneof(fc.string({ maxLength: 60 }), anyString, fc.integer()),
      { maxKeys: 8 },
    );
    const table: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
      'POST /public/signup': { username: email, password },
      'POST /public/login': { username: email, password },
      'POST /public/confirm': {
        username: email,
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), anyString),
      },
      'POST /public/resend-confirm': { username: email },
      'POST /public/forgot-password': { username: email },
      'POST /public/reset-password': {
        username: email,
        password,
        confirm_password: password,
        id: anyString,
      },
      'POST /public/tmp': { answer: answers },
      'PUT /api/answer': Object.fromEntries(
        answerKeys.map((key) => [key, fc.oneof(fc.string({ maxLength: 60 }), anyString)]),
      ),
      'PUT /api/last-page': {
        last_page: fc.oneof(fc.constantFrom('/about', '/education', '/final-steps'), anyString),
      },
      'POST /api/web-status': {
        web_status: fc.oneof(fc.constantFrom('started', 'validating', 'submitted'), anyString),
      },
      'POST /api/validations': Object.fromEntries(
        answerKeys.slice(0, 10).map((key) => [key, fc.array(anyString, { maxLength: 3 })]),
      ),
      'POST /api/visitor-answers/claim': { token: anyString },
      'PUT /api/add-another': {
        button_id: fc.oneof(fc.constant('activity_interest'), anyString),
        num_components: fc.oneof(fc.integer({ min: -5, max: 15 }), fc.double(), anyString),
      },
      'PUT /api/tabs': {
        tab_id: fc.oneof(fc.constant('transcript'), anyString),
        chosen_tab: fc.oneof(fc.constantFrom('upload', 'self-report'), anyString),
      },
      'POST /api/presigned-url': {
        answer_key: fc.oneof(fc.constantFrom('transcript_file', 'first_name'), anyString),
      },
      'POST /api/pdf/document-answer/:key': {
        file_key: fc.oneof(fc.constant(bUploadKey), anyString),
        file_name: fc.oneof(fc.constantFrom('a.pdf', 'a.png', 'x.docx'), anyString),
      },
    };
    return table[route] ?? {};
  };

  const paramsOf = (route: string): Record<string, readonly string[]> =>
    route.includes(' /lookup/')
      ? {
          category: ['hs_ceeb', 'college_ceeb', 'address'],
          query: ['alc', 'mahan high', 'a', 'st. mary'],
          id: ['575010', 'abc_-'],
          max_results: ['1', '5', '20', '21', '0'],
          state: ['AE', 'ca', 'XYZ'],
        }
      : route.includes(' /service/')
        ? { service_token: [serviceToken, `${serviceToken}x`, 'a.b', '.'] }
        : route.includes(' /public/tmp')
          ? { token: ['x'.repeat(43)] }
          : { x: ['1'] };

  it(
    'never answers a 5xx to generated bodies, queries and keys on any route',
    async () => {
      const request = fc.constantFrom(...routes).chain((route) =>
        fc.record({
          route: fc.constant(route),
          body: bodyText(fieldsOf(route)),
          query: queryString(paramsOf(route)),
          key: urlPart(['transcript_file', 'first_name', '..', 'TRANSCRIPT_FILE']),
          contentType: contentTypes,
          signedIn: fc.oneof(
            { arbitrary: fc.constant(true), weight: 9 },
            { arbitrary: fc.constant(false), weight: 1 },
          ),
        }),
      );
      await fc.assert(
        fc.asyncProperty(request, async ({ route, body, query, key, contentType, signedIn }) => {
          const { method, path } = splitRoute(route);
          const target = `${path.includes(':key') ? path.replace(/:key\b/g, key) : path}${query}`;
          await send(method, target, { body, contentType, cookies: signedIn ? a : undefined });
        }),
        { numRuns: runs.routes },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'never answers a 5xx to any method on any path, or to odd cookies',
    async () => {
      const request = fc.record({
        method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        prefix: fc.constantFrom('/api/', '/public/', '/service/', '/lookup/', '/uploads/', '/', ''),
        rest: urlPart(['profile', 'logout', 'tmp', 'find', 'tmp-pdf', 'pdf/document-answer/x']),
        body: jsonText(),
        cookie: fc.oneof(
          fc.constant(undefined),
          urlPart().map((v) => `admissions_identity.session=${v}`),
          fc.string({ unit: fc.constantFrom(...'ab=;, "%\\.-_'.split('')), maxLength: 40 }),
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ method, prefix, rest, body, cookie }) => {
          await send(method, `${prefix}${rest}`.startsWith('/') ? `${prefix}${rest}` : `/${rest}`, {
            body,
            contentType: 'application/json',
            cookie,
          });
        }),
        { numRuns: runs.strangers },
      );
      // Logging out, with anything after it, answers as it should; then a new session.
      for (const query of ['', '?x=%', '?__proto__=1', `?service_token=${serviceToken}`]) {
        await send('GET', `/api/logout${query}`, { cookies: a });
        await send('GET', `/api/logout${query}`);
      }
      a = await signedIn(t, A);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'never answers a 5xx to generated upload forms and files',
    async () => {
      const upload = fc.record({
        issued: fc.boolean(),
        changes: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('key', 'policy', 'signature', 'x-amz-meta-account', 'file', 'acl'),
              fc.string({ maxLength: 12 }),
            ),
            anyString.filter((s) => s.length < 5000),
          ),
          { maxLength: 3 },
        ),
        file: fc.option(
          fc.record({
            name: fc.oneof(fc.constantFrom('a.pdf', '../../x.png', 'a"b.pdf'), fc.string()),
            bytes: fileBytes,
            type: fc.constantFrom('application/pdf', 'image/png', 'text/html', ''),
          }),
        ),
        raw: fc.option(fc.uint8Array({ maxLength: 500 }), { freq: 8 }),
      });
      await fc.assert(
        fc.asyncProperty(upload, async ({ issued, changes, file, raw }) => {
          if (raw) {
            await send('POST', '/uploads', {
              body: Buffer.from(raw).toString('latin1'),
              contentType: 'multipart/form-data; boundary=x',
            });
            return;
          }
          const fields: Record<string, string> = issued ? (await presign(t, a)).fields : {};
          for (const [field, value] of changes) fields[field] = value;
          const { payload, contentType } = multipartBody(fields, file ?? undefined);
          const response = await t.app.inject({
            method: 'POST',
            url: '/uploads',
            headers: { origin: t.config.publicUrl, 'content-type': contentType },
            payload,
          });
          check(`POST /uploads ${JSON.stringify(fields).slice(0, 300)}`, 'POST', response);
        }),
        { numRuns: runs.uploads },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'converts or refuses generated documents, and its jobs never crash',
    async () => {
      const outcomes: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(
          fileBytes,
          fc.constantFrom('a.pdf', 'a.png', 'a.jpg', 'a.docx'),
          async (bytes, fileName) => {
            const form = await presign(t, a);
            const uploaded = await postUpload(t, form.url, form.fields, { name: fileName, bytes });
            check('POST /uploads (generated file)', 'POST', uploaded);
            if (uploaded.statusCode !== 204) return;
            const attached = await t.call(
              'POST',
              '/api/pdf/document-answer/transcript_file',
              { file_key: form.fields.key, file_name: fileName },
              a,
            );
            check('POST /api/pdf/document-answer/transcript_file', 'POST', attached);
            for (const outcome of await t.jobs.runUntilIdle()) {
              outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
            }
            const status = await t.call(
              'GET',
              '/api/pdf/document-answer/transcript_file',
              undefined,
              a,
            );
            check('GET /api/pdf/document-answer/transcript_file', 'GET', status);
            expect(status.statusCode).toBe(200);
          },
        ),
        { numRuns: runs.documents },
      );
      expect(Object.keys(outcomes).every((o) => ['done', 'failed'].includes(o as JobOutcome))).toBe(
        true,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('is healthy afterwards, with B’s data and Object.prototype as they were', async () => {
    const health = await t.call('GET', '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(await snapshotOf(t, B, b)).toEqual(before);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.log(
      `fuzz (${name}): ${stats.requests} requests, ${stats.serverErrors.length} server errors; statuses ${JSON.stringify(stats.statuses)}`,
    );
    expect(stats.serverErrors).toEqual([]);
  });
});
