import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../identity/accounts';
import { accountOf } from '../identity/authenticate';
import type { ApplicationService } from './application-service';
import { profileReply } from '../../contract/application';

export interface ApiRoutesOptions {
  application: ApplicationService;
  accounts: AccountService;
  /** The applicant's attached documents (GET /api/document-answer's map). */
  documentAnswers?: (accountId: string) => Promise<Record<string, unknown>>;
}

/** The signed-in applicant's profile (SPEC §7); mounted behind requireSession. */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions) {
  const { application, accounts, documentAnswers } = options;

  app.get('/profile', { schema: { response: profileReply } }, async (request) => {
    const { accountId, username } = accountOf(request);
    const [progress, answers, logins, documents] = await Promise.all([
      application.progressOf(accountId),
      application.answersOf(accountId),
      accounts.loginTimesOf(accountId),
      documentAnswers?.(accountId) ?? {},
    ]);
    return {
      answer: answers,
      document_answer: documents,
      username,
      last_page: progress.lastPage,
      successful_login: logins,
      web_status: progress.webStatuses.map((web_status) => ({ web_status })),
    };
  });
}
