import type { FastifyInstance } from 'fastify';
import { publicRoutes, type PublicRoutesOptions } from './public-routes';
import { publicScope, sessionScope, type SessionScopeOptions } from './route-scopes';
import { sessionRoutes } from './session-routes';

/**
 * Identity: the account routes under /public (SPEC §5), behind the public limits, and logout
 * under /api, behind a live session.
 */
export async function identityPlugin(
  app: FastifyInstance,
  options: PublicRoutesOptions & SessionScopeOptions,
) {
  await app.register(
    async (scope) => {
      await scope.register(publicScope, options.limits);
      await scope.register(publicRoutes, options);
    },
    { prefix: '/public' },
  );
  await app.register(
    async (scope) => {
      await scope.register(sessionScope, options);
      await scope.register(sessionRoutes, options);
    },
    { prefix: '/api' },
  );
}
