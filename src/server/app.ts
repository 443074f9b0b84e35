import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Db } from './db/database';
import { systemClock, type Clock } from './clock';
import { AppError, errorCatalogue } from './errors';
import { AccountService } from './identity/accounts';
import { RateLimitedError, RateLimiter } from './identity/rate-limiter';
import { SecretHasher } from './identity/secrets';
import { SessionStore } from './identity/sessions';
import { createMailer, sendInBackground, type Mailer } from './mail/mailer';
import { requestGuard } from './ops/request-guard';
import { SessionCookies } from './identity/session-cookies';
import { ApplicationService } from './application/application-service';
import type { FormsRuntime } from './application/forms-runtime';
import { loadFormsRuntime } from './application/load-forms-runtime';
import {
  addApiWriteLimits,
  apiRoutes,
  limitBodies,
  requireSession,
} from './application/api-routes';
import { applicationRoutes, visitorAnswerRoutes } from './application/application-routes';
import { formLayoutRoutes } from './application/form-layout-routes';
import { addRateLimits, publicRoutes } from './identity/public-routes';
import { loadSite } from './site';
import { LookupService } from './lookup/lookup-service';
import { NoAddressProvider } from './lookup/address-provider';
import { PhotonAddressProvider } from './lookup/photon-address-provider';
import { lookupRoutes } from './lookup/lookup-routes';
import { createDocuments, type Documents } from './documents';
import { LocalBlobStore } from './blobs/local-blob-store';
import { ServiceTokens } from './identity/service-tokens';
import { documentRoutes } from './uploads/document-routes';
import { serviceRoutes } from './application/service-routes';
import { uploadRoutes } from './uploads/upload-routes';
import { logSerializers, loggerOptions } from './ops/logger';
import { clientErrorCounter, metrics } from './ops/metrics';
import { clientErrorKinds } from '../engine/client-error-report';
import { clientErrorRoutes } from './ops/client-error-routes';
import { claimUploadGrant } from './uploads/upload-grants';
import { Readiness, readinessRoutes } from './ops/readiness';
import { connectRedis } from './ops/redis';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Replaces the outbox/SMTP mailer (tests may capture messages). */
  mailer?: Mailer;
  /** The form definitions' rules; loaded from forms/ and schemas/ when not given. */
  forms?: FormsRuntime;
  /** The built client (index.html and assets); absent in API-only tests. */
  clientDir?: string;
  /**
   * false for silence; an object adds pino options to the configured ones (LOG_LEVEL): main.ts
   * passes the development log's stream, tests a stream to read the log.
   */
  logger?: false | { level?: string; stream?: NodeJS.WritableStream | DestinationStream };
  /**
   * The school and address search; built over db when not given. Its data is loaded by the
   * caller (main.ts at start, loadLookupData), never here, so API tests need not load it.
   */
  lookup?: LookupService;
  /**
   * Blob store, job queue, document and PDF services and job handlers; built from the config
   * when not given. main.ts builds them first, to run the jobs with the same handlers.
   */
  documents?: Documents;
  /** Readiness for GET /readyz; main.ts keeps it, to drain before closing on SIGTERM. */
  readiness?: Readiness;
}

const apiPrefixes = ['/public/', '/api/', '/service/', '/lookup/', '/uploads'];
const opsPaths = ['/healthz', '/readyz', '/metrics'];

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
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            ...loggerOptions(config),
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
            serializers: logSerializers,
          },
    bodyLimit: 1024 * 1024,
    // Behind a load balancer, the client's address (for per-IP limits) is in X-Forwarded-For,
    // believed only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
    genReqId: requestId,
    // JSON bodies are typed strictly: a number is not silently turned into a string, nor a string
    // into a list. Query parameters are declared as strings and parsed by their handlers.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof RateLimitedError) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if ('validation' in error && error.validation) {
      return reply.status(400).send({
        message: `The request is not valid: ${error.message}.`,
        code: 'BAD_REQUEST',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: errorCatalogue.INTERNAL.message, code: 'INTERNAL' });
  });

  const site = loadSite();
  const forms = deps.forms ?? loadFormsRuntime();
  const documents = deps.documents ?? createDocuments({ config, db, clock, forms, site });
  const secure = config.publicUrl.startsWith('https:');
  const readiness = deps.readiness ?? new Readiness();
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
  const clientErrors = clientErrorCounter(clientErrorKinds);
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
  await app.register(requestGuard, {
    publicOrigin: config.allowedOrigin,
    nonJsonPrefixes: ['/uploads'],
  });

  const hasher = new SecretHasher(config.sessionSecret);
  const sessions = new SessionStore(db, hasher, clock);
  const cookies = new SessionCookies(config.identityCookiePrefix, secure);
  const mailer = sendInBackground(
    deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        dataDir: config.dataDir,
        from: `"${site.university.name} Admissions" <${site.university.helpEmail}>`,
        logger: app.log,
        logSecrets: config.development,
      }),
    { logger: app.log },
  );
  // Mail still being sent goes out before the process stops, within what is left of the shutdown
  // time once the requests under way have finished (onClose runs after them).
  let closingSince = 0;
  app.addHook('preClose', async () => {
    closingSince = Date.now();
  });
  app.addHook('onClose', () =>
    mailer.close(Math.max(0, config.shutdown.timeoutMs - (Date.now() - closingSince))),
  );
  const accounts = new AccountService({
    db,
    hasher,
    clock,
    mailer,
    sessions,
    publicUrl: config.publicUrl,
    sender: {
      universityName: site.university.name,
      applicationTitle: site.university.applicationTitle,
      helpEmail: site.university.helpEmail,
    },
  });
  const redis = config.redis.url ? await connectRedis(config.redis.url, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  const limiter = new RateLimiter(
    db,
    clock,
    hasher,
    redis ? { client: redis, keyPrefix: config.redis.keyPrefix } : undefined,
  );
  const limits = { limiter, rateLimit: config.rateLimit };
  const application = new ApplicationService(db, hasher, clock);
  const lookup =
    deps.lookup ??
    new LookupService(
      db,
      config.addressLookupUrl
        ? new PhotonAddressProvider({
            url: config.addressLookupUrl,
            onError: (err) => app.log.warn({ err }, 'address lookup failed'),
          })
        : new NoAddressProvider(),
    );

  // Applicants' answers, documents and staff views must never sit in a browser or proxy cache.
  app.addHook('onSend', async (request, reply) => {
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
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(readinessRoutes, { db, blobs: documents.blobs, readiness });
  // Closing (SIGTERM, or a test) makes the instance unready at once, whoever closes it.
  app.addHook('preClose', async () => readiness.drain());
  const applicationOptions = {
    application,
    forms,
    clock,
    onSubmitted: (accountId: string) => documents.pdfs.freeze(accountId),
    visitorAnswersPerIp: config.rateLimit.visitorAnswersPerIp,
  };
  await app.register(
    async (scope) => {
      limitBodies(scope);
      addRateLimits(scope, limits);
      await scope.register(publicRoutes, { accounts, cookies, limits });
      await scope.register(visitorAnswerRoutes, applicationOptions);
    },
    { prefix: '/public' },
  );
  // Its own scope: its limit is in the limiter's fast store, not the account routes' database counts.
  await app.register(clientErrorRoutes, {
    prefix: '/public',
    perIpPerMinute: config.rateLimit.clientErrorsPerIpPerMinute,
    limiter,
    counter: clientErrors,
  });
  await app.register(
    async (scope) => {
      const apiOptions = {
        db,
        sessions,
        cookies,
        documentAnswers: (accountId: string) => documents.documents.list(accountId),
      };
      limitBodies(scope);
      requireSession(scope, apiOptions);
      addApiWriteLimits(scope, limits);
      await scope.register(apiRoutes, apiOptions);
      await scope.register(applicationRoutes, applicationOptions);
      await scope.register(formLayoutRoutes, {
        application,
        addAnother: forms.addAnother,
        tabs: forms.tabs,
        tabClears: forms.tabClears,
      });
      await scope.register(documentRoutes, {
        documents: documents.documents,
        pdfs: documents.pdfs,
      });
    },
    { prefix: '/api' },
  );
  if (documents.blobs instanceof LocalBlobStore) {
    await app.register(uploadRoutes, {
      prefix: '/uploads',
      store: documents.blobs,
      claim: (key: string) => claimUploadGrant(db, key, clock.now()),
    });
  }
  await app.register(lookupRoutes, {
    prefix: '/lookup',
    lookup,
    perIpPerMinute: config.rateLimit.lookupPerIpPerMinute,
    limiter,
  });
  await app.register(serviceRoutes, {
    prefix: '/service',
    db,
    tokens: new ServiceTokens(hasher, clock),
    application,
    documents: documents.documents,
  });

  const indexHtml = deps.clientDir
    ? readIndex(deps.clientDir, config.identityCookiePrefix)
    : undefined;
  if (deps.clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: path.resolve(deps.clientDir),
      index: false,
      wildcard: false,
      prefix: '/',
      cacheControl: false,
      // The build writes .br and .gz copies (vite.config.ts); each client gets what it accepts.
      preCompressed: true,
      // Vite names built assets by content hash, so they never change; other files may.
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A shared cache must keep the Brotli, gzip and plain answers apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => pathname.startsWith(p)) || opsPaths.includes(pathname);
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      // Every other path is the application, which routes it itself (query string intact).
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml);
    }
    return reply.status(404).send({ message: errorCatalogue.NOT_FOUND.message, code: 'NOT_FOUND' });
  });

  return app;
}

/** index.html with the configured identity cookie prefix, read once at start. */
function readIndex(clientDir: string, cookiePrefix: string): string | undefined {
  const file = path.join(clientDir, 'index.html');
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').replace(
    /(<meta name="identity-cookie-prefix" content=")[^"]*(")/,
    `$1${cookiePrefix}$2`,
  );
}
