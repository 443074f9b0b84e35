import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { dialectOf } from '../db/dialect';
import { AppError } from '../errors';
import { PreparedQuery } from '../db/prepared-query';

/** Taken by every write that races submit, saves the busiest of them: prepared once. */
const holdAccount = new PreparedQuery((db, p: { accountId: string }) =>
  db.selectFrom('accounts').select('id').where('id', '=', p.accountId).forNoKeyUpdate(),
);

/** Whether an applicant has submitted (their answers and documents then follow the frozen copy). */
export async function isSubmitted(executor: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await executor
    .selectFrom('submissions')
    .select('account_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/** 409 ALREADY_SUBMITTED once the applicant has submitted. */
export async function assertNotSubmitted(
  executor: Kysely<Database>,
  accountId: string,
): Promise<void> {
  if (await isSubmitted(executor, accountId)) throw new AppError('ALREADY_SUBMITTED');
}

/**
 * Runs `work` as one step with submit: on PostgreSQL the account's row is locked for the
 * transaction (FOR NO KEY UPDATE, so rows that only reference the account are not held up), and
 * every write of an applicant's answers, documents and submit take turns; on SQLite the
 * transaction takes the database's write lock as it begins (BEGIN IMMEDIATE). A write that checks
 * "not submitted" inside `work` therefore either lands before the freeze, and is in the frozen
 * copy, or sees the submission (issue 14). The save on PostgreSQL holds the row within its one
 * statement instead, and checks the row's submitted_at, which submit sets (submissions.ts).
 */
export function exclusive<T>(
  db: Db,
  accountId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (dialectOf(db) === 'sqlite') return immediate(db, work);
  return db.transaction().execute(async (trx) => {
    await holdAccount.execute(trx, { accountId });
    return work(trx);
  });
}

/**
 * SQLite's one connection per process makes this process's transactions take turns, but another
 * process on the same file (JOB_RUNNER=worker) is another writer: a deferred transaction that has
 * read and then writes after that process committed fails with SQLITE_BUSY_SNAPSHOT (a 500),
 * which no busy timeout can wait out. Taking the write lock first makes the other writer wait
 * (busy_timeout) instead. Kysely begins SQLite transactions deferred, so this one is begun by hand
 * on a connection of its own.
 */
async function immediate<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      // The connection is held for this transaction alone: it is one, though Kysely did not begin it.
      const result = await work(connection as Transaction<Database>);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      // SQLite may have ended the transaction itself (some errors roll it back): the error that
      // matters is the first.
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}
