import type { FastifyInstance } from 'fastify';
import { textFor } from '../i18n/request-locale';
import type { SessionCookies } from './session-cookies';
import type { SessionStore } from './sessions';
import { logoutReply } from '../../contract/identity';

export interface SessionRoutesOptions {
  sessions: SessionStore;
  cookies: SessionCookies;
}

/**
 * The signed-in applicant's logout (SPEC §7); mounted in the /api scope, behind its session check
 * (route-scopes.ts).
 */
export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions) {
  const { sessions, cookies } = options;

  app.get('/logout', { schema: { response: logoutReply } }, async (request, reply) => {
    const token = request.cookies[cookies.sessionName];
    if (token) await sessions.destroy(token);
    cookies.clear(reply);
    return { message: textFor(request, 'messages.loggedOut') };
  });
}
