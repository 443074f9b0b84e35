import type { FastifyReply } from 'fastify';
import { STAFF_ABSOLUTE_MS } from './staff-sessions';

/**
 * The staff session cookie: separate from the applicant's, HttpOnly, SameSite=Strict (a staff
 * page is never reached signed-in from another site), Secure under https.
 */
export class StaffCookie {
  readonly name: string;

  constructor(
    prefix: string,
    private readonly secure: boolean,
  ) {
    this.name = `${prefix}.staff`;
  }

  set(reply: FastifyReply, token: string): void {
    reply.setCookie(this.name, token, {
      path: '/',
      sameSite: 'strict',
      secure: this.secure,
      httpOnly: true,
      maxAge: STAFF_ABSOLUTE_MS / 1000,
    });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(this.name, {
      path: '/',
      sameSite: 'strict',
      secure: this.secure,
      httpOnly: true,
    });
  }
}
