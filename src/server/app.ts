import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { logSerializers, loggerOptions } from './ops/logger';
import { RequestLog } from './ops/request-log';
import { createServices } from './services';
import { opsPlugin } from './ops/ops-plugin';
import { identityPlugin } from './identity/identity-plugin';
import { applicationPlugin } from './application/application-plugin';
import { uploadsPlugin } from './uploads/uploads-plugin';
import { pdfPlugin } from './pdf/pdf-plugin';
import { lookupPlugin } from './lookup/lookup-plugin';
import { staffPlugin } from './staff/staff-plugin';
import { clientShell } from './client-shell';

export type { AppDeps } from './app-deps';

/**
 * A request id unique across instances, for following one request through the logs; one that a
 * proxy in front already gave (X-Request-Id) is kept when it looks like an id.
 */
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,100}$/.test(given) ? given : randomUUID();
}

/** Builds the Fastify application; the caller decides whether to listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            ...loggerOptions(config),
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
            serializers: logSerializers,
          },
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    // Behind a load balancer, the client's address (for per-IP limits) is in X-Forwarded-For,
    // believed only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
    genReqId: requestId,
    // JSON bodies are typed strictly: a number is not silently turned into a string, nor a string
    // into a list. Query parameters are declared as strings and parsed by their handlers.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });

  const services = await createServices(app, deps);
  // Ops first: its error answers, headers, request timing and guard cover every route after it.
  await app.register(opsPlugin, services);
  await app.register(identityPlugin, services);
  await app.register(applicationPlugin, services);
  await app.register(uploadsPlugin, services);
  await app.register(pdfPlugin, services);
  await app.register(lookupPlugin, services);
  await app.register(staffPlugin, services);
  await app.register(clientShell, {
    clientDir: deps.clientDir,
    cookiePrefix: config.identityCookiePrefix,
  });
  return app;
}
