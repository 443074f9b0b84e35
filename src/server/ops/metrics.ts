import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/job-queue';

export interface MetricsOptions {
  /** The bearer token a scrape must send (METRICS_TOKEN); the plugin is not registered without one. */
  token: string;
  db: Db;
  queue: JobQueue;
  /** The kinds of job there are, each shown even before its first job. */
  jobKinds: readonly string[];
  /** Counters kept by routes (they count with or without /metrics), shown here too. */
  counters?: ReadonlyArray<Counter<string>>;
}

/**
 * Errors browsers reported (POST /public/client-errors), by where they were caught. Made by
 * buildApp whether or not /metrics is on; not registered anywhere until the metrics plugin is.
 */
export function clientErrorCounter(kinds: readonly string[]): Counter<'kind'> {
  const counter = new Counter({
    name: 'admissions_client_errors_total',
    help: 'Errors reported by browsers (POST /public/client-errors), by where they were caught.',
    labelNames: ['kind'] as const,
    registers: [],
  });
  // Every kind shows from the start, so an alert on a rate has a series before the first report.
  for (const kind of kinds) counter.inc({ kind }, 0);
  return counter;
}

/** From a quick read to a slow PDF download, in seconds. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (text: string) => createHash('sha256').update(text).digest();

function authorized(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  // Compared as digests, so the comparison takes the same time whatever the length given.
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus' text format, for a bearer token only: request latency by route
 * pattern and status (never the path itself, which may hold ids), the process's own figures,
 * and, read from the database at scrape time, the job queue and the documents by conversion
 * status. Queue and document figures are the same on every instance: aggregate them with max().
 */
export const metrics = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const { token, db, queue, jobKinds } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const counter of options.counters ?? []) registry.registerMetric(counter);

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response being sent, by route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const jobs = gauge(
    'admissions_jobs',
    'Jobs in the queue table (conversions, application PDFs) by kind and status.',
    ['kind', 'status'],
  );
  const oldestDue = gauge(
    'admissions_jobs_oldest_due_age_seconds',
    'How long the oldest queued job that is due has waited for a runner, by kind (0: none waits).',
    ['kind'],
  );
  const documents = gauge('admissions_documents', 'Uploaded documents by conversion status.', [
    'status',
  ]);
  const pdfs = gauge(
    'admissions_application_pdfs',
    'Application PDFs (draft, final) by build status.',
    ['kind', 'status'],
  );

  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        // Unmatched paths share one label: a scan of random URLs must not make new series.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  /** The database's figures, read afresh for each scrape. */
  async function refresh(): Promise<void> {
    const [stats, documentRows, pdfRows] = await Promise.all([
      queue.stats(),
      db
        .selectFrom('document_answers')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('application_pdfs')
        .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy(['kind', 'status'])
        .execute(),
    ]);
    jobs.reset();
    oldestDue.reset();
    documents.reset();
    pdfs.reset();
    const kinds = new Set([...jobKinds, ...stats.counts.map((c) => c.kind)]);
    for (const kind of kinds) {
      // Every status of a known kind is shown, at 0 too, so an alert on "failed" has a series.
      for (const status of ['queued', 'running', 'done', 'failed']) jobs.set({ kind, status }, 0);
      oldestDue.set({ kind }, 0);
    }
    for (const c of stats.counts) jobs.set({ kind: c.kind, status: c.status }, c.count);
    for (const o of stats.oldestDueSeconds) oldestDue.set({ kind: o.kind }, o.seconds);
    for (const status of ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED']) {
      documents.set({ status }, 0);
    }
    for (const row of documentRows) documents.set({ status: row.status }, Number(row.n));
    for (const row of pdfRows) pdfs.set({ kind: row.kind, status: row.status }, Number(row.n));
  }

  app.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!authorized(request, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('METRICS_UNAUTHORIZED');
    }
    await refresh();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
