import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { ApplicationService } from '../../../src/server/application/application-service';
import {
  flushSummaries,
  scheduleSummaryFlush,
} from '../../../src/server/application/summary-upkeep';
import { ManualClock } from '../../../src/server/clock';
import type { Database } from '../../../src/server/db/tables';
import { SecretHasher } from '../../../src/server/identity/secrets';
import {
  databases,
  insertAccounts,
  openTestDatabase,
  type TestDatabase,
} from '../helpers/test-app';

/**
 * Writes of answers note the account (migration 0016); flushSummaries brings the summary rows up
 * to date from the notes. No app here, so no flush runs but the tests' own.
 */
describe.each(databases)('staff summary notes on $name', ({ url }) => {
  let t: TestDatabase;
  let clock: ManualClock;
  let service: ApplicationService;

  beforeEach(async () => {
    t = await openTestDatabase(url);
    clock = new ManualClock();
    service = new ApplicationService(t.db, new SecretHasher('s'.repeat(32)), clock);
  });
  afterEach(() => t.close());

  const addAccounts = (ids: readonly string[]) => insertAccounts({ db: t.db, clock }, ids);
  const summary = (id: string) =>
    t.db
      .selectFrom('application_summaries')
      .select(['name', 'search', 'last_activity_at'])
      .where('account_id', '=', id)
      .executeTakeFirstOrThrow();
  const notes = () =>
    t.db.selectFrom('summary_pending').select(['account_id', 'at', 'renamed']).execute();

  it('notes each account once, however many saves, and the flush applies and removes the notes', async () => {
    await addAccounts(['acc-1']);
    const created = clock.now().toISOString();
    clock.advance(1000);
    await service.answers.save('acc-1', { first_name: 'Ada', last_name: 'Lovelace' }, 'v1');
    clock.advance(1000);
    await service.answers.save('acc-1', { city: 'London' }, 'v1');
    const latest = clock.now().toISOString();

    expect(await notes()).toEqual([{ account_id: 'acc-1', at: latest, renamed: 1 }]);
    expect(await summary('acc-1')).toEqual({
      name: '',
      search: 'acc-1@example.org',
      last_activity_at: created,
    });

    expect(await flushSummaries(t.db)).toBe(1);
    expect(await summary('acc-1')).toEqual({
      name: 'Ada Lovelace',
      search: 'ada lovelace acc-1@example.org',
      last_activity_at: latest,
    });
    expect(await notes()).toEqual([]);
    expect(await flushSummaries(t.db)).toBe(0);

    // A save that changes no name moves the activity on and leaves the name as it is.
    clock.advance(1000);
    await service.answers.save('acc-1', { city: 'Paris' }, 'v1');
    expect(await notes()).toEqual([
      { account_id: 'acc-1', at: clock.now().toISOString(), renamed: 0 },
    ]);
    await flushSummaries(t.db);
    expect(await summary('acc-1')).toEqual({
      name: 'Ada Lovelace',
      search: 'ada lovelace acc-1@example.org',
      last_activity_at: clock.now().toISOString(),
    });
  });

  it("flushes one account's note alone when asked for that account", async () => {
    await addAccounts(['acc-1', 'acc-2']);
    clock.advance(1000);
    await service.answers.save('acc-1', { first_name: 'Ada' }, 'v1');
    await service.answers.save('acc-2', { first_name: 'Bea' }, 'v1');

    expect(await flushSummaries(t.db, 'acc-2')).toBe(1);
    expect((await summary('acc-2')).name).toBe('Bea');
    expect((await summary('acc-1')).name).toBe('');
    expect((await notes()).map((n) => n.account_id)).toEqual(['acc-1']);
  });

  it('flushes more notes than one statement takes, and skips an account erased meanwhile', async () => {
    const ids = Array.from({ length: 1201 }, (_, i) => `acc-${String(i).padStart(4, '0')}`);
    await addAccounts(ids);
    clock.advance(1000);
    const at = clock.now().toISOString();
    await t.db
      .insertInto('answers')
      .values(ids.map((id) => ({ account_id: id, key: 'first_name', value: id, updated_at: at })))
      .execute();
    if (!url) {
      // SQLite has no triggers on answers: its writers note the accounts (summary-upkeep.ts).
      await t.db
        .insertInto('summary_pending')
        .values(ids.map((id) => ({ account_id: id, at, renamed: 1 })))
        .execute();
    }
    await t.db.deleteFrom('accounts').where('id', '=', ids[0]!).execute();

    expect(await flushSummaries(t.db)).toBe(ids.length);
    expect(await notes()).toEqual([]);
    const rows = await t.db
      .selectFrom('application_summaries')
      .select(['account_id', 'name', 'last_activity_at'])
      .orderBy('account_id')
      .execute();
    expect(rows).toEqual(
      ids.slice(1).map((id) => ({ account_id: id, name: id, last_activity_at: at })),
    );
  });

  it('takes a batch of notes through the key, whatever the statistics say of the table', async () => {
    // Statistics taken while the table was empty, then a burst of notes (as a bulk load gives).
    await sql`analyze summary_pending`.execute(t.db);
    const ids = Array.from({ length: 2000 }, (_, i) => `acc-${String(i).padStart(4, '0')}`);
    await t.db
      .insertInto('summary_pending')
      .values(ids.map((id) => ({ account_id: id, at: '2026-09-01', renamed: 0 })))
      .execute();
    const statements: CompiledQuery[] = [];
    const run = Kysely.prototype.executeQuery;
    const spy = vi.spyOn(Kysely.prototype, 'executeQuery').mockImplementation(function (
      this: Kysely<Database>,
      query,
    ) {
      statements.push(query as CompiledQuery);
      return run.call(this, query);
    });
    expect(await flushSummaries(t.db)).toBe(ids.length);
    spy.mockRestore();
    const take = statements.find((statement) => statement.sql.startsWith('delete from'));
    expect(take).toBeDefined();
    const explain = url ? 'explain' : 'explain query plan';
    const { rows } = await t.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${take!.sql}`, [...take!.parameters]),
    );
    const plan = rows.map((row) => row['QUERY PLAN'] ?? row.detail).join('\n');
    if (url) {
      // The batch is an array chosen once, never a join of every note against the batch.
      expect(plan).toMatch(/InitPlan 1 \(returns (\$\d)\)[\s\S]*\(account_id = ANY \(\1\)\)/);
      expect(plan).not.toMatch(/Join|Nested Loop/);
    } else {
      expect(plan).toMatch(/SEARCH summary_pending USING (COVERING )?INDEX .* \(account_id=\?\)/);
    }
  });

  it('brings the summaries up to date every tick once scheduled, until stopped', async () => {
    await addAccounts(['acc-1']);
    const stop = scheduleSummaryFlush(t.db, { error: vi.fn() }, 20);
    try {
      clock.advance(1000);
      await service.answers.save('acc-1', { first_name: 'Ada' }, 'v1');
      await vi.waitFor(async () => expect((await summary('acc-1')).name).toBe('Ada'), {
        timeout: 5000,
      });
    } finally {
      await stop();
    }
    clock.advance(1000);
    await service.answers.save('acc-1', { first_name: 'Bea' }, 'v1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await summary('acc-1')).name).toBe('Ada');
    expect(await notes()).toHaveLength(1);
  });

  it('logs a flush that fails and tries again at the next tick', async () => {
    await addAccounts(['acc-1']);
    clock.advance(1000);
    await service.answers.save('acc-1', { first_name: 'Ada' }, 'v1');
    // The summary rows cannot be written for a while: a trigger refuses every update.
    const refuse = url
      ? [
          `create function refuse_summary() returns trigger language plpgsql as $$
            begin raise exception 'refused'; end $$`,
          `create trigger refuse_summary before update on application_summaries
            for each row execute function refuse_summary()`,
        ]
      : [
          `create trigger refuse_summary before update on application_summaries
            begin select raise(abort, 'refused'); end`,
        ];
    for (const statement of refuse) await sql.raw(statement).execute(t.db);
    const error = vi.fn();
    const stop = scheduleSummaryFlush(t.db, { error }, 20);
    try {
      await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2), { timeout: 5000 });
      // Nothing was taken away: the note is still there for the next flush.
      expect(await notes()).toHaveLength(1);
      await sql`drop trigger refuse_summary ${sql.raw(url ? 'on application_summaries' : '')}`.execute(
        t.db,
      );
      await vi.waitFor(async () => expect((await summary('acc-1')).name).toBe('Ada'), {
        timeout: 5000,
      });
    } finally {
      await stop();
    }
  });

  // PostgreSQL only (SQLite runs one transaction at a time): registered there alone, not skipped.
  if (url) {
    /**
     * A transaction that writes as a save does, one step at a time: `step(i)` lets step i run and
     * resolves once it has, or once the transaction has failed (which `transaction` then tells).
     */
    const saveInSteps = (steps: readonly ((trx: Kysely<Database>) => Promise<void>)[]) => {
      const signal = () => {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        return { promise, resolve };
      };
      const gates = steps.map(signal);
      const done = steps.map(signal);
      const transaction = t.db.transaction().execute(async (trx) => {
        for (const [i, step] of steps.entries()) {
          await gates[i]!.promise;
          await step(trx);
          done[i]!.resolve();
        }
      });
      const failed = transaction.then(
        () => undefined,
        () => undefined,
      );
      return {
        transaction,
        step: async (i: number) => {
          gates[i]!.resolve();
          await Promise.race([done[i]!.promise, failed]);
        },
      };
    };
    const writeAnswer = (trx: Kysely<Database>, accountId: string, value: string) =>
      trx
        .updateTable('answers')
        .set({ value, updated_at: clock.now().toISOString() })
        .where('account_id', '=', accountId)
        .where('key', '=', 'first_name')
        .execute()
        .then(() => undefined);
    const waitingForLocks = async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting
        from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()
        and query like '%summary_pending%'`.execute(t.db);
      return rows[0]!.waiting;
    };

    it('PostgreSQL: a note a save is writing is left for the next flush, not waited for', async () => {
      await addAccounts(['acc-1']);
      clock.advance(1000);
      await service.answers.save('acc-1', { first_name: 'Ada' }, 'v1');
      await flushSummaries(t.db);
      clock.advance(1000);
      await service.answers.save('acc-1', { first_name: 'Bea' }, 'v1');

      // A save under way holds the account's note (its trigger updated it) until it commits.
      const saving = saveInSteps([(trx) => writeAnswer(trx, 'acc-1', 'Cy'), async () => undefined]);
      await saving.step(0);
      const flushing = flushSummaries(t.db);
      // Bounded: a flush that waited for the save would wait as long as the save is held.
      const first = await Promise.race([
        flushing,
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
      ]);
      const nameMeanwhile = (await summary('acc-1')).name;
      await saving.step(1);
      await saving.transaction;
      await flushing;
      expect(first).toBe(0);
      expect(nameMeanwhile).toBe('Ada');
      expect(await flushSummaries(t.db)).toBe(1);
      expect((await summary('acc-1')).name).toBe('Cy');
      expect(await notes()).toEqual([]);
    });

    it('PostgreSQL: a save that writes two accounts while the flush runs never deadlocks with it', async () => {
      // acc-1's note comes first in the table and by key, so a flush that waited for a locked
      // note would hold acc-1's while waiting for acc-2's.
      await addAccounts(['acc-1', 'acc-2']);
      clock.advance(1000);
      await service.answers.save('acc-1', { first_name: 'Ada' }, 'v1');
      await service.answers.save('acc-2', { first_name: 'Bea' }, 'v1');
      await flushSummaries(t.db);
      clock.advance(1000);
      await service.answers.save('acc-1', { first_name: 'Ann' }, 'v1');
      await service.answers.save('acc-2', { first_name: 'Bo' }, 'v1');

      // One transaction writes acc-2's answers, then acc-1's, as a group of saves does.
      const saving = saveInSteps([
        (trx) => writeAnswer(trx, 'acc-2', 'Cy'),
        (trx) => writeAnswer(trx, 'acc-1', 'Di'),
      ]);
      await saving.step(0);
      let flushed: number | Error | undefined;
      const flushing = flushSummaries(t.db).then(
        (n) => (flushed = n),
        (error: Error) => (flushed = error),
      );
      // Until the flush has ended, or waits for a lock (as one that waited for a note a save holds
      // would): bounded, the flush takes milliseconds.
      for (let i = 0; i < 500 && flushed === undefined && (await waitingForLocks()) === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await saving.step(1);
      await expect(saving.transaction).resolves.toBeUndefined();
      await flushing;
      // It took acc-1's note alone; acc-2's was being written.
      expect(flushed).toBe(1);
      expect(await flushSummaries(t.db)).toBe(2);
      expect((await summary('acc-1')).name).toBe('Di');
      expect((await summary('acc-2')).name).toBe('Cy');
      expect(await notes()).toEqual([]);
    });
  }
});
