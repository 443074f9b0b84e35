/**
 * A fair queue: at most one of an applicant's jobs runs at a time, so one applicant's slow jobs
 * hold one slot at most and another applicant's small PNG is converted beside them, not after;
 * with one slot, it waits for one job at most. A file past a limit ends FAILED with its message
 * after one attempt, never retried.
 */
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertToPdf } from '../../../src/server/conversion/convert-document';
import { JavascriptDocxConverter } from '../../../src/server/conversion/convert-docx';
import { conversionMessages } from '../../../src/server/conversion/conversion-messages';
import { liveWorkers } from '../../../src/server/conversion/isolation';
import { JobRunner, type JobHandler } from '../../../src/server/jobs/job-runner';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { png } from '../helpers/fixtures';
import { uploadDocument } from '../helpers/uploads';

const waitFor = async (check: () => Promise<boolean>, ms = 30_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

describe.each(databases)('a fair job queue on $name', ({ url }) => {
  let t: TestApp;
  let runner: JobRunner | undefined;
  let release: () => void = () => {};

  beforeEach(async () => {
    t = await createTestApp(url);
  });
  afterEach(async () => {
    release();
    await runner?.stop(5000);
    runner = undefined;
    await t.close();
    for (let i = 0; i < 50 && liveWorkers.size > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(liveWorkers.size).toBe(0);
  });

  /** Slow jobs wait for release(); small ones convert a real PNG. Records the order they start. */
  function handlers(started: string[]): Record<string, JobHandler<{ name: string }>> {
    const gate = new Promise<void>((resolve) => (release = resolve));
    return {
      slow: {
        timeoutMs: 60_000,
        run: async ({ name }) => {
          started.push(name);
          await gate;
        },
      },
      small: {
        timeoutMs: 60_000,
        run: async ({ name }) => {
          started.push(name);
          await convertToPdf('png', png(), new JavascriptDocxConverter());
        },
      },
    };
  }
  const status = async (id: string) =>
    await t.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("runs another applicant's small job beside one applicant's two slow ones", async () => {
    const started: string[] = [];
    const { queue } = t.documents;
    const a1 = await queue.enqueue('slow', { name: 'A1' }, { owner: 'applicant-a' });
    const a2 = await queue.enqueue('slow', { name: 'A2' }, { owner: 'applicant-a' });
    const b = await queue.enqueue('small', { name: 'B' }, { owner: 'applicant-b' });
    runner = new JobRunner({ queue, handlers: handlers(started), concurrency: 2, pollMs: 20 });
    runner.start();
    expect(await waitFor(async () => (await status(b)).status === 'done')).toBe(true);
    expect((await status(a1)).status).toBe('running');
    // A's second job waits for A's first: it never held the slot B needed.
    expect(await status(a2)).toEqual({ status: 'queued', attempts: 0 });
    expect(started).toEqual(['A1', 'B']);
  }, 60_000);

  it("with one slot, another applicant's job waits for one of the slow jobs at most", async () => {
    const started: string[] = [];
    const { queue } = t.documents;
    await queue.enqueue('slow', { name: 'A1' }, { owner: 'applicant-a' });
    await queue.enqueue('slow', { name: 'A2' }, { owner: 'applicant-a' });
    const b = await queue.enqueue('small', { name: 'B' }, { owner: 'applicant-b' });
    runner = new JobRunner({ queue, handlers: handlers(started), concurrency: 1, pollMs: 20 });
    runner.start();
    expect(await waitFor(async () => started.length === 1)).toBe(true);
    release(); // A1 finishes (and A2 would pass if it were not waiting for B)
    expect(await waitFor(async () => (await status(b)).status === 'done')).toBe(true);
    expect(started.slice(0, 2)).toEqual(['A1', 'B']);
  }, 60_000);

  it("runs a small image in the express slot while other applicants' slow jobs hold the rest", async () => {
    const started: string[] = [];
    const { queue } = t.documents;
    const a = await queue.enqueue('slow', { name: 'A' }, { owner: 'applicant-a' });
    const c = await queue.enqueue('slow', { name: 'C' }, { owner: 'applicant-c' });
    const b = await queue.enqueue('small', { name: 'B' }, { owner: 'applicant-b', express: true });
    runner = new JobRunner({ queue, handlers: handlers(started), concurrency: 1, pollMs: 20 });
    runner.start();
    expect(await waitFor(async () => (await status(b)).status === 'done')).toBe(true);
    expect((await status(a)).status).toBe('running');
    // The slow job of C waits for the general slot: the express slot takes images only.
    expect(await status(c)).toEqual({ status: 'queued', attempts: 0 });
  }, 60_000);

  it('ends a conversion past a limit FAILED with its message, after one attempt', async () => {
    const ada = await signedIn(t, 'ada@example.org');
    const bomb = Buffer.from(png(30, 20));
    bomb.writeUInt32BE(16000, 16);
    bomb.writeUInt32BE(16000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await uploadDocument(t, ada, new Uint8Array(bomb), 'bomb.png')).statusCode).toBe(200);
    expect(await t.jobs.runUntilIdle()).toEqual(['failed']);
    const job = await t.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    const document = await t.call(
      'GET',
      '/api/pdf/document-answer/transcript_file',
      undefined,
      ada,
    );
    expect(document.json()).toMatchObject({
      status: 'FAILED',
      message: conversionMessages.imageTooLarge,
    });
  }, 60_000);
});
