import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { SecretHasher } from './secrets';

/** Who signs in through a login route: each has its own device cookie. */
export type LoginAudience = 'applicant' | 'staff';

/** How long a device that signed in stays trusted without signing in again. */
const DEVICE_TRUST_DAYS = 30;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Device cookies as OWASP's "Slow down online guessing attacks with device cookies" describes
 * them: issued at each successful sign-in, naming the account and an expiry, signed with the
 * server's secret (HMAC). A login that brings a valid one for the address it names is the
 * owner's device, which the failures of other sources never slow down (login-limits.ts).
 *
 * The cookie names the account by a keyed hash of the audience and the address rather than the
 * address itself, so a browser's cookie store never holds an e-mail in clear; its nonce gives
 * each device its own failure budget. It is sent only to its login route (path), is HttpOnly and
 * SameSite=Strict, and its name does not start with the identity prefix: the client reads any
 * cookie with that prefix as "signed in" (SPEC §1), which a device cookie must never say.
 */
export class DeviceCookies {
  constructor(
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly prefix: string,
    private readonly secure: boolean,
  ) {}

  /** The cookie's name and the one route it is sent to. */
  cookie(audience: LoginAudience): { name: string; path: string } {
    return audience === 'staff'
      ? { name: `device_${this.prefix}.staff`, path: '/api/staff/login' }
      : { name: `device_${this.prefix}`, path: '/public/login' };
  }

  /** The device's nonce when the request carries a valid, unexpired cookie for this address. */
  read(request: FastifyRequest, audience: LoginAudience, address: string): string | undefined {
    const value = request.cookies[this.cookie(audience).name];
    if (!value) return undefined;
    const parts = value.split('.');
    if (parts.length !== 5 || parts[0] !== 'v1') return undefined;
    const [, account, nonce, expires, signature] = parts as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (!this.hasher.matches('device-cookie', parts.slice(0, 4).join('.'), signature)) {
      return undefined;
    }
    if (account !== this.account(audience, address)) return undefined;
    if (!(Number(expires) * 1000 > this.clock.now().getTime())) return undefined;
    return nonce;
  }

  /** A new cookie for this device and address (a new nonce: a new budget, as OWASP says). */
  issue(reply: FastifyReply, audience: LoginAudience, address: string): void {
    const maxAge = DEVICE_TRUST_DAYS * DAY_SECONDS;
    const expires = Math.floor(this.clock.now().getTime() / 1000) + maxAge;
    const nonce = randomBytes(16).toString('base64url');
    const payload = `v1.${this.account(audience, address)}.${nonce}.${expires}`;
    const { name, path } = this.cookie(audience);
    reply.setCookie(name, `${payload}.${this.hasher.hash('device-cookie', payload)}`, {
      path,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      maxAge,
    });
  }

  private account(audience: LoginAudience, address: string): string {
    return this.hasher.hash('device-cookie-account', `${audience}\0${address}`);
  }
}
