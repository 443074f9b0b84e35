import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { RateLimiter } from '../identity/rate-limiter';
import { lookupRoutes } from './lookup-routes';
import type { LookupService } from './lookup-service';

export interface LookupPluginOptions {
  config: Config;
  lookup: LookupService;
  limiter: RateLimiter;
}

/** Lookup: the school and address search under /lookup, limited per IP in the fast store. */
export async function lookupPlugin(app: FastifyInstance, options: LookupPluginOptions) {
  await app.register(lookupRoutes, {
    prefix: '/lookup',
    lookup: options.lookup,
    perIpPerMinute: options.config.rateLimit.lookupPerIpPerMinute,
    limiter: options.limiter,
  });
}
