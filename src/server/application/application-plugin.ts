import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Documents } from '../documents';
import type { AccountService } from '../identity/accounts';
import { publicScope, sessionScope, type SessionScopeOptions } from '../identity/route-scopes';
import type { ServiceTokens } from '../identity/service-tokens';
import type { AuditLog } from '../staff/audit-log';
import type { StaffLinks } from '../staff/staff-links';
import { apiRoutes } from './profile-routes';
import type { ApplicationService } from './application-service';
import { applicationRoutes, visitorAnswerRoutes } from './application-routes';
import { formLayoutRoutes } from './form-layout-routes';
import type { FormsRuntime } from './forms-runtime';
import { DefinitionVersions } from './definition-versions';
import { serviceRoutes } from './service-routes';

export interface ApplicationPluginOptions extends SessionScopeOptions {
  config: Config;
  db: Db;
  clock: Clock;
  forms: FormsRuntime;
  application: ApplicationService;
  accounts: AccountService;
  documents: Documents;
  tokens: ServiceTokens;
  staffLinks: StaffLinks;
  audit: AuditLog;
}

/**
 * The application: a visitor's answers (/public), the applicant's profile, answers, progress,
 * submit, add-another and tab choices (/api), and the staff view's reads (/service).
 */
export async function applicationPlugin(app: FastifyInstance, options: ApplicationPluginOptions) {
  const { config, clock, forms, application, accounts, documents } = options;
  const versions = new DefinitionVersions(options.db, forms, clock);
  // A database that does not answer yet must not stop the start (/readyz says so); the snapshot is
  // then written before the first comparison.
  await versions.ensureSnapshot().catch((err: unknown) => {
    app.log.warn({ err }, 'the definitions snapshot will be written when the database answers');
  });
  const applicationOptions = {
    application,
    forms,
    clock,
    onSubmitted: (accountId: string) => documents.pdfs.freeze(accountId),
    visitorAnswersPerIp: config.rateLimit.visitorAnswersPerIp,
  };
  await app.register(
    async (scope) => {
      await scope.register(publicScope, options.limits);
      await scope.register(visitorAnswerRoutes, applicationOptions);
    },
    { prefix: '/public' },
  );
  await app.register(
    async (scope) => {
      await scope.register(sessionScope, options);
      await scope.register(apiRoutes, {
        application,
        accounts,
        forms,
        versions,
        documentAnswers: (accountId: string) => documents.documents.list(accountId),
        secureCookies: options.cookies.secure,
      });
      await scope.register(applicationRoutes, applicationOptions);
      await scope.register(formLayoutRoutes, {
        application,
        addAnother: forms.addAnother,
        tabs: forms.tabs,
        tabClears: forms.tabClears,
      });
    },
    { prefix: '/api' },
  );
  await app.register(serviceRoutes, {
    prefix: '/service',
    accounts,
    tokens: options.tokens,
    application,
    documents: documents.documents,
    links: options.staffLinks,
    audit: options.audit,
  });
}
