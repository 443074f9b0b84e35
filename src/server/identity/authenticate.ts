import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { SessionAccount, SessionStore } from './sessions';
import type { SessionCookies } from './session-cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in applicant, set by the /api plugin's authentication hook. */
    account?: SessionAccount;
  }
}

/** A preHandler that admits only a live session; otherwise 401, with both cookies cleared. */
export function authenticate(sessions: SessionStore, cookies: SessionCookies) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = request.cookies[cookies.sessionName];
    const account = token ? await sessions.resolve(token) : undefined;
    if (!account) {
      cookies.clear(reply);
      throw new AppError('UNAUTHORIZED');
    }
    request.account = account;
  };
}

/** The account of an authenticated request; only call behind `authenticate`. */
export function accountOf(request: FastifyRequest): SessionAccount {
  if (!request.account) throw new AppError('UNAUTHORIZED');
  return request.account;
}
