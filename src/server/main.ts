import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { loadLookupData } from './lookup/lookup-loader';
import { systemClock } from './clock';
import { loadFormsRuntime } from './application/load-forms-runtime';
import { createDocuments } from './documents/documents';
import { JobRunner } from './jobs/job-runner';
import { loadSite } from './site';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const forms = loadFormsRuntime();
  const documents = createDocuments({ config, db, clock: systemClock, forms, site: loadSite() });
  const app = await buildApp({
    config,
    db,
    forms,
    documents,
    clientDir: path.join(root, 'dist', 'client'),
  });
  // Jobs (conversions, PDFs) run here unless JOB_RUNNER=worker hands them to `npm run worker`.
  const runner =
    config.jobs.runner === 'in-process'
      ? new JobRunner({
          queue: documents.queue,
          handlers: documents.handlers,
          concurrency: config.jobs.concurrency,
          logger: app.log,
        })
      : undefined;
  const lookup = await loadLookupData(db);
  app.log.info(
    `Lookup data: ${lookup.entries} schools ${lookup.loaded ? 'loaded' : 'already loaded'} in ${lookup.ms} ms`,
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await runner?.stop();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  runner?.start();
  app.log.info(
    `Admission application at ${config.publicUrl} (data in ${config.dataDir}; ${
      config.databaseUrl ? 'PostgreSQL' : 'SQLite'
    }; mail ${config.smtpUrl ? 'by SMTP' : `to ${path.join(config.dataDir, 'outbox')}`}; blobs ${
      config.blobStore.kind === 's3'
        ? `in S3 bucket ${config.blobStore.bucket}`
        : 'in DATA_DIR/blobs'
    }; jobs ${runner ? 'in this process' : 'by workers'}; Word documents by ${documents.docx.name})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
