/**
 * Staff single sign-on (issue 17) against a real OpenID Connect provider (oidc-provider) on
 * 127.0.0.1: the test plays the browser, following redirects and filling the provider's sign-in
 * and consent forms over HTTP, and hands the provider's redirect back to the app. Only an e-mail
 * the provider has verified and that belongs to a staff member signs in.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type OidcProviderServer } from '../../helpers/oidc-provider';
import { freePort } from '../../helpers/live-server';
import {
  cookieJar,
  createTestApp,
  databases,
  fixtureForms,
  type TestApp,
} from '../helpers/test-app';
import type { SignInOptions } from '../../../src/contract/staff-identity';
import { addMember } from './staff-members-helpers';

const CLIENT_ID = 'admissions-staff';
const CLIENT_SECRET = 'a-client-secret-for-the-sso-tests';
const REDIRECT_URI = 'http://127.0.0.1:8080/api/staff/oidc/callback';

/** A small cookie jar for the provider's side of the browser. */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, body?: URLSearchParams): Promise<Response> {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }
}

/**
 * Clicks "Sign in with single sign-on", signs in at the provider as `login` and consents, and
 * returns the app's answer to the provider's redirect back.
 */
async function signInThroughProvider(t: TestApp, login: string): Promise<LightMyRequestResponse> {
  const start = await t.call('GET', '/api/staff/oidc/start');
  expect(start.statusCode).toBe(302);
  const appCookies = cookieJar(start);
  const browser = new ProviderBrowser();
  let url = String(start.headers.location);
  for (let hops = 0; !url.startsWith(t.config.publicUrl); hops++) {
    if (hops > 20) throw new Error('the provider sent the browser round in circles');
    let response = await browser.request(url);
    if (response.status === 200) {
      // A sign-in or consent page: the development interactions' one form.
      const html = await response.text();
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
      if (!action || !prompt) throw new Error(`no form on the provider's page: ${html}`);
      const fields: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
      response = await browser.request(new URL(action, url).href, new URLSearchParams(fields));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
    url = new URL(location, url).href;
  }
  const back = new URL(url);
  return t.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    cookies: appCookies,
  });
}

let provider: OidcProviderServer;
let userinfoProvider: OidcProviderServer;
beforeAll(async () => {
  const common = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI };
  provider = await startOidcProvider({
    ...common,
    port: await freePort(),
    users: { mallory: { email: 'ada@staff.example.edu', emailVerified: false } },
  });
  userinfoProvider = await startOidcProvider({
    ...common,
    port: await freePort(),
    emailInUserinfoOnly: true,
  });
});
afterAll(async () => {
  await provider.close();
  await userinfoProvider.close();
});

const oidcEnv = (issuer: string) => ({
  STAFF_OIDC_ISSUER: issuer,
  STAFF_OIDC_CLIENT_ID: CLIENT_ID,
  STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET,
});

describe.each(databases)('staff single sign-on ($name)', ({ url }) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('signs a staff member in fully, with a new staff session', async () => {
    t = await createTestApp(url, oidcEnv(provider.issuer), fixtureForms);
    await addMember(t, 'ada@staff.example.edu', 'reader');
    expect((await t.call('GET', '/api/staff/sign-in-options')).json<SignInOptions>()).toEqual({
      oidc: true,
    });

    const start = await t.call('GET', '/api/staff/oidc/start');
    const to = new URL(String(start.headers.location));
    expect(to.origin + to.pathname).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(to.searchParams.get(name)).toMatch(/^[\w-]{43,}$/);
    }
    const transaction = start.cookies.find((c) => c.name === 'admissions_identity.staff-oidc');
    expect(transaction).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/staff/oidc',
      maxAge: 600,
    });

    // The login is matched by its e-mail, in any case the provider writes it.
    const back = await signInThroughProvider(t, 'Ada@Staff.Example.edu');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/staff');
    const cookies = cookieJar(back);
    expect(cookies['admissions_identity.staff-oidc']).toBe('');
    const me = await t.call('GET', '/api/staff/me', undefined, cookies);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ email: 'ada@staff.example.edu', role: 'reader' });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('action', '=', 'staff.sign-in')
      .execute();
    expect(audit).toEqual([
      {
        actor: 'staff:ada@staff.example.edu',
        action: 'staff.sign-in',
        detail: '{"method":"oidc"}',
      },
    ]);
  });

  it('refuses an e-mail that is not staff, or not verified, and writes the refusal down', async () => {
    t = await createTestApp(url, oidcEnv(provider.issuer), fixtureForms);
    await addMember(t, 'ada@staff.example.edu', 'admin');

    const stranger = await signInThroughProvider(t, 'eve@example.org');
    expect(stranger.statusCode).toBe(302);
    expect(stranger.headers.location).toBe('/staff/login?error=sso');
    expect(cookieJar(stranger)['admissions_identity.staff']).toBeUndefined();

    // mallory's provider account claims ada's address without having verified it.
    const unverified = await signInThroughProvider(t, 'mallory');
    expect(unverified.headers.location).toBe('/staff/login?error=sso');
    expect(cookieJar(unverified)['admissions_identity.staff']).toBeUndefined();

    const rows = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('action', '=', 'staff.sign-in')
      .orderBy('actor')
      .execute();
    expect(rows).toEqual([
      {
        actor: 'oidc:ada@staff.example.edu',
        action: 'staff.sign-in',
        detail: '{"method":"oidc","refused":"e-mail not verified"}',
      },
      {
        actor: 'oidc:eve@example.org',
        action: 'staff.sign-in',
        detail: '{"method":"oidc","refused":"not a staff member"}',
      },
    ]);
    expect(await t.db.selectFrom('staff_sessions').selectAll().execute()).toEqual([]);
  });

  it('refuses a callback without its sign-in cookie, or with a forged state', async () => {
    t = await createTestApp(url, oidcEnv(provider.issuer), fixtureForms);
    await addMember(t, 'ada@staff.example.edu', 'admin');
    const noCookie = await t.call('GET', '/api/staff/oidc/callback?code=x&state=y');
    expect(noCookie.headers.location).toBe('/staff/login?error=sso');

    const start = await t.call('GET', '/api/staff/oidc/start');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/staff/oidc/callback?code=x&state=not-the-state',
      cookies: cookieJar(start),
    });
    expect(forged.headers.location).toBe('/staff/login?error=sso');
    expect(cookieJar(forged)['admissions_identity.staff']).toBeUndefined();
  });

  it('reads the e-mail from userinfo when the ID token does not carry it', async () => {
    t = await createTestApp(url, oidcEnv(userinfoProvider.issuer), fixtureForms);
    await addMember(t, 'grace@staff.example.edu', 'admin');
    const back = await signInThroughProvider(t, 'grace@staff.example.edu');
    expect(back.headers.location).toBe('/staff');
    const me = await t.call('GET', '/api/staff/me', undefined, cookieJar(back));
    expect(me.json()).toEqual({ email: 'grace@staff.example.edu', role: 'admin' });
  });

  it('answers 503 while the provider does not answer, and 404 without single sign-on', async () => {
    t = await createTestApp(url, oidcEnv(`http://127.0.0.1:${await freePort()}`), fixtureForms);
    const start = await t.call('GET', '/api/staff/oidc/start');
    expect(start.statusCode).toBe(503);
    expect(start.json()).toEqual({
      code: 'STAFF_SSO_UNAVAILABLE',
      message:
        'Single sign-on is not available right now: the identity provider did not answer. Sign in with your password, or try again later.',
    });
    await t.close();

    t = await createTestApp(url, {}, fixtureForms);
    expect((await t.call('GET', '/api/staff/sign-in-options')).json()).toEqual({ oidc: false });
    expect((await t.call('GET', '/api/staff/oidc/start')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/staff/oidc/callback?code=x')).statusCode).toBe(404);
  });
});
