import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/tables';
import { GroupCommit, type GroupTail } from '../../../src/server/db/group-commit';
import { inGroupRunnerOf } from '../../../src/server/db/database';
import {
  createTestApp,
  databases,
  fixtureForms,
  signedIn,
  type TestApp,
} from '../helpers/test-app';

describe.each(databases)('group commit on $name', ({ url }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
  });
  afterEach(async () => {
    await t.close();
  });

  const setPage = (executor: Kysely<Database>, id: string, page: string) =>
    executor.updateTable('accounts').set({ last_page: page }).where('id', '=', id).execute();
  /** The account's last page, read through `executor` (a transaction sees its own writes). */
  const pageOf = async (id: string, executor: Kysely<Database> = t.db) =>
    (
      await executor
        .selectFrom('accounts')
        .select('last_page')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).last_page;

  const accountIds = async () =>
    (await t.db.selectFrom('accounts').select('id').orderBy('username').execute()).map(
      (row) => row.id,
    );

  /** Two signed-up applicants' account ids: Ada's, then Eve's. */
  const adaAndEve = async () => {
    await signedIn(t, 'ada@example.org');
    await signedIn(t, 'eve@example.org');
    return accountIds();
  };

  it('runs the writes of one turn in one transaction, answering each with its own result', async () => {
    const [ada, eve] = await adaAndEve();
    const group = new GroupCommit(t.db);
    const results = await Promise.all([
      group.run(async (trx) => {
        await setPage(trx, ada!, 'ada-page');
        return 'first';
      }),
      // The earlier write is seen uncommitted: both run in the same transaction.
      group.run(async (trx) => {
        await setPage(trx, eve!, 'eve-page');
        return pageOf(ada!, trx);
      }),
    ]);
    expect(results).toEqual(['first', 'ada-page']);
    expect([await pageOf(ada!), await pageOf(eve!)]).toEqual(['ada-page', 'eve-page']);
  });

  it('fails only the write whose statement failed, undoing what it had written', async () => {
    const [ada, eve] = await adaAndEve();
    const group = new GroupCommit(t.db);
    const outcomes = await Promise.allSettled([
      group.run((trx) => setPage(trx, ada!, 'ada-page')),
      group.run(async (trx) => {
        await setPage(trx, ada!, 'lost');
        await sql`select * from no_such_table`.execute(trx);
      }),
      group.run((trx) => setPage(trx, eve!, 'eve-page')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([await pageOf(ada!), await pageOf(eve!)]).toEqual(['ada-page', 'eve-page']);
  });

  it('runs each write once when none fails, and the group again write by write when one does', async () => {
    const [ada, eve] = await adaAndEve();
    const group = new GroupCommit(t.db);
    const runs = { ada: 0, eve: 0, flaky: 0 };
    await Promise.all([
      group.run((trx) => (runs.ada++, setPage(trx, ada!, 'ada-1'))),
      group.run((trx) => (runs.eve++, setPage(trx, eve!, 'eve-1'))),
    ]);
    expect(runs).toEqual({ ada: 1, eve: 1, flaky: 0 });
    // A write that fails the first time only: the group's first pass is undone, and the second
    // runs every write again, each in its own savepoint, storing each once.
    const outcomes = await Promise.allSettled([
      group.run((trx) => (runs.ada++, setPage(trx, ada!, 'ada-2'))),
      group.run(async (trx) => {
        runs.flaky++;
        await setPage(trx, eve!, `eve-flaky-${runs.flaky}`);
        if (runs.flaky === 1) throw new Error('once');
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toEqual({ ada: 3, eve: 1, flaky: 2 });
    expect([await pageOf(ada!), await pageOf(eve!)]).toEqual(['ada-2', 'eve-flaky-2']);
  });

  it('finishes a tail once a group, in its transaction, with what its writes that succeeded returned', async () => {
    const [ada, eve] = await adaAndEve();
    const group = new GroupCommit(t.db);
    const finished: { results: string[]; pageSeen: string }[] = [];
    const tail: GroupTail<string> = {
      async finish(trx, results) {
        // In the group's transaction: its writes are seen, and what it writes commits with them.
        finished.push({ results, pageSeen: await pageOf(eve!, trx) });
        await setPage(trx, ada!, `after ${results.join(' ')}`);
      },
    };
    const outcomes = await Promise.allSettled([
      group.run(async (trx) => (await setPage(trx, eve!, 'eve-page'), 'first'), tail),
      group.run(async (trx) => {
        await sql`select * from no_such_table`.execute(trx);
        return 'failed';
      }, tail),
      // A write that names no tail is not among the results.
      group.run(async () => 'untailed'),
      group.run(async () => 'last', tail),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    // The first pass failed at the second write, before the tail; the second pass finished it.
    expect(finished).toEqual([{ results: ['first', 'last'], pageSeen: 'eve-page' }]);
    expect(await pageOf(ada!)).toBe('after first last');
  });

  it('fails every write of the group when its tail fails, storing none', async () => {
    const [ada] = await adaAndEve();
    const before = await pageOf(ada!);
    const group = new GroupCommit(t.db);
    const tail: GroupTail<void> = {
      finish: async (trx) => void (await sql`select * from no_such_table`.execute(trx)),
    };
    const outcomes = await Promise.allSettled([
      group.run(async (trx) => void (await setPage(trx, ada!, 'never')), tail),
      group.run(async () => 'untailed'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await pageOf(ada!)).toBe(before);
  });

  // Only on SQLite, where the group commit serves (PostgreSQL cannot defer these constraints):
  // defined there alone rather than skipped elsewhere.
  if (url === '')
    it('fails every write of the group when the commit fails, storing none', async () => {
      await signedIn(t, 'ada@example.org');
      const [ada] = await accountIds();
      const before = await pageOf(ada!);
      const group = new GroupCommit(t.db);
      // A deferred constraint breaks only at commit: an answer of an account that does not exist.
      const outcomes = await Promise.allSettled([
        group.run((trx) => setPage(trx, ada!, 'never')),
        group.run(async (trx) => {
          await sql`pragma defer_foreign_keys = on`.execute(trx);
          await trx
            .insertInto('sessions')
            .values({
              token_hash: 'orphan',
              account_id: 'no-such-account',
              created_at: '',
              last_seen_at: '',
              expires_at: '',
            })
            .execute();
        }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      expect(await pageOf(ada!)).toBe(before);
    });

  it('runs statements at once in a write on SQLite only, inside the group’s transaction', async () => {
    const run = inGroupRunnerOf(t.db);
    if (url !== '') {
      expect(run).toBeUndefined();
      return;
    }
    const [ada, eve] = await adaAndEve();
    const setPageNow = (id: string, page: string) =>
      run!(t.db.updateTable('accounts').set({ last_page: page }).where('id', '=', id).compile())
        .numAffectedRows;
    const group = new GroupCommit(t.db);
    const outcomes = await Promise.allSettled([
      group.run(() => Promise.resolve(setPageNow(ada!, 'ada-now'))),
      group.run(() => {
        setPageNow(eve!, 'lost');
        throw new Error('after a statement run at once');
      }),
      group.run(async (trx) => {
        // Inside the transaction: what ran at once is seen through the transaction, not past it.
        setPageNow(eve!, 'eve-now');
        return pageOf(eve!, trx);
      }),
    ]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 1n },
      { status: 'rejected', reason: new Error('after a statement run at once') },
      { status: 'fulfilled', value: 'eve-now' },
    ]);
    expect([await pageOf(ada!), await pageOf(eve!)]).toEqual(['ada-now', 'eve-now']);
  });

  it('lands concurrent saves of several applicants, and refuses the one who has submitted', async () => {
    const names = ['ada', 'eve', 'bob', 'kim'];
    const cookies = await Promise.all(names.map((n) => signedIn(t, `${n}@example.org`)));
    await t.call('PUT', '/api/answer', { first_name: 'Ada' }, cookies[0]);
    expect((await t.call('POST', '/api/submit', {}, cookies[0])).statusCode).toBe(200);
    const saves = await Promise.all(
      names.map((name, i) =>
        t.call('PUT', '/api/answer', { first_name: `${name}-again`, city: name }, cookies[i]),
      ),
    );
    expect(saves.map((s) => s.statusCode)).toEqual([409, 200, 200, 200]);
    const answers = await Promise.all(
      cookies.map(async (c) => (await t.call('GET', '/api/profile', undefined, c)).json().answer),
    );
    expect(answers).toEqual([
      { first_name: 'Ada' },
      { first_name: 'eve-again', city: 'eve' },
      { first_name: 'bob-again', city: 'bob' },
      { first_name: 'kim-again', city: 'kim' },
    ]);
  });
});
