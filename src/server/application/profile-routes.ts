import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../identity/accounts';
import { accountOf } from '../identity/authenticate';
import type { ApplicationService } from './application-service';
import type { DefinitionVersions } from './definition-versions';
import { knownAnswers, type FormsRuntime } from './forms-runtime';
import { profileReply } from '../../contract/application';
import { languageBody, type LanguageBody } from '../../contract/identity';
import { messageReply } from '../../contract/wire';
import { setLocaleCookie } from '../i18n/request-locale';
import { text } from '../i18n/server-i18n';

export interface ApiRoutesOptions {
  application: ApplicationService;
  accounts: AccountService;
  forms: FormsRuntime;
  versions: DefinitionVersions;
  /** The applicant's attached documents (GET /api/document-answer's map). */
  documentAnswers?: (accountId: string) => Promise<Record<string, unknown>>;
  /** Whether cookies are sent over HTTPS only (the `lang` cookie set by a choice of language). */
  secureCookies?: boolean;
}

/**
 * The signed-in applicant's profile (SPEC §7); mounted in the /api scope, behind its session check
 * (route-scopes.ts).
 */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions) {
  const { application, accounts, forms, versions, documentAnswers } = options;

  app.get('/profile', { schema: { response: profileReply } }, async (request) => {
    const { accountId, username } = accountOf(request);
    const [progress, answers, logins, documents, language] = await Promise.all([
      application.progress.of(accountId),
      application.answers.of(accountId),
      accounts.loginTimesOf(accountId),
      documentAnswers?.(accountId) ?? {},
      accounts.languageOf(accountId),
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
      language,
      last_page: progress.lastPage,
      successful_login: logins,
      web_status: progress.webStatuses.map((web_status) => ({ web_status })),
      ...(changes?.pages.length ? { definition_changes: changes } : {}),
    };
  });

  // The applicant's choice of language, kept on the account so it follows them to another
  // device, and set as this browser's `lang` cookie (issue 40).
  app.put<{ Body: LanguageBody }>(
    '/profile/language',
    { schema: { body: languageBody, response: messageReply } },
    async (request, reply) => {
      const { language } = request.body;
      await accounts.setLanguage(accountOf(request).accountId, language);
      setLocaleCookie(reply, language, options.secureCookies ?? false);
      return { message: text(language, 'messages.saved') };
    },
  );
}
