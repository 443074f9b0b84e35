/**
 * Fair conversions across accounts (issue 41, F5): heavy documents of a few accounts cannot make
 * another applicant's small one wait for them. A small file is light (uploads/conversion-cost.ts)
 * and takes the runner's light slot while heavy ones hold the general slots; a file judged light
 * that outruns its time there goes back to the queue as a heavy one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/server/clock';
import { JobRunner, type JobHandler } from '../../../src/server/jobs/job-runner';
import { CONVERT_DOCUMENT } from '../../../src/server/uploads/document-service';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { docx } from '../helpers/fixtures';
import { uploadDocument } from '../helpers/uploads';

/** A Word file of a few KB whose main part unpacks to far more: thousands of short pages. */
const heavyDocx = () =>
  docx(Array.from({ length: 3000 }, (_, i) => `Line ${i + 1} of a long document`));
const lightDocx = () => docx(['My transcript, one short page.']);

describe.each(databases)('the light slot of the job queue on $name', ({ url }) => {
  let t: TestApp;
  let runner: JobRunner | undefined;

  beforeEach(async () => {
    t = await createTestApp(url);
  });
  afterEach(async () => {
    await runner?.stop(0);
    runner = undefined;
    await t.close();
  });

  /** Applicants who each upload one file, a second apart, in this order; their account ids. */
  async function upload(files: Array<[string, Uint8Array]>): Promise<string[]> {
    const ids: string[] = [];
    for (const [name, bytes] of files) {
      (t.clock as ManualClock).advance(1000);
      const cookies = await signedIn(t, `${name}@example.org`);
      expect((await uploadDocument(t, cookies, bytes, `${name}.docx`)).statusCode).toBe(200);
      const account = await t.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', `${name}@example.org`)
        .executeTakeFirstOrThrow();
      ids.push(account.id);
    }
    return ids;
  }

  const ownerOf = async (jobId: string | undefined) =>
    jobId === undefined
      ? undefined
      : (
          await t.db
            .selectFrom('jobs')
            .select('owner')
            .where('id', '=', jobId)
            .executeTakeFirstOrThrow()
        ).owner;

  it('claims a light document of a fourth account before heavy ones queued earlier, while three accounts each run one', async () => {
    const [ann, bob, cy, eve, dee] = await upload([
      ['ann', await heavyDocx()],
      ['bob', await heavyDocx()],
      ['cy', await heavyDocx()],
      ['eve', await heavyDocx()],
      ['dee', await lightDocx()],
    ]);
    const { queue } = t.documents;
    const general = [];
    for (let i = 0; i < 3; i++) general.push(await ownerOf((await queue.claim('r', 60_000))?.id));
    expect(general).toEqual([ann, bob, cy]);
    // The general slots are full: the light slot takes Dee's small file, not Eve's earlier one.
    const light = await queue.claim('r', 60_000, { expressOnly: true });
    expect(await ownerOf(light?.id)).toBe(dee);
    expect(await queue.claim('r', 60_000, { expressOnly: true })).toBeUndefined();
    expect(await ownerOf((await queue.claim('r', 60_000))?.id)).toBe(eve);
  });

  it('runs the light document beside three heavy ones that hold every general slot', async () => {
    const [, , , dee] = await upload([
      ['ann', await heavyDocx()],
      ['bob', await heavyDocx()],
      ['cy', await heavyDocx()],
      ['dee', await lightDocx()],
    ]);
    const started: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler: JobHandler<{ accountId: string }> = {
      timeoutMs: 60_000,
      run: async ({ accountId }) => {
        started.push(accountId);
        if (accountId !== dee) await gate;
      },
    };
    runner = new JobRunner({
      queue: t.documents.queue,
      handlers: { [CONVERT_DOCUMENT]: handler },
      concurrency: 3,
      pollMs: 20,
    });
    runner.start();
    const until = Date.now() + 10_000;
    while (!started.includes(dee!) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    release();
    expect(started.length).toBe(4);
    expect(started[3]).toBe(dee);
  });

  it('moves a job that outruns the light slot back to the queue as a heavy one once another light job waits, its attempt not counted', async () => {
    const { queue } = t.documents;
    await queue.enqueue('slow', { name: 'ann' }, { owner: 'ann' });
    const dee = await queue.enqueue('slow', { name: 'dee' }, { owner: 'dee', express: true });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const aborted: string[] = [];
    runner = new JobRunner({
      queue,
      handlers: {
        slow: {
          timeoutMs: 60_000,
          run: async ({ name }: { name: string }, { jobId, signal }) => {
            started.push(name);
            signal.addEventListener('abort', () => aborted.push(jobId));
            await gate;
          },
        },
      },
      concurrency: 1,
      expressBudgetMs: 300,
      pollMs: 20,
    });
    runner.start();
    const until = async (check: () => boolean) => {
      const end = Date.now() + 10_000;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => started.includes('dee'));
    // Past its budget with nobody waiting for the light slot, it keeps the slot.
    await new Promise((r) => setTimeout(r, 1500));
    expect({ started, aborted }).toEqual({ started: ['ann', 'dee'], aborted: [] });

    await queue.enqueue('slow', { name: 'fay' }, { owner: 'fay', express: true });
    await until(() => started.includes('fay'));
    expect({ started, aborted }).toEqual({ started: ['ann', 'dee', 'fay'], aborted: [dee] });
    const row = await t.db
      .selectFrom('jobs')
      .select(['status', 'express', 'attempts'])
      .where('id', '=', dee)
      .executeTakeFirstOrThrow();
    // Heavy now, it waits for the general slot rather than taking the light one again.
    expect({ ...row, express: Number(row.express), attempts: Number(row.attempts) }).toEqual({
      status: 'queued',
      express: 0,
      attempts: 0,
    });
    release();
  });
});
