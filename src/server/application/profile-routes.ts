import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../identity/accounts';
import { accountOf } from '../identity/authenticate';
import type { ApplicationService } from './application-service';
import type { DefinitionVersions } from './definition-versions';
import { knownAnswers, type FormsRuntime } from './forms-runtime';
import { profileReply } from '../../contract/application';

export interface ApiRoutesOptions {
  application: ApplicationService;
  accounts: AccountService;
  forms: FormsRuntime;
  versions: DefinitionVersions;
  /** The applicant's attached documents (GET /api/document-answer's map). */
  documentAnswers?: (accountId: string) => Promise<Record<string, unknown>>;
}

/**
 * The signed-in applicant's profile (SPEC §7); mounted in the /api scope, behind its session check
 * (route-scopes.ts).
 */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions) {
  const { application, accounts, forms, versions, documentAnswers } = options;

  app.get('/profile', { schema: { response: profileReply } }, async (request) => {
    const { accountId, username } = accountOf(request);
    const [progress, answers, logins, documents] = await Promise.all([
      application.progress.of(accountId),
      application.answers.of(accountId),
      accounts.loginTimesOf(accountId),
      documentAnswers?.(accountId) ?? {},
    ]);
    // A submitted application can no longer change: an edit since means nothing to its owner.
    const submitted = progress.webStatuses.includes('submitted');
    const changes = submitted
      ? undefined
      : await versions.changesFor(accountId, async () => ({
          answers,
          addAnother: await application.addAnother.of(accountId),
          tabs: await application.tabs.of(accountId),
        }));
    return {
      answer: knownAnswers(forms, answers),
      document_answer: documents,
      username,
      last_page: progress.lastPage,
      successful_login: logins,
      web_status: progress.webStatuses.map((web_status) => ({ web_status })),
      ...(changes?.pages.length ? { definition_changes: changes } : {}),
    };
  });
}
