import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Counter } from 'prom-client';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import { isPagePath } from '../client-shell';
import { holdSubmitScript } from '../../contract/hold-submit';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Documents } from '../documents';
import { AppError, errors } from '../errors';
import { errorMessage, fieldMessages } from '../i18n/server-i18n';
import { localeOf } from '../i18n/request-locale';
import { RateLimitedError, type RateLimiter } from '../identity/rate-limiter';
import { clientErrorRoutes } from './client-error-routes';
import { metrics } from './metrics';
import { Readiness, readinessRoutes } from './readiness';
import { requestGuard } from './request-guard';

export interface OpsPluginOptions {
  config: Config;
  db: Db;
  documents: Documents;
  readiness: Readiness;
  limiter: RateLimiter;
  /** admissions_client_errors_total in /metrics, by kind. */
  clientErrors: Counter<'kind'>;
}

/**
 * What every route shares, registered before any of them: the error answers, the request id,
 * metrics, cookies, security headers, the cross-site guard and no-store for private answers;
 * then /healthz, /readyz and the browsers' error reports.
 */
export const opsPlugin = fp(async (app: FastifyInstance, options: OpsPluginOptions) => {
  const { config, db, documents, readiness, limiter, clientErrors } = options;
  const secure = config.publicUrl.startsWith('https:');

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof RateLimitedError) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    // In the request's language (staff routes English): the catalogue's texts, and the fixed
    // texts a thrower passes (a file rule's refusal), are translated; anything else stays as said.
    const locale = localeOf(request);
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        message: errorMessage(locale, error),
        code: error.code,
        ...(error.errors ? { errors: fieldMessages(locale, error.errors) } : {}),
      });
    }
    if ('validation' in error && error.validation) {
      const invalid = errors.REQUEST_INVALID(error.message);
      return reply
        .status(invalid.status)
        .send({ message: errorMessage(locale, invalid), code: invalid.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send({ message: errorMessage(locale, new AppError('INTERNAL')), code: 'INTERNAL' });
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // Every 429 says when to come back; the limits that know their window said it already.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      reply.header('Retry-After', '60');
    }
  });
  // While shutting down, each answer closes its connection, so a keep-alive client does not hold
  // the process open and its next request goes to another instance.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('Connection', 'close');
  });
  // Before any route, so its timing hook sees them all.
  if (config.metricsToken) {
    await app.register(metrics, {
      token: config.metricsToken,
      db,
      queue: documents.queue,
      jobKinds: Object.keys(documents.handlers),
      counters: [clientErrors],
    });
  }
  await app.register(cookie);
  // helmet's headers, asked of it once (they follow from this configuration, never from the
  // request) and given to every reply with its own headers: @fastify/helmet made the middleware
  // again at every request (parsing the CSP directives each time), 6–8% of the server's CPU under
  // load, and even made once it cost a dozen middleware calls and header writes a request (issue 19).
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The page's one inline script, by its hash: it holds a form submitted before the
          // application's scripts run (src/contract/hold-submit.ts).
          scriptSrc: ["'self'", inlineScriptSource(holdSubmitScript)],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          // The S3 bucket, when uploads go there (ARCHITECTURE decision 6).
          connectSrc: ["'self'", ...documents.blobs.uploadOrigins],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          ...(secure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: secure,
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(requestGuard, {
    publicOrigin: config.allowedOrigin,
    nonJsonPrefixes: ['/uploads'],
    isPagePath,
  });

  // Applicants' answers, documents and staff views must never sit in a browser or proxy cache.
  // A callback hook, not an async one: a promise a request less on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url;
    if (
      (path.startsWith('/api/') ||
        path.startsWith('/service/') ||
        // Visitor answers, and the token that reads them.
        path.startsWith('/public/tmp')) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(readinessRoutes, { db, blobs: documents.blobs, readiness });
  // Closing (SIGTERM, or a test) makes the instance unready at once, whoever closes it.
  app.addHook('preClose', async () => readiness.drain());
  // Its own scope: its limit is in the limiter's fast store, not the account routes' database counts.
  await app.register(clientErrorRoutes, {
    prefix: '/public',
    perIpPerMinute: config.rateLimit.clientErrorsPerIpPerMinute,
    limiter,
    counter: clientErrors,
  });
});

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers a helmet middleware sets, read once from a stand-in response. helmet 8 sets them
 * synchronously, and only removes X-Powered-By besides, which Fastify never sends; the server
 * fails to start here if that changes (an error, a header removed, or nothing set synchronously).
 */
export function headersOf(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  let finished = false;
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      if (name.toLowerCase() !== 'x-powered-by') {
        throw new Error(`helmet removed ${name}: its headers cannot be set once`);
      }
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished || Object.keys(headers).length === 0) {
    throw new Error('helmet did not set its headers synchronously');
  }
  return headers;
}

/** A Content-Security-Policy source that allows this inline script, and no other. */
function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}
