import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { assertNotSubmitted, exclusive } from './account-lock';

/**
 * How many entries each add-another question shows (SPEC §4 "Add another", §7
 * /api/add-another): stored per applicant and button, refused once submitted.
 */
export class AddAnotherCounts {
  constructor(private readonly db: Db) {}

  /** The counts by button id (in `executor`'s transaction when given). */
  of(accountId: string, executor: Kysely<Database> = this.db): Promise<Record<string, number>> {
    return addAnotherOf(executor, accountId);
  }

  /** See account-lock.ts: taking turns with submit, so a count never lands after the freeze. */
  async set(accountId: string, buttonId: string, count: number): Promise<void> {
    await exclusive(this.db, accountId, async (trx) => {
      await assertNotSubmitted(trx, accountId);
      await trx
        .insertInto('add_another_counts')
        .values({ account_id: accountId, button_id: buttonId, num_components: count })
        .onConflict((oc) =>
          oc.columns(['account_id', 'button_id']).doUpdateSet({ num_components: count }),
        )
        .execute();
    });
  }
}

/** An applicant's add-another counts by button id. */
export async function addAnotherOf(
  executor: Kysely<Database>,
  accountId: string,
): Promise<Record<string, number>> {
  const rows = await executor
    .selectFrom('add_another_counts')
    .select(['button_id', 'num_components'])
    .where('account_id', '=', accountId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.button_id, Number(r.num_components)]));
}
