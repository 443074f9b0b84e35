import path from 'node:path';
import { appRoot } from './app-root';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseVersionError, openDatabase } from './db/database';
import { loadLookupData } from './lookup/lookup-loader';
import { systemClock } from './clock';
import { loadFormsRuntime } from './application/load-forms-runtime';
import { createDocuments } from './documents';
import { JobRunner } from './jobs/job-runner';
import { loadSite } from './site';
import { logDestination } from './ops/logger';
import { Readiness } from './ops/readiness';
import { exitGracefullyOnSignals } from './ops/shutdown';
import { schedulePurge } from './ops/purge';
import { stopSpareWorkers } from './conversion/isolation';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: config.migrateOnStart,
  });
  const forms = loadFormsRuntime();
  const documents = createDocuments({ config, db, clock: systemClock, forms, site: loadSite() });
  const readiness = new Readiness();
  const app = await buildApp({
    config,
    db,
    forms,
    documents,
    readiness,
    clientDir: path.join(appRoot, 'dist', 'client'),
    logger: await logDestination(config).then((stream) => (stream ? { stream } : {})),
  });
  // Jobs (conversions, PDFs) run here unless JOB_RUNNER=worker hands them to `npm run worker`.
  const runner =
    config.jobs.runner === 'in-process'
      ? new JobRunner({
          queue: documents.queue,
          handlers: documents.handlers,
          concurrency: config.jobs.concurrency,
          leaseMs: config.jobs.leaseMs,
          logger: app.log,
        })
      : undefined;
  if (config.databaseUrl && config.sessionSecretGenerated) {
    app.log.warn(
      'SESSION_SECRET is not set: this instance uses the secret generated in its DATA_DIR. ' +
        'Set the same SESSION_SECRET on every instance and worker, or sessions, codes and links ' +
        'made by one will fail on the others.',
    );
  }
  const lookup = await loadLookupData(db);
  app.log.info(
    `Lookup data: ${lookup.entries} schools ${lookup.loaded ? 'loaded' : 'already loaded'} in ${lookup.ms} ms`,
  );

  let stopPurge = async (): Promise<void> => {};
  // SIGTERM: unready at once, then stop listening, let requests and the current jobs finish
  // (jobs still running at the cap go back to the queue), close the database, exit.
  exitGracefullyOnSignals({
    log: app.log,
    drainMs: config.shutdown.drainMs,
    timeoutMs: config.shutdown.timeoutMs,
    drain: () => readiness.drain(),
    finish: [
      () => app.close(),
      (timeoutMs) => runner?.stop(timeoutMs) ?? Promise.resolve(),
      () => stopPurge(),
      // After the runner: the spare conversion threads it kept warm end with it.
      () => stopSpareWorkers(),
    ],
    release: () => db.destroy(),
  });

  await app.listen({ port: config.port, host: config.host });
  runner?.start();
  // Expired rows and old files go every PURGE_INTERVAL_MINUTES (also `npm run purge`).
  stopPurge = schedulePurge(
    {
      db,
      blobs: documents.blobs,
      clock: systemClock,
      dataDir: config.dataDir,
      retention: config.retention,
    },
    app.log,
  );
  app.log.info(
    `Admission application at ${config.publicUrl} (data in ${config.dataDir}; ${
      config.databaseUrl ? 'PostgreSQL' : 'SQLite'
    }; mail ${config.smtpUrl ? 'by SMTP' : `to ${path.join(config.dataDir, 'outbox')}`}; blobs ${
      config.blobStore.kind === 's3'
        ? `in S3 bucket ${config.blobStore.bucket}`
        : 'in DATA_DIR/blobs'
    }; jobs ${runner ? 'in this process' : 'by workers'}; Word documents by ${documents.docx.name}; sandbox ${documents.sandbox})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseVersionError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
