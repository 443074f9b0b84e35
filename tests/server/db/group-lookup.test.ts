import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { GroupLookup } from '../../../src/server/db/group-lookup';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

describe.each(databases)('group lookup on $name', ({ url }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
  });
  afterEach(async () => {
    await t.close();
  });

  const addAccount = (id: string) =>
    t.db
      .insertInto('accounts')
      .values({
        id,
        username: `${id}@example.org`,
        password_hash: 'x',
        confirmed_at: null,
        last_page: '',
        created_at: '',
      })
      .execute();
  /** Usernames by account id, in one query for every id of the group. */
  const usernames = async (ids: string[]) =>
    new Map(
      (
        await t.db
          .selectFrom('accounts')
          .select(['id', 'username'])
          .where('id', 'in', ids)
          .execute()
      ).map((row) => [row.id, row.username]),
    );

  it('answers the lookups of one turn with one query, each with its own row', async () => {
    await addAccount('ada');
    await addAccount('eve');
    const find = vi.fn(usernames);
    const group = new GroupLookup(find);
    const found = await Promise.all(['ada', 'nobody', 'eve', 'ada'].map((id) => group.get(id)));
    expect(found).toEqual(['ada@example.org', undefined, 'eve@example.org', 'ada@example.org']);
    expect(find.mock.calls).toEqual([[['ada', 'nobody', 'eve']]]);
    expect(await group.get('eve')).toBe('eve@example.org');
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('fails every lookup of the group when the query fails, and the next group runs', async () => {
    await addAccount('ada');
    let fail = true;
    const group = new GroupLookup(async (ids: string[]) => {
      if (fail) await sql`select * from no_such_table`.execute(t.db);
      return usernames(ids);
    });
    const outcomes = await Promise.allSettled([group.get('ada'), group.get('eve')]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: expect.any(Error) },
      { status: 'rejected', reason: expect.any(Error) },
    ]);
    fail = false;
    expect(await group.get('ada')).toBe('ada@example.org');
  });

  it('sees every write committed before the lookup was asked, by this process or another', async () => {
    const group = new GroupLookup(usernames);
    await addAccount('ada');
    expect(await group.get('ada')).toBe('ada@example.org');
    // Another process's write, on SQLite through a connection of its own to the same file.
    if (url) {
      await sql`update accounts set username = ${'other@example.org'} where id = ${'ada'}`.execute(
        t.db,
      );
    } else {
      const other = new SQLite(path.join(t.dataDir, 'admissions.sqlite'));
      other
        .prepare('update accounts set username = ? where id = ?')
        .run('other@example.org', 'ada');
      other.close();
    }
    expect(await group.get('ada')).toBe('other@example.org');
    await t.db.deleteFrom('accounts').where('id', '=', 'ada').execute();
    expect(await group.get('ada')).toBeUndefined();
  });
});
