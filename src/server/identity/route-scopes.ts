import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { limitBodies } from '../ops/body-limits';
import { accountOf, authenticate, endSessionOnUnauthorized } from './authenticate';
import { addRateLimits, type RateLimitOptions } from './public-routes';
import type { SessionCookies } from './session-cookies';
import type { SessionStore } from './sessions';

export interface SessionScopeOptions {
  sessions: SessionStore;
  cookies: SessionCookies;
  limits: RateLimitOptions;
}

const MINUTE = 60 * 1000;
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The hooks every /public route shares, whichever feature declares it: the default body limit
 * and the per-IP and per-address limits. Registered inside a feature's /public scope.
 */
export const publicScope = fp(async (app: FastifyInstance, limits: RateLimitOptions) => {
  limitBodies(app);
  addRateLimits(app, limits);
});

/**
 * The hooks every /api route shares: the default body limit, a live session (before validation,
 * so a request without one learns nothing of what a route expects; a request refused for its
 * session has both cookies cleared) and the per-account write limits. Registered inside a
 * feature's /api scope.
 */
export const sessionScope = fp(async (app: FastifyInstance, options: SessionScopeOptions) => {
  limitBodies(app);
  app.addHook('preValidation', authenticate(options.sessions, options.cookies));
  app.addHook('onError', endSessionOnUnauthorized(options.sessions, options.cookies));
  addApiWriteLimits(app, options.limits);
});

/**
 * Per-account limits on every write to /api (after the session is known, before the handler):
 * all writes share one budget a minute, and validation reports have a smaller one of their own.
 * Counted without waiting for a database write (RateLimiter.checkSoon): a save waits for its own
 * write only.
 */
function addApiWriteLimits(app: FastifyInstance, { limiter, rateLimit }: RateLimitOptions) {
  app.addHook('preHandler', async (request) => {
    if (!writeMethods.has(request.method)) return;
    const { accountId } = accountOf(request);
    const route = request.routeOptions.url ?? request.url;
    if (route === '/api/validations') {
      await limiter.checkSoon(`validations:${accountId}`, rateLimit.validationsPerMinute, MINUTE);
    }
    await limiter.checkSoon(`api-writes:${accountId}`, rateLimit.apiWritesPerMinute, MINUTE);
  });
}
