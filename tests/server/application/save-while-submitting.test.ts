import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationService } from '../../../src/server/application/application-service';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { createTestApp, databases, insertAccounts, type TestApp } from '../helpers/test-app';

/** Another session's open transaction on the same schema: run statements, then commit. */
async function otherTransaction(t: TestApp, url: string) {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  const client = new pg.Client({
    connectionString: url,
    options: `-c search_path=${rows[0]!.schema}`,
  });
  await client.connect();
  await client.query('begin');
  return {
    run: async (statement: string, values: string[]) =>
      void (await client.query(statement, values)),
    commit: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

describe.each(databases)('saves and submit on $name', ({ url }) => {
  let t: TestApp;
  let service: ApplicationService;
  beforeAll(async () => {
    t = await createTestApp(url);
    service = new ApplicationService(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
    await insertAccounts(t, ['ada']);
  });
  afterAll(() => t.close());

  const cityOf = async () =>
    (
      await t.db
        .selectFrom('answers')
        .select('value')
        .where('account_id', '=', 'ada')
        .where('key', '=', 'city')
        .executeTakeFirst()
    )?.value;

  it('marks the account submitted, after which a save writes nothing', async () => {
    await insertAccounts(t, ['eve']);
    await service.answers.save('eve', { city: 'Oslo' }, 'v1');
    await service.submissions.submit('eve', 'v1', () => ({}));
    await expect(service.answers.save('eve', { city: 'Rome' }, 'v1')).rejects.toMatchObject({
      code: 'ALREADY_SUBMITTED',
    });
    const account = await t.db
      .selectFrom('accounts')
      .select('submitted_at')
      .where('id', '=', 'eve')
      .executeTakeFirstOrThrow();
    expect(account.submitted_at).toBe(t.clock.now().toISOString());
  });

  // PostgreSQL only (defined only there, so no run reports a skipped test): on SQLite the server's
  // one connection runs one transaction at a time, so a save cannot meet a submit half-way.
  if (url)
    it('waits for a submission under way and then writes nothing, as a save after it would', async () => {
      await service.answers.save('ada', { city: 'London' }, 'v1');
      // Submit as ApplicationService.submit does it: hold the account, then freeze the answers.
      const submit = await otherTransaction(t, url);
      await submit.run('select id from accounts where id = $1 for no key update', ['ada']);
      await submit.run(
        `insert into submissions (account_id, answers, forms_version, submitted_at)
        values ($1, $2, $3, $4)`,
        ['ada', '{"city":"London"}', 'v1', t.clock.now().toISOString()],
      );
      let settled = false;
      const save = service.answers
        .save('ada', { city: 'Paris' }, 'v1')
        .then(
          () => 'saved',
          (error: unknown) => error,
        )
        .finally(() => {
          settled = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await submit.commit();
      expect(await save).toMatchObject({ code: 'ALREADY_SUBMITTED' });
      expect(await cityOf()).toBe('London');
      const account = await t.db
        .selectFrom('accounts')
        .select('submitted_at')
        .where('id', '=', 'ada')
        .executeTakeFirstOrThrow();
      expect(account.submitted_at).toBe(t.clock.now().toISOString());
    });

  if (url)
    it('writes the other applicants’ saves of the same turn once the submission is in', async () => {
      await insertAccounts(t, ['ben', 'cal']);
      await service.answers.save('ben', { city: 'Leeds' }, 'v1');
      const submit = await otherTransaction(t, url);
      await submit.run('select id from accounts where id = $1 for no key update', ['ben']);
      await submit.run(
        `insert into submissions (account_id, answers, forms_version, submitted_at)
        values ($1, $2, $3, $4)`,
        ['ben', '{"city":"Leeds"}', 'v1', t.clock.now().toISOString()],
      );
      // One turn: the three saves are written together (grouped-saves.ts).
      const saves = Promise.all(
        [
          service.answers.save('cal', { city: 'York' }, 'v1'),
          service.answers.save('ben', { city: 'Hull' }, 'v1'),
          service.answers.save('ada', { city: 'Ely' }, 'v1'),
        ].map((save) =>
          save.then(
            () => 'saved',
            (error: { code?: string }) => error.code,
          ),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await submit.commit();
      expect(await saves).toEqual(['saved', 'ALREADY_SUBMITTED', 'ALREADY_SUBMITTED']);
      const cities = await t.db
        .selectFrom('answers')
        .select(['account_id', 'value'])
        .where('key', '=', 'city')
        .where('account_id', 'in', ['ada', 'ben', 'cal'])
        .orderBy('account_id')
        .execute();
      expect(cities).toEqual([
        { account_id: 'ada', value: 'London' },
        { account_id: 'ben', value: 'Leeds' },
        { account_id: 'cal', value: 'York' },
      ]);
    });
});
