/**
 * Nobody can lock another out (issue 41 point 3): sign-in failures count per address and source;
 * a device that signed in before (a signed device cookie), or the IP an address signed in from
 * within a week, is never slowed by others' failures, for staff (F3) and applicants (F4) alike;
 * and every 429 carries the real time to wait.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databases,
  fixtureForms,
  lastCode,
  PASSWORD,
  type TestApp,
} from '../helpers/test-app';
import { addMember, STAFF_PASSWORD } from '../staff/staff-members-helpers';

const OWNER = 'owner@example.org';
const MEMBER = 'ada@staff.example.edu';
const APPLICANT_DEVICE = 'device_admissions_identity';
const STAFF_DEVICE = 'device_admissions_identity.staff';

/** A sign-in POST from `ip`, with the cookies a browser there would send. */
const post = (
  t: TestApp,
  url: string,
  body: unknown,
  ip: string,
  cookies: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    cookies,
  });

const applicantLogin = (t: TestApp, password: string, ip: string, cookies = {}) =>
  post(t, '/public/login', { username: OWNER, password }, ip, cookies);
const staffLogin = (t: TestApp, password: string, ip: string, cookies = {}) =>
  post(t, '/api/staff/login', { email: MEMBER, password }, ip, cookies);

/** The device cookie a response set, as the browser keeps it for the next sign-in. */
const deviceOf = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${response.statusCode} ${response.body}`);
  return { [name]: cookie.value };
};

/** Every 429 says how long to wait, and that wait is the real one: not a second less. */
const expectRetryAfter = (response: LightMyRequestResponse, atMost: number) => {
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(atMost);
  return wait;
};

async function signUpOwner(t: TestApp, username = OWNER): Promise<void> {
  await post(t, '/public/signup', { username, password: PASSWORD }, '192.0.2.1');
  const code = lastCode(t.mail, username);
  const confirmed = await post(t, '/public/confirm', { username, code }, '192.0.2.1');
  expect(confirmed.statusCode).toBe(200);
}

describe.each(databases)('sign-in limits per address and source ($name)', ({ url }) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('F3: 20 wrong staff passwords from 20 IPs never keep out a member on a device that signed in before', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await addMember(t, MEMBER, 'admin');
    const first = await staffLogin(t, STAFF_PASSWORD, '198.51.100.7');
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first, STAFF_DEVICE);

    const strangers = [];
    for (let i = 0; i < 20; i++) {
      strangers.push((await staffLogin(t, 'Wrong-Password-1!', `203.0.113.${i + 1}`)).statusCode);
    }
    expect(strangers).toEqual(Array(20).fill(400));
    // Untrusted sources are now held to one attempt per RATE_LIMIT_LOGIN_BACKOFF_SECONDS (10 s).
    expect((await staffLogin(t, 'Wrong-Password-1!', '203.0.113.21')).statusCode).toBe(400);
    const held = await staffLogin(t, STAFF_PASSWORD, '203.0.113.22');
    expect(held.statusCode).toBe(429);
    expectRetryAfter(held, 10);

    // The member, from the device that signed in before (and from a new network), gets in.
    const owner = await staffLogin(t, STAFF_PASSWORD, '192.0.2.99', device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ next: 'totp-setup' });
  });

  it('F4: an owner with a device cookie gets through rotating-IP guessing, every time', async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await signUpOwner(t);
    const first = await applicantLogin(t, PASSWORD, '198.51.100.7');
    expect(first.statusCode).toBe(200);
    let device = deviceOf(first, APPLICANT_DEVICE);

    for (let i = 0; i < 25; i++) {
      const response = await applicantLogin(t, 'Wrong-Password-1', `10.1.0.${i + 1}`);
      expect(response.statusCode).not.toBe(200);
      if (response.statusCode === 429) expectRetryAfter(response, 10);
    }
    // For 40 seconds a stranger tries once a second from a new IP, and the owner every 2.5 s.
    const strangers: number[] = [];
    const owner: number[] = [];
    for (let step = 0; step < 80; step++) {
      if (step % 2 === 0) {
        const guess = await applicantLogin(t, 'Wrong-Password-1', `10.2.${step}.1`);
        strangers.push(guess.statusCode);
        if (guess.statusCode === 429) expectRetryAfter(guess, 10);
      }
      if (step % 5 === 0) {
        const response = await applicantLogin(t, PASSWORD, '198.51.100.7', device);
        owner.push(response.statusCode);
        if (response.statusCode === 200) device = deviceOf(response, APPLICANT_DEVICE);
      }
      t.clock.advance(500);
    }
    expect(owner).toEqual(Array(16).fill(200));
    // The strangers are held to one attempt each 10 s: 3 of their 40 (at 10, 20 and 30 s).
    expect(strangers.filter((s) => s === 400)).toHaveLength(3);
    expect(strangers.filter((s) => s === 429)).toHaveLength(37);

    // Without the device cookie, on a new network, the owner is one more untrusted source, at
    // the strangers' pace; on the network they signed in from, they get in.
    await applicantLogin(t, 'Wrong-Password-1', '10.3.0.1');
    expect((await applicantLogin(t, PASSWORD, '192.0.2.77')).statusCode).toBe(429);
    expect((await applicantLogin(t, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });
});

describe('trusted devices and networks', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  /** An app whose limits engage after 3 failures, the owner's first sign-in done. */
  const underAttack = async () => {
    t = await createTestApp(
      '',
      { RATE_LIMIT_LOGIN_BACKOFF_AFTER: '3', RATE_LIMIT_PER_USERNAME_PER_HOUR: '3' },
      fixtureForms,
    );
    await signUpOwner(t);
    const first = await applicantLogin(t, PASSWORD, '198.51.100.7');
    return { first, device: deviceOf(first, APPLICANT_DEVICE) };
  };
  /** Another network than the owner's first sign-in's, which is trusted for a week. */
  const away = '192.0.2.200';
  /** Four failures from four IPs: the last takes the untrusted sources' one attempt. */
  const attack = async () => {
    for (let i = 0; i < 4; i++) await applicantLogin(t, 'Wrong-Password-1', `10.4.0.${i + 1}`);
  };

  it('are HttpOnly, Strict, sent only to the login route, and hold no e-mail address', async () => {
    const { first } = await underAttack();
    const cookie = first.cookies.find((c) => c.name === APPLICANT_DEVICE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/public/login' });
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    // The client reads any cookie with the identity prefix as "signed in" (SPEC §1).
    expect(cookie.name.startsWith(t.config.identityCookiePrefix)).toBe(false);
    expect(cookie.value).not.toContain('owner');
    expect(Buffer.from(cookie.value.replaceAll('.', ''), 'base64url').toString()).not.toContain(
      'owner',
    );
  });

  it('count only when signed, unexpired and issued for the address', async () => {
    const { device } = await underAttack();
    const value = device[APPLICANT_DEVICE]!;
    const forged = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    // The same browser signed in to another account: a valid cookie, for the wrong address.
    await signUpOwner(t, 'sibling@example.org');
    const sibling = post(
      t,
      '/public/login',
      { username: 'sibling@example.org', password: PASSWORD },
      '198.51.100.7',
    );
    const otherAccount = deviceOf(await sibling, APPLICANT_DEVICE);
    await attack();
    const tries = [{ [APPLICANT_DEVICE]: forged }, otherAccount];
    for (const cookies of tries) {
      const response = await applicantLogin(t, PASSWORD, away, cookies);
      expect(response.statusCode).toBe(429);
    }
    expect((await applicantLogin(t, PASSWORD, away, device)).statusCode).toBe(200);

    // Thirty days on the cookie has expired: the owner is an untrusted source again.
    t.clock.advance(30 * 24 * 60 * 60 * 1000);
    await attack();
    expect((await applicantLogin(t, PASSWORD, away, device)).statusCode).toBe(429);
  });

  it('give a device its own budget: past it, the device is an untrusted source', async () => {
    const { device } = await underAttack();
    await attack();
    const own = [];
    for (let i = 0; i < 3; i++) {
      own.push((await applicantLogin(t, 'Wrong-Password-2', away, device)).statusCode);
    }
    expect(own).toEqual([400, 400, 400]);
    const past = await applicantLogin(t, PASSWORD, away, device);
    expect(past.statusCode).toBe(429);
    expectRetryAfter(past, 10);
  });

  it('trust the IP an address signed in from for a week, for a browser that keeps no cookie', async () => {
    await underAttack();
    await attack();
    expect((await applicantLogin(t, PASSWORD, away)).statusCode).toBe(429);
    expect((await applicantLogin(t, PASSWORD, '198.51.100.7')).statusCode).toBe(200);

    // A week and a day later, without signing in since, that IP is one more untrusted source.
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await attack();
    expect((await applicantLogin(t, PASSWORD, '198.51.100.7')).statusCode).toBe(429);
  });
});

describe('Retry-After on every 429 is the real wait', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it.each([
    ['applicant', applicantLogin, PASSWORD],
    ['staff', staffLogin, STAFF_PASSWORD],
  ] as const)(
    'per address and IP (%s): refused until the second named, allowed at it',
    async (kind, login, right) => {
      t = await createTestApp('', { RATE_LIMIT_PER_USERNAME_PER_HOUR: '3' }, fixtureForms);
      if (kind === 'staff') await addMember(t, MEMBER, 'admin');
      else await signUpOwner(t);
      const ip = '192.0.2.50';
      for (let i = 0; i < 3; i++)
        expect((await login(t, 'Wrong-Password-1!', ip)).statusCode).toBe(400);
      const refused = await login(t, right, ip);
      expect(refused.statusCode).toBe(429);
      // Three an hour: room for one more 20 minutes after the first.
      const wait = expectRetryAfter(refused, 20 * 60);
      expect(wait).toBe(20 * 60);
      t.clock.advance((wait - 1) * 1000);
      const early = await login(t, right, ip);
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe('1');
      t.clock.advance(1000);
      expect((await login(t, right, ip)).statusCode).toBe(200);
    },
  );

  it('per IP on /public/login, and at the untrusted pace', async () => {
    t = await createTestApp(
      '',
      {
        RATE_LIMIT_PER_IP_PER_MINUTE: '2',
        RATE_LIMIT_LOGIN_BACKOFF_AFTER: '2',
        RATE_LIMIT_LOGIN_BACKOFF_SECONDS: '30',
      },
      fixtureForms,
    );
    await signUpOwner(t);
    const ip = '192.0.2.60';
    await applicantLogin(t, 'Wrong-Password-1', ip);
    await applicantLogin(t, 'Wrong-Password-1', ip);
    const perIp = await applicantLogin(t, PASSWORD, ip);
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers['retry-after']).toBe('30');

    // Two failures: one untrusted attempt each 30 s, from any IP.
    expect((await applicantLogin(t, 'Wrong-Password-1', '192.0.2.61')).statusCode).toBe(400);
    t.clock.advance(12_000);
    const paced = await applicantLogin(t, PASSWORD, '192.0.2.62');
    expect(paced.statusCode).toBe(429);
    expect(paced.headers['retry-after']).toBe('18');
    t.clock.advance(18_000);
    expect((await applicantLogin(t, PASSWORD, '192.0.2.62')).statusCode).toBe(200);
  });
});
