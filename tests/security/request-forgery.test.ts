/**
 * Cross-site request forgery (ASVS V4.2.2, V13.2.5, ARCHITECTURE decision 5): every mutating
 * route refuses a request from another origin (403) and a body that is not JSON (415), whatever
 * cookie comes with it, and such a request changes nothing. The routes are read from the app, so
 * a new mutating route is covered the day it appears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databases,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../server/helpers/test-app';
import { png } from '../server/helpers/fixtures';
import { multipartBody, presign, type Presigned } from '../server/helpers/uploads';
import { noRateLimits, sessionToken, snapshotOf } from './helpers/applicants';
import { concretePath, mutatingMethods, routesOf, splitRoute } from './helpers/routes';
import { useSecurityLog } from './helpers/security-log';

const log = useSecurityLog();
log.secret('password', PASSWORD);
const USER = 'ada@example.org';
const answer = log.secret('answer value', 'Forgedvalue-c0ffee');

/** The body a route would accept, so only the origin or the content type is wrong. */
const bodies: Record<string, unknown> = {
  'POST /public/signup': { username: 'new@example.org', password: PASSWORD },
  'POST /public/login': { username: USER, password: PASSWORD },
  'POST /public/confirm': { username: USER, code: '123456' },
  'POST /public/resend-confirm': { username: USER },
  'POST /public/forgot-password': { username: USER },
  'POST /public/reset-password': {
    username: USER,
    password: PASSWORD,
    confirm_password: PASSWORD,
    id: 'x'.repeat(43),
  },
  'POST /public/tmp': { answer: { first_name: answer } },
  'PUT /api/answer': { first_name: answer },
  'PUT /api/last-page': { last_page: '/final-steps' },
  'POST /api/web-status': { web_status: 'validating' },
  'POST /api/validations': { first_name: [answer] },
  'POST /api/visitor-answers/claim': { token: 'x'.repeat(43) },
  'PUT /api/add-another': { button_id: 'activity_interest', num_components: 3 },
  'PUT /api/tabs': { tab_id: 'transcript', chosen_tab: 'self-report' },
  'POST /api/presigned-url': { answer_key: 'transcript_file' },
};

/** Origins that are not the application's: another site, a sibling port, an opaque origin. */
const foreignOrigins = ['https://evil.example', 'http://127.0.0.1:8081', 'null'];

describe.each(databases)('forged mutating requests on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  let mutating: string[];
  let before: Record<string, unknown>;
  let accountsBefore: number;
  let uploadForm: Presigned;

  beforeAll(async () => {
    t = await createTestApp(url, noRateLimits, undefined, { logger: log.logger });
    ada = await signedIn(t, USER);
    log.secret('session token', sessionToken(ada));
    log.secretsFromMail(t.mail);
    uploadForm = await presign(t, ada);
    mutating = routesOf(t.app).filter((route) => mutatingMethods.has(splitRoute(route).method));
    before = await snapshotOf(t, USER, ada);
    accountsBefore = await accounts();
  });
  afterAll(async () => {
    await t?.close();
  });

  const accounts = async () =>
    Number(
      (
        await t.db
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Sends a route its usual body (a JSON text, or an upload form) with these headers. */
  async function send(route: string, headers: Record<string, string>, json = true) {
    const { method, path } = splitRoute(route);
    const upload = path.startsWith('/uploads');
    let payload: string | Buffer = JSON.stringify(bodies[route] ?? {});
    let contentType = 'application/json';
    if (upload && json) {
      const { fields } = uploadForm;
      ({ payload, contentType } = multipartBody(fields, { name: 'a.png', bytes: png() }));
    }
    return t.app.inject({
      method: method as 'POST',
      url: concretePath(path),
      cookies: ada,
      headers: { 'content-type': contentType, ...headers },
      payload,
    });
  }

  it('knows the mutating routes it guards', () => {
    expect(mutating.length).toBeGreaterThanOrEqual(20);
    expect(mutating).toContain('PUT /api/answer');
    expect(mutating).toContain('POST /uploads');
  });

  it('refuses every mutating route from another origin with 403, even with the session', async () => {
    const answered: Record<string, number[]> = {};
    for (const route of mutating) {
      answered[route] = [];
      for (const origin of foreignOrigins) {
        const response = await send(route, { origin });
        answered[route].push(response.statusCode);
        expect(response.json(), route).toEqual({
          message: 'This request must come from the application itself.',
          code: 'CROSS_ORIGIN',
        });
      }
      // No Origin: the browser's Sec-Fetch-Site decides; absent or cross-site is refused.
      answered[route].push((await send(route, { 'sec-fetch-site': 'cross-site' })).statusCode);
      answered[route].push((await send(route, { 'sec-fetch-site': 'same-site' })).statusCode);
      answered[route].push((await send(route, {})).statusCode);
    }
    expect(answered).toEqual(
      Object.fromEntries(mutating.map((r) => [r, [403, 403, 403, 403, 403, 403]])),
    );
  });

  it('refuses a body that is not JSON on every mutating route (415; the upload form, 400)', async () => {
    const answered: Record<string, number[]> = {};
    for (const route of mutating) {
      const upload = route.includes(' /uploads');
      const plain = await t.app.inject({
        method: splitRoute(route).method as 'POST',
        url: concretePath(splitRoute(route).path),
        cookies: ada,
        headers: { origin: t.config.publicUrl, 'content-type': 'text/plain' },
        payload: JSON.stringify(bodies[route] ?? {}),
      });
      const form = await t.app.inject({
        method: splitRoute(route).method as 'POST',
        url: concretePath(splitRoute(route).path),
        cookies: ada,
        headers: {
          origin: t.config.publicUrl,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ first_name: answer, username: USER }).toString(),
      });
      answered[route] = [plain.statusCode, form.statusCode];
      expect(typeof plain.json().message, route).toBe('string');
      expect(typeof form.json().message, route).toBe('string');
      if (!upload) {
        expect(plain.json().code, route).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    }
    // The upload route takes multipart forms (S3's presigned POST), never text: 400 or 415.
    expect(answered).toEqual(
      Object.fromEntries(
        mutating.map((r) => [r, r.includes(' /uploads') ? [400, 415] : [415, 415]]),
      ),
    );
  });

  it('offers no GET that changes anything: a mutating path read with GET is a 404 or reads', async () => {
    const gets = new Set(routesOf(t.app).filter((r) => r.startsWith('GET ')));
    for (const route of mutating) {
      const { path } = splitRoute(route);
      if (gets.has(`GET ${path}`)) continue;
      const response = await t.call(
        'GET',
        `${concretePath(path)}?first_name=${answer}`,
        undefined,
        ada,
      );
      expect(response.statusCode, route).toBe(404);
    }
  });

  it('changed nothing: the applicant’s data and the accounts are as they were', async () => {
    expect(await snapshotOf(t, USER, ada)).toEqual(before);
    expect(await accounts()).toBe(accountsBefore);
    const visitorAnswers = await t.db.selectFrom('visitor_answers').selectAll().execute();
    expect(visitorAnswers).toEqual([]);
  });
});
