import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import { normalise } from '../identity/accounts';
import type { DataRequests } from './data-requests';
import { staffOf } from './staff-scope';
import {
  dataRequestApplicantQuery,
  dataRequestApplicantReply,
  dataRequestBody,
  eraseReply,
  type DataRequestApplicantQuery,
  type DataRequestBody,
} from '../../contract/staff-admin';

export interface DataRequestRoutesOptions {
  dataRequests: DataRequests;
}

/** The e-mail typed a second time must be the same address: an erasure cannot be undone. */
function confirmed(body: DataRequestBody): string {
  if (normalise(body.confirm) !== normalise(body.email)) {
    throw errors.DATA_REQUEST_UNCONFIRMED(body.confirm, body.email);
  }
  return body.email;
}

const requester = (request: FastifyRequest) => ({
  actor: `staff:${staffOf(request).email}`,
  ip: request.ip,
});

/**
 * An applicant's data requests, for admins (issue 17): GET /data-requests/applicant says whose an
 * address is (name, status, submission, documents: the erase dialog's, issue 44), POST
 * /data-requests/export streams a zip of everything held about them, POST /data-requests/erase
 * erases them. All are audited.
 */
export async function dataRequestRoutes(app: FastifyInstance, options: DataRequestRoutesOptions) {
  const { dataRequests } = options;

  app.get<{ Querystring: DataRequestApplicantQuery }>(
    '/data-requests/applicant',
    {
      config: { staffAccess: 'admin' },
      schema: { querystring: dataRequestApplicantQuery, response: dataRequestApplicantReply },
      exposeHeadRoute: false,
    },
    async (request) => dataRequests.describe(request.query.email, requester(request)),
  );

  app.post<{ Body: DataRequestBody }>(
    '/data-requests/export',
    { config: { staffAccess: 'admin' }, schema: { body: dataRequestBody } },
    async (request, reply) => {
      const { email, zip } = await dataRequests.export(confirmed(request.body), requester(request));
      const name = email.replace(/[^\w.@-]/g, '_');
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="applicant-${name}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(zip);
    },
  );

  app.post<{ Body: DataRequestBody }>(
    '/data-requests/erase',
    { config: { staffAccess: 'admin' }, schema: { body: dataRequestBody, response: eraseReply } },
    async (request) => ({
      erased: await dataRequests.erase(confirmed(request.body), requester(request)),
    }),
  );
}
