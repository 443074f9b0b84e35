import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplicationService } from './application-service';
import type { AccountService } from '../identity/accounts';
import type { DocumentService } from '../uploads/document-service';
import { AppError } from '../errors';
import type { ServiceGrant, ServiceTokens } from '../identity/service-tokens';
import type { AuditLog } from '../staff/audit-log';
import type { StaffLinks } from '../staff/staff-links';
import { sendPdf } from '../pdf/pdf-routes';
import {
  serviceAnswersReply,
  serviceDocumentParams,
  serviceTokenQuery as tokenQuery,
} from '../../contract/service';
import type { KeyParams } from '../../contract/documents';
import { serviceView } from './service-view';

export interface ServiceRoutesOptions {
  accounts: AccountService;
  tokens: ServiceTokens;
  application: ApplicationService;
  documents: DocumentService;
  links: StaffLinks;
  audit: AuditLog;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The applicant a staff link names, their e-mail and the console link, set by /service. */
    serviceGrant?: ServiceGrant & { email: string };
  }
}

const accountOf = (request: FastifyRequest): string => {
  if (!request.serviceGrant) throw new AppError('SERVICE_TOKEN_INVALID');
  return request.serviceGrant.accountId;
};

/**
 * The service (staff) view's data (SPEC §6, §7), read with a staff link's service_token: only
 * GET routes, reading one applicant. Session cookies mean nothing here, and a service token means
 * nothing to /api, which reads the session cookie alone. A link issued from the staff console can
 * be revoked, and every read with any link is written to the audit log (issue 17).
 */
export async function serviceRoutes(app: FastifyInstance, options: ServiceRoutesOptions) {
  const { accounts, tokens, application, documents, links, audit } = options;

  app.addHook('preHandler', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = (request.query as { service_token?: string }).service_token ?? '';
    const grant = tokens.verify(token);
    await links.check(grant);
    const email = await accounts.usernameOf(grant.accountId);
    if (!email) throw new AppError('SERVICE_TOKEN_INVALID');
    request.serviceGrant = { ...grant, email };
  });

  /** The audit record of a read: a console link by its id, a CLI link (no id) as link:cli. */
  const audited = async (request: FastifyRequest, action: string, detail = {}) => {
    if (!request.serviceGrant) throw new AppError('SERVICE_TOKEN_INVALID');
    const grant = request.serviceGrant;
    await audit.record({
      actor: `link:${grant.linkId ?? 'cli'}`,
      action,
      subject: grant.email,
      detail,
      ip: request.ip,
    });
  };

  app.get(
    '/tmp-pdf',
    {
      schema: { querystring: tokenQuery, response: serviceAnswersReply },
    },
    async (request) => {
      await audited(request, 'application.read');
      return serviceView(application, documents, accountOf(request));
    },
  );

  app.get<{ Params: KeyParams }>(
    '/document/:key',
    { schema: { querystring: tokenQuery, params: serviceDocumentParams } },
    async (request, reply) => {
      const bytes = await documents.convertedPdf(accountOf(request), request.params.key);
      if (!bytes) throw new AppError('DOCUMENT_NOT_FOUND');
      await audited(request, 'application.document', { key: request.params.key });
      return sendPdf(reply, bytes, `${request.params.key}.pdf`, 'inline');
    },
  );
}
