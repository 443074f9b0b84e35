import type { Kysely } from 'kysely';
import { descKey } from '../../engine/visibility';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { Clock } from '../clock';
import { assertNotSubmitted, exclusive } from './account-lock';
import { keepSummaryAfterAnswers } from './summary-upkeep';

/** The tab an applicant chose in each tabs question (SPEC §4 "Tabs", §7 /api/tab). */
export class ChosenTabs {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The chosen tab by tabs id (in `executor`'s transaction when given). */
  of(accountId: string, executor: Kysely<Database> = this.db): Promise<Record<string, string>> {
    return tabsOf(executor, accountId);
  }

  /**
   * Records a tab choice. When it changes the tab (the first tab counts as chosen until another
   * is), the answers the chosen tab lists, and their `_desc` companions, are cleared in the same
   * transaction: the server never holds the new tab beside the old tab's answers.
   */
  async set(
    accountId: string,
    tabId: string,
    chosen: string,
    tab: { defaultTab: string; clears: readonly string[] } = { defaultTab: chosen, clears: [] },
  ): Promise<void> {
    const now = this.clock.now().toISOString();
    await exclusive(this.db, accountId, async (trx) => {
      await assertNotSubmitted(trx, accountId);
      const row = await trx
        .selectFrom('chosen_tabs')
        .select('chosen_tab')
        .where('account_id', '=', accountId)
        .where('tab_id', '=', tabId)
        .executeTakeFirst();
      const current = row?.chosen_tab ?? tab.defaultTab;
      if (current !== chosen && tab.clears.length > 0) {
        const cleared = tab.clears.flatMap((key) => [key, descKey(key)]);
        const { numUpdatedRows } = await trx
          .updateTable('answers')
          .set({ value: '', updated_at: now })
          .where('account_id', '=', accountId)
          .where('key', 'in', cleared)
          .executeTakeFirst();
        if (numUpdatedRows > 0n) await keepSummaryAfterAnswers(trx, accountId, cleared, now);
      }
      await trx
        .insertInto('chosen_tabs')
        .values({ account_id: accountId, tab_id: tabId, chosen_tab: chosen })
        .onConflict((oc) =>
          oc.columns(['account_id', 'tab_id']).doUpdateSet({ chosen_tab: chosen }),
        )
        .execute();
    });
  }
}

/** An applicant's chosen tabs by tabs id. */
export async function tabsOf(
  executor: Kysely<Database>,
  accountId: string,
): Promise<Record<string, string>> {
  const rows = await executor
    .selectFrom('chosen_tabs')
    .select(['tab_id', 'chosen_tab'])
    .where('account_id', '=', accountId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.tab_id, r.chosen_tab]));
}
