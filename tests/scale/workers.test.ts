/**
 * [scale] Workers: `npm run worker` processes (src/server/worker.ts) run conversion jobs from one
 * PostgreSQL queue. Two workers never run the same job; a worker killed with SIGKILL mid-job
 * leaves the job to be retried once its lease runs out; a worker alive keeps its lease however
 * long the job takes; a job that keeps failing ends FAILED with its message; SIGTERM lets the
 * job under way finish, or gives it back at the cap. The fake `soffice` on the workers' PATH
 * logs every conversion, which is how "ran exactly once" is counted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFormsRuntime } from '../../src/server/application/load-forms-runtime';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { conversionMessages } from '../../src/server/conversion/conversion-messages';
import { createDocuments, type Documents } from '../../src/server/documents';
import { loadSite } from '../../src/server/site';
import { startLiveWorker, waitFor, type LiveWorker } from '../helpers/live-server';
import { installFakeSoffice, instructedDocx, type FakeSoffice } from './helpers/fake-soffice';
import { explainSkip, holdFreshPostgres, postgresUrl, sharedSecret } from './helpers/scale-env';

explainSkip('workers');

const LEASE_MS = 1500;

describe.skipIf(!postgresUrl)('worker processes on one PostgreSQL queue', () => {
  let database: { url: string; release: () => Promise<void> };
  let dataDir: string;
  let db: Db;
  let documents: Documents;
  let soffice: FakeSoffice;
  let secret: string;
  const workers: LiveWorker[] = [];

  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = await startLiveWorker({
      databaseUrl: database.url,
      dataDir,
      env: {
        SESSION_SECRET: secret,
        JOB_LEASE_MS: String(LEASE_MS),
        JOB_CONCURRENCY: '2',
        ...soffice.env,
        ...env,
      },
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    database = await holdFreshPostgres();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-scale-workers-'));
    secret = sharedSecret();
    soffice = await installFakeSoffice();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SESSION_SECRET: secret,
      NODE_ENV: 'test',
    });
    // This process plays the web servers: it queues conversions, as a request would.
    db = await openDatabase({ url: database.url, dataDir });
    documents = createDocuments({
      config,
      db,
      clock: systemClock,
      forms: loadFormsRuntime(),
      site: loadSite(),
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    // A worker stopped mid-conversion leaves its converter's folder behind.
    for (const run of soffice?.runs() ?? []) rmSync(run.folder, { recursive: true, force: true });
    await db?.destroy();
    await database?.release();
    soffice?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** An applicant with a Word document waiting for conversion; returns the job's id. */
  async function queueConversion(options: { sleep?: number; fail?: boolean } = {}) {
    const accountId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('accounts')
      .values({
        id: accountId,
        username: `${accountId}@example.org`,
        password_hash: 'not-used',
        confirmed_at: now,
        last_page: '',
        created_at: now,
      })
      .execute();
    const form = await documents.documents.presign(accountId, 'transcript_file');
    const key = form.fields.key!;
    await documents.blobs.put(
      key,
      await instructedDocx(accountId, options),
      'application/octet-stream',
    );
    await documents.documents.requestConversion(accountId, 'transcript_file', key, 'essay.docx');
    const job = await db
      .selectFrom('jobs')
      .select('id')
      .where('payload', 'like', `%${accountId}%`)
      .executeTakeFirstOrThrow();
    return { accountId, jobId: job.id };
  }

  const jobRow = (id: string) =>
    db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const documentRow = (accountId: string) =>
    db
      .selectFrom('document_answers')
      .select(['status', 'message'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
  const finished = (id: string, timeoutMs = 30_000) =>
    waitFor(
      `job ${id} to finish`,
      async () => {
        const row = await jobRow(id);
        return row.status === 'done' || row.status === 'failed' ? row : undefined;
      },
      timeoutMs,
    );
  const runsOf = (accountId: string) => soffice.runs().filter((run) => run.job === accountId);

  it('run each of many jobs exactly once between two workers', async () => {
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const queued = await Promise.all(
      Array.from({ length: 16 }, () => queueConversion({ sleep: 0.3 })),
    );
    for (const { jobId, accountId } of queued) {
      expect(await finished(jobId)).toMatchObject({ status: 'done', attempts: 1 });
      expect(await documentRow(accountId)).toMatchObject({ status: 'COMPLETED' });
      expect(runsOf(accountId)).toHaveLength(1);
    }
    const byWorker = new Map<number, number>();
    for (const { accountId } of queued) {
      const pid = runsOf(accountId)[0]!.workerPid;
      byWorker.set(pid, (byWorker.get(pid) ?? 0) + 1);
    }
    console.log(
      `[scale] 16 jobs, 2 workers: ${[...byWorker.values()].join(' + ')} conversions, each once`,
    );
    expect([...byWorker.keys()].sort()).toEqual([a!.pid, b!.pid].sort());
  }, 60_000);

  it('keep a job whose worker is alive, however long it runs past the lease', async () => {
    const { jobId, accountId } = await queueConversion({ sleep: (LEASE_MS * 3) / 1000 });
    expect(await finished(jobId)).toMatchObject({ status: 'done', attempts: 1 });
    expect(runsOf(accountId)).toHaveLength(1);
  }, 60_000);

  it('retry the job of a worker killed with SIGKILL mid-job, once its lease runs out', async () => {
    const { jobId, accountId } = await queueConversion({ sleep: 3 });
    const first = await waitFor('the conversion to start', () => runsOf(accountId)[0]);
    const victim = workers.find((w) => w.pid === first.workerPid)!;
    const killedAt = Date.now();
    await victim.stop('SIGKILL');
    const row = await finished(jobId);
    expect(row).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    const runs = runsOf(accountId);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.workerPid).not.toBe(victim.pid);
    expect(await documentRow(accountId)).toMatchObject({ status: 'COMPLETED' });
    console.log(
      `[scale] SIGKILL mid-job: retried by the other worker, done ${Date.now() - killedAt} ms after the kill (lease ${LEASE_MS} ms)`,
    );
    // The killed worker's converter finishes alone; afterAll removes what it leaves.
    await waitFor('the orphaned converter to end', () => !isAlive(first.pid), 10_000);
  }, 60_000);

  it('mark a job that keeps failing FAILED after its last attempt, with its message', async () => {
    await startWorker();
    const { jobId, accountId } = await queueConversion({ fail: true });
    const row = await finished(jobId, 45_000);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toContain('soffice: this test document always fails');
    expect(runsOf(accountId)).toHaveLength(3);
    // The document was marked before the job (so a worker dying in between loses neither).
    expect(await documentRow(accountId)).toEqual({
      status: 'FAILED',
      message: conversionMessages.failed,
    });
  }, 60_000);

  it('finish the job under way on SIGTERM, then exit 0', async () => {
    const { jobId, accountId } = await queueConversion({ sleep: 2 });
    const run = await waitFor('the conversion to start', () => runsOf(accountId)[0]);
    const worker = workers.find((w) => w.pid === run.workerPid)!;
    worker.signal('SIGTERM');
    expect(await worker.exited()).toBe(0);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', attempts: 1 });
    expect(runsOf(accountId)).toHaveLength(1);
    expect(worker.logs.some((line) => line.includes('"msg":"shut down"'))).toBe(true);
  }, 60_000);

  it('give the job back on SIGTERM when it would outlast SHUTDOWN_TIMEOUT_MS', async () => {
    const quick = await startWorker({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const alive = workers.filter((w) => w !== quick);
    // Only the quick-to-stop worker may claim for now: the others are told to stop first.
    await Promise.all(alive.map((w) => w.stop('SIGTERM')));
    const { jobId, accountId } = await queueConversion({ sleep: 4 });
    await waitFor('the conversion to start', () => runsOf(accountId)[0]);
    const stopping = Date.now();
    quick.signal('SIGTERM');
    expect(await quick.exited()).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(4000);
    expect(await jobRow(jobId)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    expect(quick.logs.some((line) => line.includes('gave them back'))).toBe(true);
    await startWorker();
    expect(await finished(jobId)).toMatchObject({ status: 'done', attempts: 1 });
  }, 60_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
