import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditLog } from './audit-log';
import type { StaffCookie } from './staff-cookie';
import type { StaffFactor, StaffSessions } from './staff-sessions';

/**
 * Each step of a staff sign-in gives a new session token and ends the one the browser had: a
 * token seen before the password (or before the TOTP code) is worth nothing after it, so a
 * planted or leaked half-way cookie never becomes a signed-in one.
 */
export class StaffSignIn {
  constructor(
    private readonly sessions: StaffSessions,
    private readonly cookie: StaffCookie,
    private readonly audit: AuditLog,
  ) {}

  /** Replaces the request's staff session, if any, by a new one for `staffId` at `factor`. */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
    staffId: string,
    factor: StaffFactor,
  ): Promise<void> {
    await this.end(request);
    this.cookie.set(reply, await this.sessions.create(staffId, factor));
  }

  /** Signs the member in fully and writes it to the audit log with how they proved who they are. */
  async complete(
    request: FastifyRequest,
    reply: FastifyReply,
    member: { staffId: string; email: string },
    method: 'password+totp' | 'oidc',
  ): Promise<void> {
    await this.rotate(request, reply, member.staffId, 'full');
    await this.audit.record({
      actor: `staff:${member.email}`,
      action: 'staff.sign-in',
      detail: { method },
      ip: request.ip,
    });
  }

  /** Ends the request's staff session, if it has one. */
  async end(request: FastifyRequest): Promise<void> {
    const token = request.cookies[this.cookie.name];
    if (token) await this.sessions.destroy(token);
  }
}
