/**
 * What buildApp (app.ts) is given. Apart from app.ts so that services.ts, which builds from it,
 * and the feature plugins that services.ts serves need not import the app that registers them.
 */
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';
import type { FormsRuntime } from './application/forms-runtime';
import type { LookupService } from './lookup/lookup-service';
import type { Documents } from './documents';
import type { Readiness } from './ops/readiness';

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
