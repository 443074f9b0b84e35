import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PreparedQuery } from '../../../src/server/db/prepared-query';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';

const accountById = new PreparedQuery((db, p: { id: string }) =>
  db.selectFrom('accounts').select(['id', 'username']).where('id', '=', p.id),
);

describe.each(databases)('prepared queries on $name', ({ url }) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(url);
    const created_at = t.clock.now().toISOString();
    await t.db
      .insertInto('accounts')
      .values(
        ['a', 'b'].map((id) => ({
          id,
          username: `${id}@example.com`,
          password_hash: 'x',
          confirmed_at: null,
          last_page: '',
          created_at,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it('runs with the parameters of each call', async () => {
    expect(await accountById.takeFirst(t.db, { id: 'a' })).toEqual({
      id: 'a',
      username: 'a@example.com',
    });
    expect(await accountById.takeFirst(t.db, { id: 'b' })).toEqual({
      id: 'b',
      username: 'b@example.com',
    });
    expect(await accountById.takeFirst(t.db, { id: 'c' })).toBeUndefined();
  });

  // PostgreSQL only (defined only there, so that no run reports a skipped test).
  if (url) {
    it('is a named prepared statement on PostgreSQL; other queries are not', async () => {
      const statements = await t.db.transaction().execute(async (trx) => {
        await accountById.execute(trx, { id: 'a' });
        await accountById.execute(trx, { id: 'b' });
        await trx.selectFrom('accounts').select('id').where('id', '=', 'a').execute();
        return (
          await sql<{
            name: string;
            statement: string;
          }>`select name, statement from pg_prepared_statements`.execute(trx)
        ).rows;
      });
      const accountStatements = statements.filter((s) => s.statement.includes('"accounts"'));
      expect(accountStatements).toEqual([
        {
          name: expect.stringMatching(/^prepared_\d+$/),
          statement: 'select "id", "username" from "accounts" where "id" = $1',
        },
      ]);
    });
  }
});
