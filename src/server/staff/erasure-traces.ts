import { sql } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/tables';

/** Every table that holds rows of one applicant, and the column naming them. */
const applicantTables = [
  ['answers', 'account_id'],
  ['add_another_counts', 'account_id'],
  ['chosen_tabs', 'account_id'],
  ['web_statuses', 'account_id'],
  ['submissions', 'account_id'],
  ['validation_reports', 'account_id'],
  ['document_answers', 'account_id'],
  ['application_pdfs', 'account_id'],
  ['upload_grants', 'account_id'],
  ['sessions', 'account_id'],
  ['successful_logins', 'account_id'],
  ['confirmation_codes', 'account_id'],
  ['password_resets', 'account_id'],
  ['staff_links', 'account_id'],
  ['jobs', 'owner'],
  // Last: a note for the staff summary not yet brought in (summary-upkeep.ts). Deleting rows
  // above writes none (migration 0013's triggers are on inserts and updates of answers).
  ['summary_pending', 'account_id'],
] as const satisfies ReadonlyArray<readonly [keyof Database, string]>;

/**
 * Deletes every row of one applicant but the account's own (an erasure, issues 17 and 41), in the
 * transaction given; answers how many went, by table. Besides the tables naming the account: jobs
 * queued before jobs had an owner (the account in their payload only), and the rate-limit counts
 * whose bucket names the address (sign-in failures, resends), which would keep it for an hour.
 */
export async function deleteRowsOf(
  trx: Db,
  accountId: string,
  address: string,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const [table, column] of applicantTables) {
    const result = await trx
      .deleteFrom(table)
      .where(sql<boolean>`${sql.ref(column)} = ${accountId}`)
      .executeTakeFirst();
    deleted[table] = Number(result.numDeletedRows);
  }
  const payloads = await trx
    .deleteFrom('jobs')
    .where('payload', 'like', `%"accountId":"${accountId}"%`)
    .executeTakeFirst();
  deleted.jobs = (deleted.jobs ?? 0) + Number(payloads.numDeletedRows);
  const position =
    dialectOf(trx) === 'postgres'
      ? sql<number>`strpos(bucket, ${address})`
      : sql<number>`instr(bucket, ${address})`;
  const limits = await trx.deleteFrom('rate_limits').where(position, '>', 0).executeTakeFirst();
  deleted.rate_limits = Number(limits.numDeletedRows);
  return deleted;
}

/** Tries of a WAL checkpoint that readers keep from finishing, before giving up until the next. */
const CHECKPOINT_TRIES = 5;

/**
 * After an erasure on SQLite: the pages it freed were zeroed as it went (PRAGMA secure_delete,
 * set on every connection in database.ts), but the WAL still holds the frames written before, the
 * erased rows among them. A TRUNCATE checkpoint copies every frame into the database file and
 * empties the WAL. A reader holding an old snapshot makes it answer busy: it is tried again a few
 * times; should it still not finish, the WAL is written over from its start after a later
 * checkpoint that does. PostgreSQL has no equivalent here: VACUUM does it (docs/deploy.md).
 */
export async function flushFreedPages(db: Db): Promise<boolean> {
  if (dialectOf(db) !== 'sqlite') return true;
  for (let tried = 0; tried < CHECKPOINT_TRIES; tried++) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    if (rows[0]?.busy === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
