import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretHasher } from './secrets';
import { CODE_TTL_MS } from './pending-sign-ups';

/**
 * Ties a confirmation to the browser whose sign-up asked for it (issue 41, F2). When a stranger
 * signs up the owner's address after the owner did, the owner's mailbox holds two codes, and the
 * newer one is the stranger's: without this tie, the owner typing it would activate the
 * stranger's password. The sign-up answer sets a signed cookie naming its pending sign-up; a
 * confirm or a resend from that browser is for that sign-up alone. A browser without the cookie
 * (the code typed on another device) may confirm any live sign-up's code, as before.
 *
 * A sign-up of an address that is already confirmed sets a cookie too, naming no sign-up, so the
 * answer still tells nobody which addresses have an account. The name does not start with the
 * identity prefix: the client reads any such cookie as "signed in" (SPEC §1).
 */
export class SignUpCookies {
  readonly name: string;

  constructor(
    private readonly hasher: SecretHasher,
    prefix: string,
    private readonly secure: boolean,
  ) {
    this.name = `signup_${prefix}`;
  }

  /** Names the sign-up `id` (or, with none, a random id that names nothing) in this browser. */
  issue(reply: FastifyReply, id: string | undefined): void {
    const payload = `v1.${id ?? randomUUID()}`;
    reply.setCookie(this.name, `${payload}.${this.hasher.hash('sign-up-cookie', payload)}`, {
      path: '/public',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      maxAge: CODE_TTL_MS / 1000,
    });
  }

  /** The sign-up this browser made, when it carries a valid cookie. */
  read(request: FastifyRequest): string | undefined {
    const value = request.cookies[this.name];
    const parts = value?.split('.');
    if (!parts || parts.length !== 3 || parts[0] !== 'v1') return undefined;
    const payload = `v1.${parts[1]}`;
    return this.hasher.matches('sign-up-cookie', payload, parts[2]!) ? parts[1] : undefined;
  }

  /** Forgets the sign-up once it is confirmed. */
  clear(reply: FastifyReply): void {
    reply.clearCookie(this.name, { path: '/public' });
  }
}
