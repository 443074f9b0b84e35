import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { GroupRead } from '../../../src/server/db/group-read';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

describe.each(databases)('group read on $name', ({ url }) => {
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
  const usernameOf = (id: string) => async (executor: typeof t.db) =>
    (
      await executor
        .selectFrom('accounts')
        .select('username')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.username;

  it('answers each read of a turn with its own result; a failed read fails only its caller', async () => {
    await addAccount('ada');
    await addAccount('eve');
    const group = new GroupRead(t.db);
    const outcomes = await Promise.allSettled([
      group.run(usernameOf('ada')),
      group.run(async (executor) => sql`select * from no_such_table`.execute(executor)),
      group.run(usernameOf('eve')),
      group.run(usernameOf('nobody')),
    ]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'ada@example.org' },
      { status: 'rejected', reason: expect.any(Error) },
      { status: 'fulfilled', value: 'eve@example.org' },
      { status: 'fulfilled', value: undefined },
    ]);
  });

  it('sees every write committed before the read was asked, by this process or another', async () => {
    const group = new GroupRead(t.db);
    await addAccount('ada');
    expect(await group.run(usernameOf('ada'))).toBe('ada@example.org');
    // Another process's write, on SQLite through a connection of its own to the same file.
    const rename = 'update accounts set username = ? where id = ?';
    if (url) {
      await sql`update accounts set username = ${'other@example.org'} where id = ${'ada'}`.execute(
        t.db,
      );
    } else {
      const other = new SQLite(path.join(t.dataDir, 'admissions.sqlite'));
      other.prepare(rename).run('other@example.org', 'ada');
      other.close();
    }
    expect(await group.run(usernameOf('ada'))).toBe('other@example.org');
    await t.db.deleteFrom('accounts').where('id', '=', 'ada').execute();
    expect(await group.run(usernameOf('ada'))).toBeUndefined();
  });
});
