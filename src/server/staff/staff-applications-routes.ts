import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { AppError, errors } from '../errors';
import { serviceView } from '../application/service-view';
import { sendPdf } from '../pdf/pdf-routes';
import { isSubmitted } from '../application/account-lock';
import { staffOf } from './staff-scope';
import { applicationSummary, listApplications } from './applications-query';
import { applicationsCsv, applicationsJsonl } from './exports';
import { analytics } from './analytics';
import {
  analyticsReply,
  applicationDocumentParams,
  applicationParams,
  applicationReply,
  applicationsQuery,
  applicationsReply,
  exportQuery,
  type ExportQuery,
  type ApplicationDocumentParams,
  type ApplicationParams,
  type ApplicationsQuery,
  type StaffApplication,
} from '../../contract/staff-applications';

/**
 * The staff console's reading of applications (issue 17): the list, one application as the
 * service link shows it, its frozen submission packet and its documents (readers and admins);
 * the exports and the analytics (admins). Every read of personal data (the list and its search,
 * an application, an export, the analytics) is written to the audit log before it is answered,
 * once per page shown; those routes have no HEAD twin, which would write the record and send
 * nothing.
 */
export async function staffApplicationsRoutes(app: FastifyInstance, services: Services) {
  const { db, forms, audit, application } = services;
  const { documents, pdfs } = services.documents;

  /** How many applications an export holds, for its audit record's sentence. */
  const submittedCount = async () =>
    Number(
      (
        await db
          .selectFrom('submissions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const record = (
    request: FastifyRequest,
    action: string,
    subject: string | null,
    detail: Record<string, unknown> = {},
  ) =>
    audit.record({
      actor: `staff:${staffOf(request).email}`,
      action,
      subject,
      detail,
      ip: request.ip,
    });

  /** The application's summary, or a 404 for an id that names no account. */
  const summaryOf = async (accountId: string) => {
    const summary = await applicationSummary(db, accountId);
    if (!summary) throw new AppError('APPLICATION_NOT_FOUND');
    return summary;
  };

  app.get<{ Querystring: ApplicationsQuery }>(
    '/applications',
    {
      config: { staffAccess: 'reader' },
      schema: { querystring: applicationsQuery, response: applicationsReply },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const page = await listApplications(db, request.query);
      // One record per page of names and e-mails shown. The words searched for are not kept: a
      // name or an e-mail typed there would outlive the applicant's erasure in the audit log.
      const { q, page: _page, pageSize: _pageSize, ...filters } = request.query;
      const searched = Boolean(q?.trim());
      await record(request, searched ? 'applications.search' : 'applications.list', null, {
        filters,
        page: page.page,
        shown: page.rows.length,
      });
      reply.header('Cache-Control', 'no-store');
      return page;
    },
  );

  app.get<{ Params: ApplicationParams }>(
    '/applications/:accountId',
    {
      config: { staffAccess: 'reader' },
      schema: { params: applicationParams, response: applicationReply },
      exposeHeadRoute: false,
    },
    async (request, reply): Promise<StaffApplication> => {
      const { accountId } = request.params;
      const summary = await summaryOf(accountId);
      await record(request, 'application.read', summary.email, { accountId });
      reply.header('Cache-Control', 'no-store');
      return { ...summary, view: await serviceView(application, documents, accountId) };
    },
  );

  app.get<{ Params: ApplicationParams }>(
    '/applications/:accountId/packet.pdf',
    {
      config: { staffAccess: 'reader' },
      schema: { params: applicationParams },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { accountId } = request.params;
      const summary = await summaryOf(accountId);
      if (!(await isSubmitted(db, accountId))) throw errors.PACKET_NOT_SUBMITTED();
      // The packet holds the answers frozen at submission, in English whatever the applicant's
      // language (named in it), and every converted document, with a bookmark per page and per
      // document; asking for its status builds it when missing.
      const status = await pdfs.packetStatus(accountId);
      const bytes = status.status === 'COMPLETED' ? await pdfs.packetFile(accountId) : undefined;
      if (!bytes) throw new AppError('PACKET_NOT_READY');
      await record(request, 'application.packet', summary.email, { accountId });
      return sendPdf(reply, bytes, `application-${accountId}.pdf`, 'inline');
    },
  );

  app.get<{ Params: ApplicationDocumentParams }>(
    '/applications/:accountId/documents/:key',
    {
      config: { staffAccess: 'reader' },
      schema: { params: applicationDocumentParams },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { accountId, key } = request.params;
      const summary = await summaryOf(accountId);
      const bytes = await documents.convertedPdf(accountId, key);
      if (!bytes) throw new AppError('DOCUMENT_NOT_FOUND');
      await record(request, 'application.document', summary.email, { accountId, key });
      return sendPdf(reply, bytes, `${key}.pdf`, 'inline');
    },
  );

  const download = (
    reply: FastifyReply,
    type: string,
    fileName: string,
    chunks: AsyncGenerator<string>,
  ) =>
    reply
      .type(type)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(chunks));

  app.get<{ Querystring: ExportQuery }>(
    '/exports/applications.csv',
    {
      config: { staffAccess: 'admin' },
      schema: { querystring: exportQuery },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      await record(request, 'export.csv', null, {
        formsVersion: forms.version,
        applications: await submittedCount(),
      });
      return download(
        reply,
        'text/csv; charset=utf-8',
        'applications.csv',
        applicationsCsv(db, forms, request.query.header),
      );
    },
  );

  app.get(
    '/exports/applications.jsonl',
    {
      config: { staffAccess: 'admin' },
      schema: { querystring: exportQuery },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      await record(request, 'export.jsonl', null, {
        formsVersion: forms.version,
        applications: await submittedCount(),
      });
      return download(
        reply,
        'application/jsonl; charset=utf-8',
        'applications.jsonl',
        applicationsJsonl(db, forms),
      );
    },
  );

  app.get(
    '/analytics',
    {
      config: { staffAccess: 'admin' },
      schema: { response: analyticsReply },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const figures = await analytics(db, forms);
      await record(request, 'analytics.view', null, { formsVersion: forms.version });
      reply.header('Cache-Control', 'no-store');
      return figures;
    },
  );
}
