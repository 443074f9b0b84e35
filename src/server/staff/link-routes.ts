import type { FastifyInstance } from 'fastify';
import type { AuditLog } from './audit-log';
import type { StaffLinks } from './staff-links';
import { staffOf } from './staff-scope';
import {
  issueLinkBody,
  issueLinkReply,
  linkListQuery,
  linkListReply,
  linkParams,
  revokeLinkReply,
  type IssueLinkBody,
} from '../../contract/staff-admin';

export interface LinkRoutesOptions {
  staffLinks: StaffLinks;
  audit: AuditLog;
}

/** How long a console link works unless the admin chooses otherwise (issue 17). */
const DEFAULT_DAYS = 7;

/**
 * Service links from the console, for admins (issue 17): issue one for an applicant with a chosen
 * expiry, list them, revoke one. Issuing and revoking are audited, about the applicant.
 */
export async function linkRoutes(app: FastifyInstance, options: LinkRoutesOptions) {
  const { staffLinks, audit } = options;

  app.get<{ Querystring: { accountId?: string } }>(
    '/links',
    {
      config: { staffAccess: 'admin' },
      schema: { querystring: linkListQuery, response: linkListReply },
    },
    async (request) => ({ links: await staffLinks.list(request.query.accountId) }),
  );

  app.post<{ Body: IssueLinkBody }>(
    '/links',
    { config: { staffAccess: 'admin' }, schema: { body: issueLinkBody, response: issueLinkReply } },
    async (request, reply) => {
      const staff = staffOf(request);
      const days = request.body.days ?? DEFAULT_DAYS;
      const { email, ...link } = await staffLinks.issue(request.body.accountId, days, staff.email);
      await audit.record({
        actor: `staff:${staff.email}`,
        action: 'link.issue',
        subject: email,
        detail: { linkId: link.id, days, expiresAt: link.expiresAt },
        ip: request.ip,
      });
      return reply.code(201).send(link);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/links/:id/revoke',
    {
      config: { staffAccess: 'admin' },
      schema: { params: linkParams, response: revokeLinkReply },
    },
    async (request) => {
      const staff = staffOf(request);
      const { email, ...revoked } = await staffLinks.revoke(request.params.id, staff.email);
      await audit.record({
        actor: `staff:${staff.email}`,
        action: 'link.revoke',
        subject: email,
        detail: { linkId: revoked.id },
        ip: request.ip,
      });
      return revoked;
    },
  );
}
