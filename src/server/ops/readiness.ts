import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { BlobStore } from '../blobs/blob-store';
import { errorCatalogue, errors } from '../errors';

/** What each dependency's check found. */
type CheckResult = 'ok' | 'unavailable';

/** A check that has not answered after this long counts as failed: a probe must answer fast. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this instance should be sent traffic. It stops being ready when told to drain (on
 * SIGTERM, before the server stops listening), so a load balancer that polls GET /readyz moves
 * new requests elsewhere while the ones under way finish.
 */
export class Readiness {
  private drainingSince: number | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  drain(): void {
    this.drainingSince ??= Date.now();
  }
}

export interface ReadinessRoutesOptions {
  db: Db;
  blobs: BlobStore;
  readiness: Readiness;
}

function withTimeout(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

const checksReply = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
    checks: {
      type: 'object',
      properties: { database: { type: 'string' }, blobs: { type: 'string' } },
    },
  },
  required: ['status'],
} as const;

/**
 * GET /readyz: 200 when the database answers `select 1` and the blob store its own check, else
 * 503 with a message naming what is unavailable (the reason goes to the log, not to the caller).
 * GET /healthz stays the cheap liveness answer that touches nothing.
 */
export async function readinessRoutes(app: FastifyInstance, options: ReadinessRoutesOptions) {
  const { db, blobs, readiness } = options;

  app.get(
    '/readyz',
    { schema: { response: { 200: checksReply, 503: checksReply } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (readiness.draining) {
        const draining = errors.NOT_READY_DRAINING();
        return reply.status(errorCatalogue.NOT_READY.status).send({
          status: 'draining',
          message: draining.message,
          code: draining.code,
        });
      }
      const run = async (name: string, check: () => Promise<unknown>): Promise<CheckResult> => {
        try {
          await withTimeout(check);
          return 'ok';
        } catch (err) {
          request.log.warn({ err, check: name }, 'readiness check failed');
          return 'unavailable';
        }
      };
      const [database, blobStore] = await Promise.all([
        run('database', () => sql`select 1`.execute(db)),
        run('blobs', () => blobs.check()),
      ]);
      const checks = { database, blobs: blobStore };
      const failed = Object.entries(checks).filter(([, result]) => result !== 'ok');
      if (failed.length === 0) return { status: 'ready', checks };
      const unavailable = errors.NOT_READY_UNAVAILABLE(failed.map(([name]) => name).join(', '));
      return reply.status(errorCatalogue.NOT_READY.status).send({
        status: 'not ready',
        message: unavailable.message,
        code: unavailable.code,
        checks,
      });
    },
  );
}
