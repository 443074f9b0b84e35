import type { FastifyInstance } from 'fastify';

/** What a JSON body of /public and /api may weigh unless its route says more (issue 14). */
const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Every route of the scope gets DEFAULT_BODY_LIMIT unless it sets its own bodyLimit. */
export function limitBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= DEFAULT_BODY_LIMIT;
  });
}
