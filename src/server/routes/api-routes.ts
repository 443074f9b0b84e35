import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { accountMessages } from '../identity/accounts';
import type { SessionStore } from '../identity/sessions';
import { accountOf, authenticate } from '../plugins/authenticate';
import type { SessionCookies } from '../plugins/session-cookies';
import type { RateLimitOptions } from './public-routes';
import { profileReply } from '../../contract/application';
import { logoutReply } from '../../contract/identity';

export interface ApiRoutesOptions {
  db: Db;
  sessions: SessionStore;
  cookies: SessionCookies;
  /** The applicant's attached documents (GET /api/document-answer's map). */
  documentAnswers?: (accountId: string) => Promise<Record<string, unknown>>;
}

/** Admits only live sessions to every route of a scope (all of /api). */
export function requireSession(
  app: FastifyInstance,
  { sessions, cookies }: ApiRoutesOptions,
): void {
  // Before validation, so a request without a session learns nothing of what a route expects.
  app.addHook('preValidation', authenticate(sessions, cookies));
}

/** What a JSON body of /public and /api may weigh unless its route says more (issue 14). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Every route of the scope gets DEFAULT_BODY_LIMIT unless it sets its own bodyLimit. */
export function limitBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= DEFAULT_BODY_LIMIT;
  });
}

const MINUTE = 60 * 1000;
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Per-account limits on every write to /api (after the session is known, before the handler):
 * all writes share one budget a minute, and validation reports have a smaller one of their own.
 */
export function addApiWriteLimits(app: FastifyInstance, { limiter, rateLimit }: RateLimitOptions) {
  app.addHook('preHandler', async (request) => {
    if (!writeMethods.has(request.method)) return;
    const { accountId } = accountOf(request);
    const route = request.routeOptions.url ?? request.url;
    if (route === '/api/validations') {
      await limiter.check(`validations:${accountId}`, rateLimit.validationsPerMinute, MINUTE);
    }
    await limiter.check(`api-writes:${accountId}`, rateLimit.apiWritesPerMinute, MINUTE);
  });
}

/** The signed-in applicant's profile and logout (SPEC §7); mounted behind requireSession. */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions) {
  const { db, sessions, cookies, documentAnswers } = options;

  app.get('/profile', { schema: { response: profileReply } }, async (request) => {
    const { accountId, username } = accountOf(request);
    const [account, answers, logins, statuses, documents] = await Promise.all([
      db.selectFrom('accounts').select('last_page').where('id', '=', accountId).executeTakeFirst(),
      db
        .selectFrom('answers')
        .select(['key', 'value'])
        .where('account_id', '=', accountId)
        .execute(),
      db
        .selectFrom('successful_logins')
        .select('logged_in_at')
        .where('account_id', '=', accountId)
        .orderBy('logged_in_at')
        .execute(),
      db
        .selectFrom('web_statuses')
        .select('web_status')
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute(),
      documentAnswers?.(accountId) ?? {},
    ]);
    return {
      answer: Object.fromEntries(answers.map((a) => [a.key, a.value])),
      document_answer: documents,
      username,
      last_page: account?.last_page ?? '',
      successful_login: logins.map((l) => l.logged_in_at),
      web_status: statuses.map((s) => ({ web_status: s.web_status })),
    };
  });

  app.get('/logout', { schema: { response: logoutReply } }, async (request, reply) => {
    const token = request.cookies[cookies.sessionName];
    if (token) await sessions.destroy(token);
    cookies.clear(reply);
    return { message: accountMessages.loggedOut };
  });
}
