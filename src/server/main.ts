import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { loadLookupData } from './lookup/lookup-loader';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, db, clientDir: path.join(root, 'dist', 'client') });
  const lookup = await loadLookupData(db);
  app.log.info(
    `Lookup data: ${lookup.entries} schools ${lookup.loaded ? 'loaded' : 'already loaded'} in ${lookup.ms} ms`,
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Admission application at ${config.publicUrl} (data in ${config.dataDir}; ${
      config.databaseUrl ? 'PostgreSQL' : 'SQLite'
    }; mail ${config.smtpUrl ? 'by SMTP' : `to ${path.join(config.dataDir, 'outbox')}`})`,
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
