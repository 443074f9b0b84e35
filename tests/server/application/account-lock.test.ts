/**
 * The account's exclusive step on SQLite with a second process on the same file (a separate
 * JOB_RUNNER=worker): the step takes the write lock as it begins, so the other process's write
 * waits for it (or, with no busy timeout, is told the database is busy) instead of slipping in
 * between the step's read and its write, which SQLite answers with SQLITE_BUSY_SNAPSHOT: a 500.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertNotSubmitted, exclusive } from '../../../src/server/application/account-lock';
import { openTestDatabase, type TestDatabase } from '../helpers/test-app';

describe('the account lock on SQLite shared with another process', () => {
  let database: TestDatabase;
  let other: SQLite.Database;

  beforeEach(async () => {
    database = await openTestDatabase();
    await database.db
      .insertInto('accounts')
      .values({
        id: 'ada',
        username: 'ada@example.org',
        password_hash: 'x',
        confirmed_at: null,
        last_page: '',
        created_at: new Date(0).toISOString(),
      })
      .execute();
    // The worker process's own connection; no busy timeout, so a held lock shows at once.
    other = new SQLite(path.join(database.dataDir, 'admissions.sqlite'));
    other.pragma('busy_timeout = 0');
  });
  afterEach(async () => {
    other.close();
    await database.close();
  });

  const lastPage = () =>
    database.db
      .selectFrom('accounts')
      .select('last_page')
      .where('id', '=', 'ada')
      .executeTakeFirstOrThrow();

  it("keeps the other process's write out between the step's read and its write", async () => {
    let otherWrite = 'not tried';
    const outcome = await exclusive(database.db, 'ada', async (trx) => {
      await assertNotSubmitted(trx, 'ada');
      try {
        other.prepare("update accounts set last_page = 'other' where id = 'ada'").run();
        otherWrite = 'written';
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? String(error);
      }
      await trx
        .updateTable('accounts')
        .set({ last_page: 'mine' })
        .where('id', '=', 'ada')
        .execute();
      return 'committed';
    });
    expect({ outcome, otherWrite }).toEqual({ outcome: 'committed', otherWrite: 'SQLITE_BUSY' });
    expect(await lastPage()).toEqual({ last_page: 'mine' });
    // Once the step has committed, the other process writes as usual.
    other.prepare("update accounts set last_page = 'other' where id = 'ada'").run();
    expect(await lastPage()).toEqual({ last_page: 'other' });
  });

  it('rolls the step back when its work throws, and leaves the lock free', async () => {
    await expect(
      exclusive(database.db, 'ada', async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ last_page: 'mine' })
          .where('id', '=', 'ada')
          .execute();
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await lastPage()).toEqual({ last_page: '' });
    other.prepare("update accounts set last_page = 'other' where id = 'ada'").run();
    expect(await lastPage()).toEqual({ last_page: 'other' });
  });
});
