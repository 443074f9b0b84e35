import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ApplicationService, setAnswer } from '../../../src/server/application/application-service';
import { flushSummaries } from '../../../src/server/application/summary-upkeep';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';

/**
 * The staff summary is kept by triggers (migrations 0010 and 0013) and, on SQLite, for answers by
 * the statements that write them (summary-upkeep.ts, migration 0015), the answers' part in batches
 * (migration 0016): after every write path it must hold, as staff read it, what a computation
 * from the rows themselves gives, as 0010's backfill computes it.
 */
describe.each(databases)('staff summary triggers on $name', ({ url }) => {
  let t: TestApp;
  let service: ApplicationService;

  beforeAll(async () => {
    t = await createTestApp(url);
    service = new ApplicationService(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
  });
  afterAll(() => t.close());

  const later = () => (url ? 'greatest' : 'max');
  /** Each account's summary computed afresh from accounts, answers, statuses and submissions. */
  const recomputed = async () =>
    (
      await sql<Record<string, unknown>>`
        select a.id as account_id, a.username as email,
          trim(coalesce((select value from answers where account_id = a.id and key = 'first_name'), '')
            || ' ' || coalesce((select value from answers where account_id = a.id and key = 'last_name'), ''))
            as name,
          (select count(*) from web_statuses where account_id = a.id
            and web_status in ('started', 'validating', 'submitted')) as status,
          a.last_page,
          ${sql.raw(later())}(a.created_at,
            coalesce((select max(updated_at) from answers where account_id = a.id), ''),
            coalesce((select max(created_at) from web_statuses where account_id = a.id), ''),
            coalesce((select submitted_at from submissions where account_id = a.id), ''))
            as last_activity_at,
          coalesce((select submitted_at from submissions where account_id = a.id), '')
            as submitted_at
        from accounts a order by a.id`.execute(t.db)
    ).rows.map((row) => ({
      ...row,
      status: Number(row.status),
      search: `${String(row.name)} ${String(row.email)}`.trim().toLowerCase(),
    }));
  /** The summary rows as staff read them: the noted writes brought in first (migration 0016). */
  const summaries = async () => {
    await flushSummaries(t.db);
    const rows = await t.db
      .selectFrom('application_summaries')
      .selectAll()
      .orderBy('account_id')
      .execute();
    // The search words (migration 0021) are folded from `search` and tested with the search.
    return rows.map(({ words: _words, ...row }) => row);
  };
  const expectInStep = async () => expect(await summaries()).toEqual(await recomputed());

  const account = async (id: string, username: string) => {
    await t.db
      .insertInto('accounts')
      .values({
        id,
        username,
        password_hash: 'x',
        confirmed_at: null,
        last_page: '',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
  };
  const step = () => t.clock.advance(1000);

  it('holds through saves, document answers, tab clears, statuses, submit and erasure', async () => {
    await account('acc-1', 'Ada@Example.com');
    await account('acc-2', 'bob@example.com');
    await expectInStep();

    // A first save inserts keys; the next inserts some and updates others (both triggers fire).
    step();
    await service.answers.save('acc-1', { first_name: 'Ada', city: 'London' }, 'v1');
    await expectInStep();
    step();
    await service.answers.save('acc-1', { last_name: 'Lovelace', city: 'Paris' }, 'v1');
    await expectInStep();
    expect((await summaries())[0]).toMatchObject({
      name: 'Ada Lovelace',
      search: 'ada lovelace ada@example.com',
      last_activity_at: t.clock.now().toISOString(),
    });
    // A save that changes no name leaves the name and moves the activity on.
    step();
    await service.answers.save('acc-1', { city: 'Rome' }, 'v1');
    await expectInStep();
    // PostgreSQL: two accounts' answers in one statement (as grouped saves write them), each
    // summary gets its own. SQLite writes one account's answers a statement: two saves.
    step();
    const now = t.clock.now().toISOString();
    if (!url) {
      await service.answers.save('acc-1', { first_name: 'Augusta' }, 'v1');
      await service.answers.save('acc-2', { last_name: 'Builder' }, 'v1');
    } else {
      await t.db
        .insertInto('answers')
        .values([
          { account_id: 'acc-1', key: 'first_name', value: 'Augusta', updated_at: now },
          { account_id: 'acc-2', key: 'last_name', value: 'Builder', updated_at: now },
        ])
        .onConflict((oc) =>
          oc.columns(['account_id', 'key']).doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    await expectInStep();

    // A document answer, as the conversion sets it.
    step();
    await t.db
      .transaction()
      .execute((trx) => setAnswer(trx, 'acc-2', 'transcript_file', 'ANSWERED', t.clock.now()));
    await expectInStep();

    // A tab change clears the answers it lists, the name among them here.
    step();
    await service.tabs.set('acc-1', 'names', 'other', {
      defaultTab: 'mine',
      clears: ['first_name'],
    });
    await expectInStep();
    expect((await summaries())[0]).toMatchObject({ name: 'Lovelace' });

    step();
    await service.progress.setLastPage('acc-1', '/education');
    await service.progress.advanceStatus('acc-1', 'validating');
    await expectInStep();
    // A status already recorded changes nothing, not even the activity.
    const before = await summaries();
    step();
    await service.progress.advanceStatus('acc-1', 'started');
    expect(await summaries()).toEqual(before);

    step();
    await service.submissions.submit('acc-1', 'v1', () => ({}));
    await expectInStep();
    expect((await summaries())[0]).toMatchObject({ status: 3 });

    await t.db.deleteFrom('accounts').where('id', '=', 'acc-1').execute();
    await expectInStep();
    expect((await summaries()).map((row) => row.account_id)).toEqual(['acc-2']);
  });
});
