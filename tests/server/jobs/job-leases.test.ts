import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../src/server/jobs/job-queue';
import { JobRunner, type JobHandler } from '../../../src/server/jobs/job-runner';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(databases)('job leases and stopping on $name', ({ url }) => {
  let t: TestApp;
  let queue: JobQueue;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
    queue = new JobQueue(t.db, t.clock);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A handler that runs until `finish()` is called or its job is aborted. */
  function heldOpen() {
    let started = false;
    let aborted = false;
    let finish: () => void = () => {};
    const handler: JobHandler<unknown> = {
      timeoutMs: 60_000,
      run: (_payload, { signal }) =>
        new Promise<void>((resolve) => {
          started = true;
          finish = resolve;
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        }),
    };
    return {
      handler,
      started: () => started,
      aborted: () => aborted,
      finish: () => finish(),
    };
  }

  const jobRow = (id: string) =>
    t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await sleep(10);
    expect(check()).toBe(true);
  };

  it('renews the lease of a job while it runs, so no other runner takes it', async () => {
    const held = heldOpen();
    const runner = new JobRunner({ queue, handlers: { hold: held.handler }, leaseMs: 300 });
    const id = await queue.enqueue('hold', {});
    runner.start();
    await until(held.started);
    // Past the first lease, but the runner renewed it meanwhile (every 100 ms).
    t.clock.advance(250);
    await sleep(250);
    t.clock.advance(100);
    expect(await queue.claim('another', 300)).toBeUndefined();
    held.finish();
    await runner.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('lets no stalled runner renew a lease another runner has taken since', async () => {
    const held = heldOpen();
    const runner = new JobRunner({ queue, handlers: { hold: held.handler }, leaseMs: 60_000 });
    const id = await queue.enqueue('hold', {});
    const claimed = await queue.claim('first', 1000);
    // The first runner stalls past its lease; a second takes the job and starts it.
    t.clock.advance(1000);
    const outcome = runner.runNext();
    await until(held.started);
    expect(await queue.extend(claimed!, 1000)).toBe(false);
    held.finish();
    expect(await outcome).toBe('done');
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('aborts a running job at its next renewal once its lease is lost, and records nothing', async () => {
    const held = heldOpen();
    const runner = new JobRunner({ queue, handlers: { hold: held.handler }, leaseMs: 300 });
    const id = await queue.enqueue('hold', {});
    const outcome = runner.runNext();
    await until(held.started);
    // Another runner took the job (this one stalled past its lease, say).
    await t.db.updateTable('jobs').set({ locked_by: 'thief:1' }).where('id', '=', id).execute();
    await until(held.aborted);
    expect(await outcome).toBe('lost');
    expect(await jobRow(id)).toMatchObject({ status: 'running', locked_by: 'thief:1' });
  });

  it('stops once the jobs under way finish, when they finish within the grace', async () => {
    const held = heldOpen();
    const runner = new JobRunner({ queue, handlers: { hold: held.handler } });
    const id = await queue.enqueue('hold', {});
    runner.start();
    await until(held.started);
    const stopped = runner.stop(5000);
    await sleep(50);
    held.finish();
    expect(await stopped).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('gives the jobs under way back, due at once and the attempt not counted, when the grace runs out', async () => {
    const held = heldOpen();
    const runner = new JobRunner({ queue, handlers: { hold: held.handler } });
    const id = await queue.enqueue('hold', {});
    runner.start();
    await until(held.started);
    expect(await runner.stop(100)).toBe(1);
    expect(held.aborted()).toBe(true);
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      locked_by: null,
      locked_until: null,
      run_after: t.clock.now().toISOString(),
    });
    // Another runner takes it at once, as its first attempt.
    const next = await queue.claim('another', 1000);
    expect(next).toMatchObject({ id, attempts: 1 });
  });
});
