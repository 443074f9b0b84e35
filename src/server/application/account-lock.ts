import type { Kysely, Transaction } from 'kysely';
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
 * every write of an applicant's answers, documents and submit take turns; on SQLite every
 * transaction already has the database to itself. A write that checks "not submitted" inside
 * `work` therefore either lands before the freeze, and is in the frozen copy, or sees the
 * submission (issue 14). The save on PostgreSQL holds the row within its one statement instead,
 * and checks the row's submitted_at, which submit sets (application-service.ts).
 */
export function exclusive<T>(
  db: Db,
  accountId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') {
      await holdAccount.execute(trx, { accountId });
    }
    return work(trx);
  });
}
