import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DeviceCookies, LoginAudience } from './device-cookie';
import type { RateLimiter } from './rate-limiter';

const HOUR = 60 * 60 * 1000;
/** How long a network (an IP) from which an address signed in stays trusted for it. */
const NETWORK_TRUST_DAYS = 7;
const NETWORK_TRUST_MS = NETWORK_TRUST_DAYS * 24 * HOUR;

/** One sign-in attempt as its limits saw it: from the owner's device (its nonce), or not. */
export interface LoginAttempt {
  address: string;
  device?: string;
}

/**
 * The password sign-in's limits, the same for applicants and staff (issue 41, F3 and F4): no
 * one's failures spend another's budget, so nobody can lock the owner out.
 *
 * - From a trusted device (a valid device cookie for this address, device-cookie.ts): only that
 *   device's own budget, `perUsernamePerHour` attempts in any sliding hour. Nothing another
 *   source does, from any IP, slows it. A device past its budget signs in as an untrusted one,
 *   so a stolen cookie is worth no more guesses than an IP.
 * - From anywhere else: a budget per address and IP (`perUsernamePerHour` attempts in any
 *   sliding hour); and once the address has had `loginBackoffAfter` failures from untrusted
 *   sources in the last hour, untrusted attempts at it are let through one per
 *   `loginBackoffSeconds`, so guessing from many IPs is slowed to that pace. This is the
 *   lockout OWASP keeps for untrusted clients; it never applies to a trusted device, nor to an
 *   IP from which the address signed in within NETWORK_TRUST_DAYS (the owner's network, for a
 *   browser that keeps no cookies). Someone sharing that IP gains only the per address and IP
 *   budget any source has, without the pace: an IP is weaker proof than a device cookie.
 *
 * A successful sign-in issues a new device cookie. Every refusal is a RateLimitedError, whose
 * Retry-After is the real time until the limit that refused has room.
 */
export class LoginLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly devices: DeviceCookies,
    private readonly audience: LoginAudience,
    private readonly settings: Config['rateLimit'],
  ) {}

  /** Counts the attempt where it belongs, or throws the 429. */
  async before(request: FastifyRequest, address: string): Promise<LoginAttempt> {
    const { limiter, audience, settings } = this;
    const device = this.devices.read(request, audience, address);
    if (device) {
      const own = `login-device:${audience}:${address}:${device}`;
      const hit = await limiter.hit(own, settings.perUsernamePerHour, HOUR);
      if (hit.allowed) return { address, device };
    }
    await limiter.check(
      `login:${audience}:${address}:${request.ip}`,
      settings.perUsernamePerHour,
      HOUR,
    );
    if (await limiter.remembers(this.network(address, request.ip))) return { address };
    const failures = await limiter.probe(this.failures(address), settings.loginBackoffAfter, HOUR);
    if (!failures.allowed) {
      const pace = settings.loginBackoffSeconds * 1000;
      await limiter.check(`login-backoff:${audience}:${address}`, 1, pace);
    }
    return { address };
  }

  /** A wrong password: counted against untrusted sources only when it came from one. */
  async failed(attempt: LoginAttempt): Promise<void> {
    if (attempt.device) return;
    await this.limiter.hit(this.failures(attempt.address), this.settings.loginBackoffAfter, HOUR);
  }

  /** The right password: this device, and this IP, are trusted for the address from now on. */
  async succeeded(request: FastifyRequest, attempt: LoginAttempt, reply: FastifyReply) {
    this.devices.issue(reply, this.audience, attempt.address);
    await this.limiter.remember(this.network(attempt.address, request.ip), NETWORK_TRUST_MS);
  }

  private network(address: string, ip: string): string {
    return `login-network:${this.audience}:${address}:${ip}`;
  }

  private failures(address: string): string {
    return `login-failures:${this.audience}:${address}`;
  }
}
