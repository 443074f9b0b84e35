import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../identity/accounts';
import { messages } from '../messages';
import type { SessionStore } from '../identity/sessions';
import { accountOf } from '../identity/authenticate';
import type { SessionCookies } from '../identity/session-cookies';
import type { ApplicationService } from './application-service';

export interface ApiRoutesOptions {
  application: ApplicationService;
  accounts: AccountService;
  sessions: SessionStore;
  cookies: SessionCookies;
  /** The applicant's attached documents (GET /api/document-answer's map). */
  documentAnswers?: (accountId: string) => Promise<Record<string, unknown>>;
}

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

const profileReply = {
  200: {
    type: 'object',
    properties: {
      answer: stringMap,
      document_answer: { type: 'object', additionalProperties: true },
      username: { type: 'string' },
      last_page: { type: 'string' },
      successful_login: { type: 'array', items: { type: 'string' } },
      web_status: {
        type: 'array',
        items: { type: 'object', properties: { web_status: { type: 'string' } } },
      },
    },
    required: [
      'answer',
      'document_answer',
      'username',
      'last_page',
      'successful_login',
      'web_status',
    ],
  },
} as const;

/** The signed-in applicant's profile and logout (SPEC §7); mounted behind requireSession. */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions) {
  const { application, accounts, sessions, cookies, documentAnswers } = options;

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

  app.get(
    '/logout',
    {
      schema: {
        response: { 200: { type: 'object', properties: { message: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      const token = request.cookies[cookies.sessionName];
      if (token) await sessions.destroy(token);
      cookies.clear(reply);
      return { message: messages.loggedOut };
    },
  );
}
