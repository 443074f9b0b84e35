import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../../src/server/app';
import { ManualClock } from '../../../src/server/clock';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, type Db } from '../../../src/server/db/database';
import type { FormsRuntime } from '../../../src/server/application/forms-runtime';
import { loadFormsRuntime } from '../../../src/server/application/load-forms-runtime';
import { createDocuments, type Documents } from '../../../src/server/documents';
import type { DocxConverter } from '../../../src/server/conversion/convert-docx';
import { JobRunner } from '../../../src/server/jobs/job-runner';
import { loadSite } from '../../../src/server/site';
import type { Mailer } from '../../../src/server/mail/mailer';
import type { MailMessage } from '../../../src/server/mail/templates';
import { scratchDir } from '../../helpers/scratch-dir';

/** The databases every storage-touching suite runs on: SQLite always, PostgreSQL when configured. */
export const databases: Array<{ name: string; url: string }> = [
  { name: 'sqlite', url: '' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }]
    : []),
];

const ORIGIN = 'http://127.0.0.1:8080';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: Config;
  mail: MailMessage[];
  dataDir: string;
  /** Blob store, queue, document and PDF services of the app. */
  documents: Documents;
  /** A job runner over the app's queue, not started: tests run jobs with runUntilIdle(). */
  jobs: JobRunner;
  /** A same-origin JSON request, as the client sends it. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    cookies?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  databaseUrl = '',
  env: Record<string, string> = {},
  forms?: FormsRuntime,
  options: { docx?: DocxConverter; logger?: AppDeps['logger']; clientDir?: string } = {},
): Promise<TestApp> {
  const { db, dataDir, close: closeDatabase } = await openTestDatabase(databaseUrl);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    SESSION_SECRET: 'a-test-secret-that-is-at-least-32-characters-long',
    NODE_ENV: 'test',
    ...env,
  });
  const clock = new ManualClock();
  const mail: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mail.push(m) };
  const formsRuntime = forms ?? loadFormsRuntime();
  const documents = createDocuments({
    config,
    db,
    clock,
    forms: formsRuntime,
    site: loadSite(),
    docx: options.docx,
  });
  const app = await buildApp({
    config,
    db,
    clock,
    mailer,
    logger: options.logger ?? false,
    forms: formsRuntime,
    documents,
    clientDir: options.clientDir,
  });
  const jobs = new JobRunner({ queue: documents.queue, handlers: documents.handlers });
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    mail,
    dataDir,
    documents,
    jobs,
    call: (method, url, body, cookies) =>
      app.inject({
        method,
        url,
        headers: {
          origin: config.publicUrl,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        ...(cookies ? { cookies } : {}),
      }),
    async close() {
      await app.close();
      await closeDatabase();
    },
  };
}

/** A database of the kind `databaseUrl` names, migrated, with no app around it. */
export interface TestDatabase {
  db: Db;
  dataDir: string;
  /** Closes the database and removes it: the SQLite folder, or the PostgreSQL schema. */
  close(): Promise<void>;
}

/** A new database: SQLite in a folder of its own, or a PostgreSQL schema of its own. */
export async function openTestDatabase(databaseUrl = ''): Promise<TestDatabase> {
  // Removed by close(), and by the scratch helper at the file's end should a test not close it.
  const dataDir = scratchDir('admissions-test');
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  const db = await openDatabase({ url: databaseUrl, dataDir, schema });
  return {
    db,
    dataDir,
    async close() {
      await db.destroy();
      if (schema) await admin(`drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Accounts `ids` (`{id}@example.org`, unconfirmed, no password), straight into the table. */
export async function insertAccounts(
  t: Pick<TestApp, 'db' | 'clock'>,
  ids: readonly string[],
): Promise<void> {
  await t.db
    .insertInto('accounts')
    .values(
      ids.map((id) => ({
        id,
        username: `${id}@example.org`,
        password_hash: 'x',
        confirmed_at: null,
        last_page: '',
        created_at: t.clock.now().toISOString(),
      })),
    )
    .execute();
}

export const PASSWORD = 'Correct-Horse-42';

/** The 6-digit code in the newest confirmation mail to `to`. */
export function lastCode(mail: MailMessage[], to: string): string {
  const message = [...mail]
    .reverse()
    .find((m) => m.to === to && /confirmation code is/.test(m.text));
  const code = message?.text.match(/confirmation code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no confirmation code was mailed to ${to}`);
  return code;
}

/** Every confirmation code mailed to `to`, oldest first (one a sign-up or resend). */
export function codesTo(mail: MailMessage[], to: string): string[] {
  return mail
    .filter((m) => m.to === to)
    .map((m) => m.text.match(/confirmation code is (\d{6})/)?.[1])
    .filter((code): code is string => code !== undefined);
}

/** The reset id in the newest reset mail to `to`. */
export function lastResetId(mail: MailMessage[], to: string): string {
  const message = [...mail].reverse().find((m) => m.to === to && /reset\?/.test(m.text));
  const link = message?.text.match(/(http\S+\/reset\?\S+)/)?.[1];
  const id = link ? new URL(link).searchParams.get('id') : null;
  if (!id) throw new Error(`no reset link was mailed to ${to}`);
  return id;
}

/** Signs up, confirms and logs in; returns the cookies of the new session. */
export async function signedIn(t: TestApp, username: string): Promise<Record<string, string>> {
  await t.call('POST', '/public/signup', { username, password: PASSWORD });
  await t.call('POST', '/public/confirm', { username, code: lastCode(t.mail, username) });
  const login = await t.call('POST', '/public/login', { username, password: PASSWORD });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return cookieJar(login);
}

export function cookieJar(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
}

/**
 * A small stand-in for the form definitions, so the server's mechanics are tested apart from the
 * university's real questions: first_name is required on "about".
 */
/** The one message of fixtureForms' validation: first_name is missing. */
export const fixtureMessage = 'First name missing (fixture forms).';

export const fixtureForms: FormsRuntime = {
  version: 'fixture-1',
  label: 'fixture edition 1',
  definitions: { pages: [], schemas: {} },
  knownKeys: new Set(['first_name', 'last_name', 'city', 'gender', 'gender_desc']),
  pageRoutes: ['/about', '/education', '/final-steps'],
  addAnother: new Map([['activities', 3]]),
  tabs: new Map([['transcript', ['upload', 'mail']]]),
  // Choosing "upload" clears the city, as choosing the real transcript upload clears hs_gpa.
  tabClears: new Map([
    [
      'transcript',
      new Map([
        ['upload', ['city']],
        ['mail', []],
      ]),
    ],
  ]),
  fileKeys: new Set(),
  pages: [],
  validateAll: ({ answers }): Record<string, Record<string, string[]>> =>
    answers.first_name ? {} : { about: { first_name: [fixtureMessage] } },
};
