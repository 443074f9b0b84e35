import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../src/server/jobs/job-queue';
import {
  JobRunner,
  PermanentJobError,
  type JobFailure,
  type JobHandler,
} from '../../../src/server/jobs/job-runner';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

describe.each(databases)('the job queue on $name', ({ url }) => {
  let t: TestApp;
  let queue: JobQueue;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
    queue = new JobQueue(t.db, t.clock);
  });
  afterEach(async () => {
    await t.close();
  });

  const jobRow = async (id: string) =>
    t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A handler that records its runs and does what `behave` says on each attempt. */
  function recorder(behave: (attempt: number) => Promise<void> = async () => {}) {
    const runs: Array<{ payload: unknown; attempt: number }> = [];
    const failures: Array<{ payload: unknown; failure: JobFailure }> = [];
    const handler: JobHandler<{ n: number }> = {
      timeoutMs: 1000,
      async run(payload, { attempt }) {
        runs.push({ payload, attempt });
        await behave(attempt);
      },
      async failed(payload, failure) {
        failures.push({ payload, failure });
      },
    };
    return { handler, runs, failures };
  }

  const runner = (handler: JobHandler<{ n: number }>, name = 'test') =>
    new JobRunner({ queue, handlers: { echo: handler }, backoffMs: 1000, name });

  it('runs a job once and marks it done', async () => {
    const { handler, runs } = recorder();
    const id = await queue.enqueue('echo', { n: 1 });
    expect(await runner(handler).runUntilIdle()).toEqual(['done']);
    expect(runs).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    expect(await jobRow(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      locked_until: null,
      last_error: null,
    });
  });

  it('never lets two runners claim the same job', async () => {
    for (let n = 0; n < 10; n++) await queue.enqueue('echo', { n });
    const claims = await Promise.all(
      Array.from({ length: 14 }, (_v, i) => queue.claim(`runner-${i}`, 60_000)),
    );
    const ids = claims.filter(Boolean).map((job) => job!.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    const { handler, runs } = recorder(async (attempt) => {
      if (attempt < 3) throw new Error(`flaky ${attempt}`);
    });
    const id = await queue.enqueue('echo', { n: 1 });
    const jobs = runner(handler);
    expect(await jobs.runUntilIdle()).toEqual(['retried']);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', last_error: 'flaky 1' });
    // Not due before its backoff (1 s, then 2 s).
    t.clock.advance(999);
    expect(await jobs.runUntilIdle()).toEqual([]);
    t.clock.advance(1);
    expect(await jobs.runUntilIdle()).toEqual(['retried']);
    t.clock.advance(1999);
    expect(await jobs.runUntilIdle()).toEqual([]);
    t.clock.advance(1);
    expect(await jobs.runUntilIdle()).toEqual(['done']);
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('marks a job that always fails FAILED after its last attempt, with its message', async () => {
    const { handler, runs, failures } = recorder(async () => {
      throw new Error('the converter crashed');
    });
    const id = await queue.enqueue('echo', { n: 7 }, { maxAttempts: 3 });
    const jobs = runner(handler);
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(...(await jobs.runUntilIdle()));
      t.clock.advance(60_000);
    }
    expect(outcomes).toEqual(['retried', 'retried', 'failed']);
    expect(runs).toHaveLength(3);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'the converter crashed',
    });
    expect(failures).toEqual([
      { payload: { n: 7 }, failure: { message: 'the converter crashed', permanent: false } },
    ]);
  });

  it('fails at once, without retrying, when the handler says retrying cannot help', async () => {
    const { handler, runs, failures } = recorder(async () => {
      throw new PermanentJobError('This PDF is protected.');
    });
    const id = await queue.enqueue('echo', { n: 1 });
    expect(await runner(handler).runUntilIdle()).toEqual(['failed']);
    expect(runs).toHaveLength(1);
    expect((await jobRow(id)).status).toBe('failed');
    expect(failures[0]?.failure).toEqual({ message: 'This PDF is protected.', permanent: true });
  });

  it('claims again a job whose runner died, once its lease has run out', async () => {
    const { handler, runs } = recorder();
    const id = await queue.enqueue('echo', { n: 1 });
    const jobs = runner(handler, 'second');
    // The first runner claims the job, then "dies": it never completes it.
    const dead = await queue.claim('first', jobs.leaseMs);
    expect(dead?.id).toBe(id);
    expect(await jobs.runUntilIdle()).toEqual([]);
    t.clock.advance(jobs.leaseMs - 1);
    expect(await jobs.runUntilIdle()).toEqual([]);
    t.clock.advance(1);
    expect(await jobs.runUntilIdle()).toEqual(['done']);
    expect(runs).toEqual([{ payload: { n: 1 }, attempt: 2 }]);
    // The dead runner's late word no longer counts.
    expect(await queue.complete(dead!)).toBe(false);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails a job whose runner died on its last attempt', async () => {
    const { handler, failures } = recorder();
    const id = await queue.enqueue('echo', { n: 1 }, { maxAttempts: 1 });
    const jobs = runner(handler);
    await queue.claim('dies', jobs.leaseMs);
    t.clock.advance(jobs.leaseMs);
    expect(await jobs.runUntilIdle()).toEqual(['failed']);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      last_error: 'The job stopped without finishing too many times.',
    });
    expect(failures).toHaveLength(1);
  });

  it('aborts a job that runs past its timeout and counts it as a failed attempt', async () => {
    let aborted = false;
    const handler: JobHandler<{ n: number }> = {
      timeoutMs: 50,
      run: (_payload, { signal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        }),
    };
    const id = await queue.enqueue('echo', { n: 1 }, { maxAttempts: 1 });
    expect(await runner(handler).runUntilIdle()).toEqual(['failed']);
    expect(aborted).toBe(true);
    expect((await jobRow(id)).last_error).toBe('The job took longer than 50 ms.');
  });

  it('runs jobs by itself once started, waking when a job is enqueued, until stopped', async () => {
    const { handler, runs } = recorder();
    const jobs = new JobRunner({ queue, handlers: { echo: handler }, pollMs: 5_000 });
    jobs.start();
    await queue.enqueue('echo', { n: 1 });
    await queue.enqueue('echo', { n: 2 });
    for (let i = 0; i < 300 && runs.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await jobs.stop();
    expect(runs.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('survives a restart: jobs are rows', async () => {
    const id = await queue.enqueue('echo', { n: 1 });
    const { handler, runs } = recorder();
    // A new queue and runner over the same database, as after a restart.
    const fresh = new JobRunner({
      queue: new JobQueue(t.db, t.clock),
      handlers: { echo: handler },
    });
    expect(await fresh.runUntilIdle()).toEqual(['done']);
    expect(runs).toHaveLength(1);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('deletes finished jobs after a while', async () => {
    const { handler } = recorder();
    await queue.enqueue('echo', { n: 1 });
    await runner(handler).runUntilIdle();
    expect(await queue.purge(60_000)).toBe(0);
    t.clock.advance(60_001);
    expect(await queue.purge(60_000)).toBe(1);
  });
});
