/**
 * `npm run worker`: runs jobs (document conversions, application PDFs) from the queue in the
 * database, apart from the web servers (ARCHITECTURE decision 10). Start any number, with the
 * same environment as the servers, and set JOB_RUNNER=worker on the servers so they only enqueue.
 */
import { loadFormsRuntime } from './application/load-forms-runtime';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { createDocuments } from './documents/documents';
import { JobRunner, type JobLogger } from './jobs/job-runner';
import { loadSite } from './site';

/** One JSON line per event, like the server's log. */
const log =
  (level: string) =>
  (object: object, message: string): void => {
    const fields = Object.fromEntries(
      Object.entries(object).map(([k, v]) => [k, v instanceof Error ? v.message : v]),
    );
    console.log(JSON.stringify({ level, time: Date.now(), ...fields, msg: message }));
  };
const logger: JobLogger = { info: log('info'), warn: log('warn'), error: log('error') };

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
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
    logger,
  });
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'worker stopping after the jobs under way');
    await runner.stop();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  runner.start();
  logger.info(
    { concurrency: config.jobs.concurrency, docx: documents.docx.name },
    `worker running jobs from ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
