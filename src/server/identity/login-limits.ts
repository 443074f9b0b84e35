import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DeviceCookies, LoginAudience } from './device-cookie';
import type { RateLimiter } from './rate-limiter';

const HOUR = 60 * 60 * 1000;

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
 *   lockout OWASP keeps for untrusted clients; it never applies to a trusted device.
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

  /** The right password: this device is trusted for the address from now on. */
  succeeded(attempt: LoginAttempt, reply: FastifyReply): void {
    this.devices.issue(reply, this.audience, attempt.address);
  }

  private failures(address: string): string {
    return `login-failures:${this.audience}:${address}`;
  }
}
