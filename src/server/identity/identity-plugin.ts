import type { FastifyInstance } from 'fastify';
import { publicRoutes, type PublicRoutesOptions } from './public-routes';
import { publicScope } from './route-scopes';

/** Identity: the account routes under /public (SPEC §5), behind the public limits. */
export async function identityPlugin(app: FastifyInstance, options: PublicRoutesOptions) {
  await app.register(
    async (scope) => {
      await scope.register(publicScope, options.limits);
      await scope.register(publicRoutes, options);
    },
    { prefix: '/public' },
  );
}
