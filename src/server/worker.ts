/**
 * `npm run worker`: runs jobs (document conversions, application PDFs) from the queue in the
 * database, apart from the web servers (ARCHITECTURE decision 10). Start any number, with the
 * same environment as the servers, and set JOB_RUNNER=worker on the servers so they only enqueue.
 */
import { loadFormsRuntime } from './application/load-forms-runtime';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { DatabaseVersionError, openDatabase } from './db/database';
import { createDocuments } from './documents';
import { JobRunner } from './jobs/job-runner';
import { createLogger } from './ops/logger';
import { loadSite } from './site';
import { exitGracefullyOnSignals } from './ops/shutdown';
import { schedulePurge } from './ops/purge';
import { stopSpareWorkers } from './conversion/isolation';

async function main(): Promise<void> {
  const config = loadConfig(process.env, 'worker');
  // The server's log setup (LOG_LEVEL, JSON or readable lines, errors with their stacks).
  const logger = (await createLogger(config)).child({ process: 'worker' });
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: config.migrateOnStart,
  });
  const documents = createDocuments({
    config,
    db,
    clock: systemClock,
    forms: loadFormsRuntime(),
    site: loadSite(),
  });
  const runner = new JobRunner({
    queue: documents.queue,
    handlers: documents.handlers,
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    logger,
  });
  // SIGTERM: claim nothing more, finish the jobs under way for at most SHUTDOWN_TIMEOUT_MS, then
  // give back those still running (due at once, for another worker), close the database, exit.
  exitGracefullyOnSignals({
    log: logger,
    drainMs: 0,
    timeoutMs: config.shutdown.timeoutMs,
    finish: [(timeoutMs) => runner.stop(timeoutMs), () => stopPurge(), () => stopSpareWorkers()],
    release: () => db.destroy(),
  });
  runner.start();
  const stopPurge = schedulePurge(
    {
      db,
      blobs: documents.blobs,
      clock: systemClock,
      dataDir: config.dataDir,
      retention: config.retention,
    },
    logger,
  );
  logger.info(
    {
      concurrency: config.jobs.concurrency,
      leaseMs: config.jobs.leaseMs,
      docx: documents.docx.name,
      pid: process.pid,
    },
    `worker running jobs from ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}`,
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof DatabaseVersionError ? error.message : error,
  );
  process.exit(1);
});
