import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { SessionAccount, SessionStore } from './sessions';
import type { SessionCookies } from './session-cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in applicant, set by the /api plugin's authentication hook. */
    account?: SessionAccount;
    /**
     * The keyed hash of the request's session token, on a route whose write checks the session
     * itself (`sessionCheckedByWrite`).
     */
    sessionHash?: string;
  }
  interface FastifyContextConfig {
    /**
     * The route's write checks, in its own statement, that the session's row still exists, and
     * answers UNAUTHORIZED when it does not: the session a request came with may then be taken
     * as this process last found it live, without a lookup (SessionStore.recentlyLive).
     */
    sessionCheckedByWrite?: boolean;
  }
}

/**
 * A preValidation hook that admits only a live session; otherwise 401, with both cookies
 * cleared (by `endSessionOnUnauthorized`). A route whose write checks the session itself admits
 * a session this process found live moments ago without looking it up again.
 */
export function authenticate(sessions: SessionStore, cookies: SessionCookies) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = request.cookies[cookies.sessionName];
    if (!token) throw new AppError('UNAUTHORIZED');
    const checkedByWrite = request.routeOptions.config.sessionCheckedByWrite === true;
    const account =
      (checkedByWrite ? sessions.recentlyLive(token) : undefined) ??
      (await sessions.resolve(token));
    if (!account) throw new AppError('UNAUTHORIZED');
    request.account = account;
    if (checkedByWrite) request.sessionHash = sessions.tokenHashOf(token);
  };
}

/**
 * An onError hook: an /api request refused for its session, by `authenticate` or by a write that
 * found the session gone, clears both cookies, and this process forgets the session as live.
 */
export function endSessionOnUnauthorized(sessions: SessionStore, cookies: SessionCookies) {
  return async (request: FastifyRequest, reply: FastifyReply, error: FastifyError | AppError) => {
    if (!(error instanceof AppError) || error.code !== 'UNAUTHORIZED') return;
    const token = request.cookies[cookies.sessionName];
    if (token) sessions.forgetLive(token);
    cookies.clear(reply);
  };
}

/** The account of an authenticated request; only call behind `authenticate`. */
export function accountOf(request: FastifyRequest): SessionAccount {
  if (!request.account) throw new AppError('UNAUTHORIZED');
  return request.account;
}

/** The session's hash on a `sessionCheckedByWrite` route, for its write to check. */
export function sessionHashOf(request: FastifyRequest): string {
  if (!request.sessionHash) throw new AppError('UNAUTHORIZED');
  return request.sessionHash;
}
