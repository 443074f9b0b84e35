import type { FastifyInstance } from 'fastify';
import type { Counter } from 'prom-client';
import {
  buildIdPattern,
  clientErrorKinds,
  clientErrorLimits,
  clientErrorRoutePattern,
  scrubReportText,
  type ClientErrorReport,
} from '../../engine/client-error-report';
import type { RateLimiter } from '../identity/rate-limiter';

export interface ClientErrorRoutesOptions {
  /** Reports one IP may send per minute (RATE_LIMIT_REPORTS_PER_MINUTE). */
  perIpPerMinute: number;
  /** Counts them in its fast store: Redis (REDIS_URL) or this instance's memory. */
  limiter: RateLimiter;
  /** admissions_client_errors_total in /metrics, by kind. */
  counter: Counter<'kind'>;
}

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

const reportBody = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'message', 'route', 'buildId'],
  properties: {
    kind: { type: 'string', enum: clientErrorKinds },
    message: text(clientErrorLimits.message),
    stack: { type: 'string', maxLength: clientErrorLimits.stack },
    route: { ...text(clientErrorLimits.route), pattern: clientErrorRoutePattern },
    buildId: { ...text(clientErrorLimits.buildId), pattern: buildIdPattern },
  },
} as const;

/**
 * POST /public/client-errors: a browser's report of an error the page could not handle
 * (src/client/api/report-client-error.ts), logged and counted so the fallback screen's "The issue
 * that caused you to see this has been logged." holds. Anyone may send one, so it is small
 * (413 over the body limit, 400 for any other shape: no room for answers), limited per IP (429
 * with Retry-After), and scrubbed again here: the client is not trusted to have done it.
 */
export async function clientErrorRoutes(app: FastifyInstance, options: ClientErrorRoutesOptions) {
  const { limiter } = options;
  // The limiter's fast store, like /lookup's limit: a report must not cost a database write, and
  // a lost count (Redis away, or an instance restarted) only lets a few more lines into the log.
  app.addHook('onRequest', async (request) => {
    await limiter.checkFast(`client-errors:${request.ip}`, options.perIpPerMinute, 60_000);
  });

  app.post<{ Body: ClientErrorReport }>(
    '/client-errors',
    { bodyLimit: clientErrorLimits.bodyBytes, schema: { body: reportBody } },
    async (request, reply) => {
      const report = request.body;
      const clientError = {
        kind: report.kind,
        message: scrubReportText(report.message, clientErrorLimits.message),
        stack: scrubReportText(report.stack ?? '', clientErrorLimits.stack),
        route: report.route,
        buildId: report.buildId,
      };
      options.counter.inc({ kind: report.kind });
      // A part that recovers (an upload that may be tried again) is a warning; the rest left the
      // applicant with a fallback screen or the unexpected-error dialog.
      const level = report.kind === 'part' ? 'warn' : 'error';
      request.log[level]({ clientError }, 'client error reported');
      return reply.status(204).send();
    },
  );
}
