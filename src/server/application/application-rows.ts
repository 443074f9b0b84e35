import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * Sets one answer, as the server does for document questions (ANSWERED or ''): the applicant
 * never writes those through PUT /api/answer.
 */
export async function setAnswer(
  executor: Kysely<Database>,
  accountId: string,
  key: string,
  value: string,
  now: Date,
): Promise<void> {
  await executor
    .insertInto('answers')
    .values({ account_id: accountId, key, value, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc.columns(['account_id', 'key']).doUpdateSet({ value, updated_at: now.toISOString() }),
    )
    .execute();
}
