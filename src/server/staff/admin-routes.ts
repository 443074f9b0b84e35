import type { FastifyInstance } from 'fastify';
import { outboxOf } from '../mail/mailer';
import type { Services } from '../services';
import { auditRoutes } from './audit-routes';
import { dataRequestRoutes } from './data-request-routes';
import { DataRequests } from './data-requests';
import { linkRoutes } from './link-routes';
import { memberRoleRoutes } from './member-role-routes';
import { missingAnswersRoutes } from './missing-answers-routes';

/** The admins' tools (issue 17): service links, the audit log and applicants' data requests. */
export async function adminRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { db, clock, audit, staffLinks, documents, config } = services;
  await app.register(linkRoutes, { staffLinks, audit });
  await app.register(auditRoutes, { db, clock, audit });
  await app.register(dataRequestRoutes, {
    dataRequests: new DataRequests(db, documents.blobs, clock, {
      outbox: config.smtpUrl ? undefined : outboxOf(config.dataDir),
    }),
  });
  await app.register(memberRoleRoutes, services);
  // A reader's route too (staffAccess 'reader'), kept apart from the applications routes' file.
  await app.register(missingAnswersRoutes, services);
}
