/**
 * Session cookies (ASVS V3.4) and the headers of every kind of answer (ASVS V14.4): the session
 * token is HttpOnly, SameSite=Lax and Secure over https; the marker the client reads holds
 * nothing secret; a login always starts a new token; the page and the API answers carry a strict
 * Content-Security-Policy, nosniff, a Referrer-Policy and no framing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdSubmitScript } from '../../src/contract/hold-submit';
import { SecretHasher } from '../../src/server/identity/secrets';
import { ServiceTokens } from '../../src/server/identity/service-tokens';
import {
  createTestApp,
  databases,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../server/helpers/test-app';
import { accountIdOf, logIn, noRateLimits, sessionToken } from './helpers/applicants';
import { useSecurityLog } from './helpers/security-log';

const log = useSecurityLog();
log.secret('password', PASSWORD);
const USER = 'ada@example.org';
const SESSION = 'admissions_identity.session';
const MARKER = 'admissions_identity.marker';

type Cookie = LightMyRequestResponse['cookies'][number];
const cookieNamed = (response: LightMyRequestResponse, name: string): Cookie => {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(response.cookies)}`);
  return cookie;
};

/** A cookie that tells the browser to forget it at once. */
const isCleared = (cookie: Cookie) =>
  cookie.value === '' &&
  (cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()));

/** The Content-Security-Policy as directive → sources. */
function cspOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Scripts from our origin, and the one inline script, which holds an early submit, by its hash. */
const scriptSources = [
  "'self'",
  `'sha256-${createHash('sha256').update(holdSubmitScript).digest('base64')}'`,
];

function clientFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admissions-security-client-'));
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><meta name="identity-cookie-prefix" content="x" /></head><body><script type="module" src="/assets/app.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

describe.each(databases)('cookies and headers on $name', ({ url }) => {
  describe.each([
    { scheme: 'http', publicUrl: 'http://127.0.0.1:8080', secure: false },
    { scheme: 'https', publicUrl: 'https://apply.example.edu', secure: true },
  ])('over $scheme', ({ publicUrl, secure }) => {
    let t: TestApp;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = clientFolder();
      t = await createTestApp(url, { ...noRateLimits, PUBLIC_URL: publicUrl }, undefined, {
        logger: log.logger,
        clientDir,
      });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it('sets the session token HttpOnly, SameSite=Lax, and the marker readable and secret-free', async () => {
      await signedIn(t, USER);
      const login = await t.call('POST', '/public/login', { username: USER, password: PASSWORD });
      log.secretsFromMail(t.mail);
      expect(login.statusCode).toBe(200);
      const session = cookieNamed(login, SESSION);
      const marker = cookieNamed(login, MARKER);
      log.secret('session token', session.value);
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session.secure === true).toBe(secure);
      expect(session.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(marker).toMatchObject({ sameSite: 'Lax', path: '/', value: '1' });
      expect(marker.secure === true).toBe(secure);
      expect(marker.httpOnly).toBeUndefined();
      // Every Set-Cookie header says the same, as the browser reads it.
      const raw = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
      const sessionHeader = raw.find((h) => h.startsWith(`${SESSION}=`))!;
      expect(sessionHeader).toMatch(/; HttpOnly/);
      expect(sessionHeader).toMatch(/; SameSite=Lax/);
      expect(/; Secure/.test(sessionHeader)).toBe(secure);
      const markerHeader = raw.find((h) => h.startsWith(`${MARKER}=`))!;
      expect(markerHeader).not.toMatch(/HttpOnly/i);
      expect(markerHeader).not.toContain(session.value);
    });

    it('starts a new token at every login, whatever session cookie came with it (no fixation)', async () => {
      const first = await logIn(t, USER);
      const planted = 'planted-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
      const login = await t.app.inject({
        method: 'POST',
        url: '/public/login',
        headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
        cookies: { [SESSION]: planted },
        payload: JSON.stringify({ username: USER, password: PASSWORD }),
      });
      const second = cookieNamed(login, SESSION).value;
      log.secret('session token', sessionToken(first));
      log.secret('session token', second);
      expect(second).not.toBe(planted);
      expect(second).not.toBe(sessionToken(first));
      const planting = await t.call('GET', '/api/profile', undefined, { [SESSION]: planted });
      expect(planting.statusCode).toBe(401);
    });

    it('clears both cookies at logout and on any 401, and the old token is dead', async () => {
      const cookies = await logIn(t, USER);
      log.secret('session token', sessionToken(cookies));
      const logout = await t.call('GET', '/api/logout', undefined, cookies);
      expect(logout.statusCode).toBe(200);
      expect(isCleared(cookieNamed(logout, SESSION))).toBe(true);
      expect(isCleared(cookieNamed(logout, MARKER))).toBe(true);
      const replay = await t.call('GET', '/api/profile', undefined, cookies);
      expect(replay.statusCode).toBe(401);
      expect(isCleared(cookieNamed(replay, SESSION))).toBe(true);
      expect(isCleared(cookieNamed(replay, MARKER))).toBe(true);
    });

    it('serves the application page with a strict policy: no eval, one inline script by its hash, no framing', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/about' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = cspOf(page);
      expect(csp['script-src']).toEqual(scriptSources);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect('upgrade-insecure-requests' in csp).toBe(secure);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('same-origin');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['x-powered-by']).toBeUndefined();
      expect(page.headers['strict-transport-security'] !== undefined).toBe(secure);
    });

    it('sends the same headers with every kind of API answer, and JSON as JSON', async () => {
      const cookies = await logIn(t, USER);
      log.secret('session token', sessionToken(cookies));
      const accountId = await accountIdOf(t, USER);
      const token = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock).issue(
        accountId,
      );
      log.secret('service token', token);
      const answers: Array<[string, LightMyRequestResponse]> = [
        ['200 profile', await t.call('GET', '/api/profile', undefined, cookies)],
        ['200 save', await t.call('PUT', '/api/answer', { city: 'Lyon-aaaa' }, cookies)],
        ['401', await t.call('GET', '/api/profile')],
        ['400', await t.call('PUT', '/api/answer', { city: 5 }, cookies)],
        ['404', await t.call('GET', '/api/nothing-here')],
        ['403', await t.call('GET', '/service/tmp-pdf?service_token=forged.token')],
        ['200 staff', await t.call('GET', `/service/tmp-pdf?service_token=${token}`)],
        ['200 public', await t.call('POST', '/public/forgot-password', { username: USER })],
        ['200 lookup', await t.call('GET', '/lookup/find?category=hs_ceeb&query=alc')],
        ['200 health', await t.call('GET', '/healthz')],
      ];
      log.secret('answer value', 'Lyon-aaaa');
      log.secretsFromMail(t.mail);
      for (const [name, response] of answers) {
        expect(response.statusCode, name).toBe(Number(name.slice(0, 3)));
        expect(response.headers['content-type'], name).toBe('application/json; charset=utf-8');
        expect(response.headers['x-content-type-options'], name).toBe('nosniff');
        expect(response.headers['referrer-policy'], name).toBe('same-origin');
        const csp = cspOf(response);
        expect(csp['frame-ancestors'], name).toEqual(["'none'"]);
        expect(csp['script-src'], name).toEqual(scriptSources);
        expect(response.headers['x-powered-by'], name).toBeUndefined();
      }
    });
  });
});
