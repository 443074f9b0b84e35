import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplicationService } from '../application/application-service';
import type { Db } from '../db/database';
import type { DocumentService } from '../documents/document-service';
import { AppError } from '../errors';
import type { ServiceTokens } from '../identity/service-tokens';
import { sendPdf } from './document-routes';
import {
  serviceAnswersReply,
  serviceDocumentParams,
  serviceTokenQuery as tokenQuery,
} from '../../contract/service';
import type { KeyParams } from '../../contract/documents';

export interface ServiceRoutesOptions {
  db: Db;
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
  const { db, tokens, application, documents } = options;

  app.addHook('preHandler', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = (request.query as { service_token?: string }).service_token ?? '';
    const accountId = tokens.verify(token);
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account) throw new AppError('SERVICE_TOKEN_INVALID');
    request.serviceAccountId = account.id;
  });

  app.get(
    '/tmp-pdf',
    {
      schema: { querystring: tokenQuery, response: serviceAnswersReply },
    },
    async (request) => {
      const accountId = accountOf(request);
      const [submission, live, addAnother, tabs, documentAnswer] = await Promise.all([
        db
          .selectFrom('submissions')
          .select('answers')
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
        application.answersOf(accountId),
        application.addAnotherOf(accountId),
        application.tabsOf(accountId),
        documents.list(accountId),
      ]);
      return {
        // After submission staff read the copy frozen then.
        answer: submission ? (JSON.parse(submission.answers) as Record<string, string>) : live,
        add_another: addAnother,
        document_answer: documentAnswer,
        tabs,
      };
    },
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
