/**
 * Who may call what (ASVS V4.1, V4.2, V3.3): every /api, /service and upload route, called by
 * each kind of caller that is not its rightful one, answers the status of the matrix below, and
 * applicant B's data is the same afterwards. The matrix is checked against the routes the app
 * really has, so a new route fails this file until its row is written.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretHasher } from '../../src/server/identity/secrets';
import { ServiceTokens } from '../../src/server/identity/service-tokens';
import { SESSION_IDLE_MS } from '../../src/server/identity/sessions';
import {
  createTestApp,
  databases,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../server/helpers/test-app';
import { png } from '../server/helpers/fixtures';
import { multipartBody, postUpload, presign, type Presigned } from '../server/helpers/uploads';
import { accountIdOf, logIn, noRateLimits, sessionToken, snapshotOf } from './helpers/applicants';
import { concretePath, mutatingMethods, routesOf, splitRoute } from './helpers/routes';
import { useSecurityLog } from './helpers/security-log';

type Actor =
  | 'visitor'
  | 'otherApplicant'
  | 'otherApplicantWithBsLink'
  | 'serviceTokenQuery'
  | 'serviceTokenHeader'
  | 'loggedOutSession'
  | 'expiredSession';

/**
 * - visitor: no cookie, no token.
 * - otherApplicant: applicant A's live session, naming B's things where a route takes them
 *   (B's upload key, B's spent visitor token, B's already used upload form, a staff link for B
 *   that the server did not sign).
 * - otherApplicantWithBsLink: A's live session with B's real staff link in the query, on every
 *   route: /api reads the session alone, so A still meets only A's data there.
 * - serviceTokenQuery: B's real staff link as the service_token query parameter, no cookie.
 * - serviceTokenHeader: the same token as a bearer header, an X-Service-Token header and a
 *   service_token cookie, and not in the query.
 * - loggedOutSession: A's session cookie after GET /api/logout.
 * - expiredSession: A's session cookie after 15 idle minutes (and A's upload form, issued then).
 */
const actors: Actor[] = [
  'visitor',
  'otherApplicant',
  'otherApplicantWithBsLink',
  'serviceTokenQuery',
  'serviceTokenHeader',
  'loggedOutSession',
  'expiredSession',
];

type Row = Record<Actor, number>;

/** An /api route: only a live session of the applicant passes; A acting there answers `own`. */
const api = (own: number): Row => ({
  visitor: 401,
  otherApplicant: own,
  otherApplicantWithBsLink: own,
  serviceTokenQuery: 401,
  serviceTokenHeader: 401,
  loggedOutSession: 401,
  expiredSession: 401,
});

/** A /service route: only a staff link the server signed, in the query, reads (B's) data. */
const service: Row = {
  visitor: 400,
  otherApplicant: 403,
  otherApplicantWithBsLink: 200,
  serviceTokenQuery: 200,
  serviceTokenHeader: 400,
  loggedOutSession: 400,
  expiredSession: 400,
};

/**
 * The local store's upload route: only a signed, unexpired, unused form passes, whatever the
 * cookies say. A replays B's spent form (409); the expired session brings A's form from before
 * the 15 minutes (its 10 minutes are over: 403); the others bring no form (400).
 */
const upload: Row = {
  visitor: 400,
  otherApplicant: 409,
  otherApplicantWithBsLink: 409,
  serviceTokenQuery: 400,
  serviceTokenHeader: 400,
  loggedOutSession: 400,
  expiredSession: 403,
};

/**
 * Routes × callers → status. A HEAD route answers as its GET. For A's own 200s, the answers are
 * checked to hold nothing of B's (below).
 */
const matrix: Record<string, Row> = {
  'GET /api/profile': api(200),
  'PUT /api/profile/language': api(200),
  'GET /api/logout': api(200),
  'PUT /api/answer': api(200),
  'PUT /api/last-page': api(200),
  'POST /api/web-status': api(200),
  'POST /api/validations': api(200),
  // A's own application is incomplete.
  'POST /api/submit': api(422),
  // B already claimed this visitor token.
  'POST /api/visitor-answers/claim': api(404),
  'GET /api/add-another': api(200),
  'PUT /api/add-another': api(200),
  'GET /api/tabs': api(200),
  'PUT /api/tabs': api(200),
  'POST /api/presigned-url': api(200),
  'GET /api/document-answer': api(200),
  'DELETE /api/document-answer/:key': api(200),
  'GET /api/pdf/document-answer/:key': api(200),
  // B's upload key was not issued to A.
  'POST /api/pdf/document-answer/:key': api(400),
  'DELETE /api/pdf/document-answer/:key': api(200),
  'GET /api/pdf': api(200),
  // A has no PDF yet.
  'GET /api/pdf/file': api(404),
  'GET /service/tmp-pdf': service,
  'GET /service/document/:key': service,
  'POST /uploads': upload,
  'POST /uploads/': upload,
};

/**
 * Routes outside the matrix because anyone may call them (SPEC §6): the account routes, visitor
 * answers, the lookup, the health probes and the browsers' error reports. The rate limits and
 * enumeration files cover them (the reports: tests/server/client-error-routes.test.ts).
 */
const publicRoutes = [
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /lookup/find',
  'GET /public/tmp',
  'POST /public/tmp',
  'POST /public/client-errors',
  'POST /public/confirm',
  'POST /public/forgot-password',
  'POST /public/login',
  'POST /public/resend-confirm',
  'POST /public/reset-password',
  'POST /public/signup',
];

const withHead = (routes: string[]) =>
  routes.flatMap((r) => (r.startsWith('GET ') ? [r, r.replace(/^GET/, 'HEAD')] : [r]));

const log = useSecurityLog();
log.secret('password', PASSWORD);

const A = 'mallory@example.org';
const B = 'bob@example.org';
/** B's answers, distinctive enough that finding one in an answer to A means a leak. */
const bAnswers = {
  first_name: log.secret('answer value', 'Bartholomew-5be7'),
  last_name: log.secret('answer value', 'Quixley-41c9'),
  city: log.secret('answer value', 'Ulaanbaatar-0d2e'),
};
const bVisitorAnswer = log.secret('answer value', 'Visitorvalue-77aa');
const aAnswer = log.secret('answer value', 'Malloryvalue-93f1');
const bFileName = 'b-transcript.png';

describe.each(databases)('the authorization matrix on $name', ({ url }) => {
  let t: TestApp;
  let bCookies: Record<string, string>;
  let bId: string;
  let aId: string;
  let bForm: Presigned;
  let bVisitorToken: string;
  let serviceToken: string;
  let forgedServiceToken: string;
  let aCookies: Record<string, string>;
  let aExpiring: Record<string, string>;
  let aExpiringForms: Presigned[];
  let aLoggedOut: Record<string, string>;
  let before: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp(url, noRateLimits, undefined, { logger: log.logger });
    const kept = await t.call('POST', '/public/tmp', { answer: { middle_name: bVisitorAnswer } });
    bVisitorToken = log.secret('visitor token', kept.json<{ token: string }>().token);

    bCookies = await signedIn(t, B);
    log.secret('session token', sessionToken(bCookies));
    bId = await accountIdOf(t, B);
    const claim = await t.call(
      'POST',
      '/api/visitor-answers/claim',
      { token: bVisitorToken },
      bCookies,
    );
    expect(claim.statusCode).toBe(200);
    for (const [method, route, body] of [
      ['PUT', '/api/answer', bAnswers],
      ['PUT', '/api/add-another', { button_id: 'activity_interest', num_components: 2 }],
      ['PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'upload' }],
      ['POST', '/api/web-status', { web_status: 'validating' }],
      ['POST', '/api/validations', { last_name: ['Last name missing (fixture).'] }],
      ['PUT', '/api/last-page', { last_page: '/education' }],
    ] as const) {
      expect((await t.call(method, route, body, bCookies)).statusCode, route).toBe(200);
    }
    bForm = await presign(t, bCookies);
    log.secret('upload signature', bForm.fields.signature!);
    expect(
      (await postUpload(t, bForm.url, bForm.fields, { name: bFileName, bytes: png() })).statusCode,
    ).toBe(204);
    const conversion = await t.call(
      'POST',
      '/api/pdf/document-answer/transcript_file',
      { file_key: bForm.fields.key, file_name: bFileName },
      bCookies,
    );
    expect(conversion.statusCode).toBe(200);
    await t.jobs.runUntilIdle();

    const tokens = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock);
    serviceToken = log.secret('service token', tokens.issue(bId));
    // B's id, signed with a key that is not the server's.
    forgedServiceToken = new ServiceTokens(
      new SecretHasher('not-the-server-secret-but-just-as-long-as-one'),
      t.clock,
    ).issue(bId);

    aCookies = await signedIn(t, A);
    aId = await accountIdOf(t, A);
    aExpiring = await logIn(t, A);
    aExpiringForms = [await presign(t, aExpiring), await presign(t, aExpiring)];
    aLoggedOut = await logIn(t, A);
    expect((await t.call('GET', '/api/logout', undefined, aLoggedOut)).statusCode).toBe(200);
    for (const cookies of [aCookies, aExpiring, aLoggedOut]) {
      log.secret('session token', sessionToken(cookies));
    }
    log.secretsFromMail(t.mail);

    before = await snapshotOf(t, B, bCookies);
    expect(before).toMatchObject({
      profile: { answer: { ...bAnswers, middle_name: bVisitorAnswer } },
      documentAnswer: { transcript_file: { file_name: bFileName } },
      conversion: { status: 'COMPLETED' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Valid bodies, naming B's things where a route takes them. */
  const bodyOf = (route: string): unknown =>
    ({
      'PUT /api/answer': { first_name: aAnswer },
      'PUT /api/last-page': { last_page: '/final-steps' },
      'PUT /api/profile/language': { language: 'en' },
      'POST /api/web-status': { web_status: 'started' },
      'POST /api/validations': { first_name: ['First name missing (fixture).'] },
      'POST /api/visitor-answers/claim': { token: bVisitorToken },
      'PUT /api/add-another': { button_id: 'activity_interest', num_components: 3 },
      'PUT /api/tabs': { tab_id: 'transcript', chosen_tab: 'self-report' },
      'POST /api/presigned-url': { answer_key: 'transcript_file' },
      'POST /api/pdf/document-answer/:key': { file_key: bForm.fields.key, file_name: bFileName },
    })[route] ?? {};

  function send(route: string, actor: Actor): Promise<LightMyRequestResponse> {
    const { method, path } = splitRoute(route);
    let target = concretePath(path);
    const headers: Record<string, string> = { origin: t.config.publicUrl };
    let cookies: Record<string, string> | undefined;
    const asA = actor === 'otherApplicant' || actor === 'otherApplicantWithBsLink';
    if (asA) cookies = aCookies;
    if (actor === 'loggedOutSession') cookies = aLoggedOut;
    if (actor === 'expiredSession') cookies = aExpiring;
    if (actor === 'serviceTokenQuery' || actor === 'otherApplicantWithBsLink') {
      target += `?service_token=${encodeURIComponent(serviceToken)}`;
    }
    if (actor === 'otherApplicant' && path.startsWith('/service/')) {
      target += `?service_token=${encodeURIComponent(forgedServiceToken)}`;
    }
    if (actor === 'serviceTokenHeader') {
      headers.authorization = `Bearer ${serviceToken}`;
      headers['x-service-token'] = serviceToken;
      cookies = { service_token: serviceToken };
    }
    if (path.startsWith('/uploads')) {
      const form = asA
        ? bForm.fields
        : actor === 'expiredSession'
          ? aExpiringForms.pop()!.fields
          : {};
      const { payload, contentType } = multipartBody(form, { name: 'a.png', bytes: png() });
      headers['content-type'] = contentType;
      return t.app.inject({ method: 'POST', url: target, headers, cookies, payload });
    }
    if (!mutatingMethods.has(method)) {
      return t.app.inject({ method: method as 'GET', url: target, headers, cookies });
    }
    headers['content-type'] = 'application/json';
    const payload = JSON.stringify(bodyOf(route));
    return t.app.inject({ method: method as 'POST', url: target, headers, cookies, payload });
  }

  /** What of B's an answer to anyone but B's own staff link must never hold. */
  const bSecrets = () => [
    B,
    bId,
    bFileName,
    bForm.fields.key!,
    bVisitorAnswer,
    ...Object.values(bAnswers),
  ];

  it('has a row for every /api, /service and upload route, and nothing else is unguarded', () => {
    // /api/staff is the staff side's (issue 17): its own scope guards it, and its own matrix of
    // staff actors (no session, applicant, reader, admin, revoked link, removed staff) tests it.
    const routes = routesOf(t.app).filter((route) => !/^\w+ \/api\/staff\//.test(route));
    const covered = new Set([...withHead(Object.keys(matrix)), ...withHead(publicRoutes)]);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    const guarded = routes.filter((r) => /^\w+ \/(api|service|uploads)\b/.test(r));
    expect(guarded.sort()).toEqual(withHead(Object.keys(matrix)).sort());
  });

  it.each(actors)(
    'answers the %s as the matrix says, and shows them nothing of B',
    async (actor) => {
      if (actor === 'expiredSession') t.clock.advance(SESSION_IDLE_MS + 1000);
      // Logging out ends A's session: those routes go last.
      const routes = withHead(Object.keys(matrix)).sort(
        (a, b) => Number(a.includes('logout')) - Number(b.includes('logout')),
      );
      const observed: Record<string, number> = {};
      const leaks: string[] = [];
      for (const route of routes) {
        const response = await send(route, actor);
        observed[route] = response.statusCode;
        const ownStaffLink =
          (actor === 'serviceTokenQuery' || actor === 'otherApplicantWithBsLink') &&
          route.includes(' /service/');
        const text = response.body;
        for (const secret of ownStaffLink ? [] : bSecrets()) {
          if (text.includes(secret)) leaks.push(`${route} showed ${secret}`);
        }
        if (response.statusCode === 200 && route === 'POST /api/presigned-url') {
          expect(response.json<Presigned>().fields.key).toMatch(`uploads/${aId}/transcript_file/`);
        }
        if (route.includes('logout') && actor.startsWith('otherApplicant')) {
          aCookies = await logIn(t, A);
          log.secret('session token', sessionToken(aCookies));
        }
      }
      const expected = Object.fromEntries(
        routes.map((route) => [route, matrix[route.replace(/^HEAD/, 'GET')]![actor]]),
      );
      expect(observed).toEqual(expected);
      expect(leaks).toEqual([]);
    },
  );

  it('has no mutating /service route: staff links only read', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const path of ['/service/tmp-pdf', '/service/document/transcript_file']) {
        const response = await t.app.inject({
          method,
          url: `${path}?service_token=${encodeURIComponent(serviceToken)}`,
          headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('leaves B’s answers, documents, statuses, blocks, tabs and files as they were', async () => {
    // The clock moved past B's idle limit too: B logs in again to look.
    const bAgain = await logIn(t, B);
    log.secret('session token', sessionToken(bAgain));
    const after = await snapshotOf(t, B, bAgain);
    expect(after).toEqual(before);
    log.secretsFromMail(t.mail);
  });
});
