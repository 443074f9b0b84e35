import type { FastifyReply } from 'fastify';
import { SESSION_ABSOLUTE_MS } from './sessions';

/**
 * The two identity cookies (ARCHITECTURE decision 5): an HttpOnly one with the session token, and
 * a readable marker holding nothing secret, whose name shares the identity prefix so the client
 * can tell that it is signed in (SPEC §1).
 */
export class SessionCookies {
  readonly sessionName: string;
  readonly markerName: string;

  constructor(
    prefix: string,
    readonly secure: boolean,
  ) {
    this.sessionName = `${prefix}.session`;
    this.markerName = `${prefix}.marker`;
  }

  set(reply: FastifyReply, token: string): void {
    const common = {
      path: '/',
      sameSite: 'lax' as const,
      secure: this.secure,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    };
    reply.setCookie(this.sessionName, token, { ...common, httpOnly: true });
    reply.setCookie(this.markerName, '1', { ...common, httpOnly: false });
  }

  clear(reply: FastifyReply): void {
    const common = { path: '/', sameSite: 'lax' as const, secure: this.secure };
    reply.clearCookie(this.sessionName, { ...common, httpOnly: true });
    reply.clearCookie(this.markerName, { ...common, httpOnly: false });
  }
}
