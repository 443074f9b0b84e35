import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplicationService } from './application-service';
import type { AccountService } from '../identity/accounts';
import type { DocumentService } from '../uploads/document-service';
import { AppError } from '../errors';
import type { ServiceTokens } from '../identity/service-tokens';
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
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The applicant a staff link names, set by the /service plugin. */
    serviceAccountId?: string;
  }
}

const accountOf = (request: FastifyRequest): string => {
  if (!request.serviceAccountId) throw new AppError('SERVICE_TOKEN_INVALID');
  return request.serviceAccountId;
};

/**
 * The service (staff) view's data (SPEC §6, §7), read with a staff link's service_token: only
 * GET routes, reading one applicant. Session cookies mean nothing here, and a service token means
 * nothing to /api, which reads the session cookie alone.
 */
export async function serviceRoutes(app: FastifyInstance, options: ServiceRoutesOptions) {
  const { accounts, tokens, application, documents } = options;

  app.addHook('preHandler', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = (request.query as { service_token?: string }).service_token ?? '';
    const accountId = tokens.verify(token);
    if (!(await accounts.exists(accountId))) throw new AppError('SERVICE_TOKEN_INVALID');
    request.serviceAccountId = accountId;
  });

  app.get(
    '/tmp-pdf',
    {
      schema: { querystring: tokenQuery, response: serviceAnswersReply },
    },
    async (request) => serviceView(application, documents, accountOf(request)),
  );

  app.get<{ Params: KeyParams }>(
    '/document/:key',
    { schema: { querystring: tokenQuery, params: serviceDocumentParams } },
    async (request, reply) => {
      const bytes = await documents.convertedPdf(accountOf(request), request.params.key);
      if (!bytes) throw new AppError('DOCUMENT_NOT_FOUND');
      return sendPdf(reply, bytes, `${request.params.key}.pdf`, 'inline');
    },
  );
}
