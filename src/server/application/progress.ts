import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { webStatuses, type WebStatus } from '../../engine/web-status';

/** SPEC §4: the statuses in order; the status is the count of distinct ones recorded. */
export const webStatusOrder: readonly WebStatus[] = webStatuses;

/**
 * How far an applicant has come: the page to come back to, the web statuses recorded, and what
 * the pages they validated were missing (SPEC §4, §7 /api/last-page, /api/web-status).
 */
export class Progress {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The page to come back to and the statuses in the order recorded (GET /api/profile). */
  async of(accountId: string): Promise<{ lastPage: string; webStatuses: string[] }> {
    const [account, statuses] = await Promise.all([
      this.db
        .selectFrom('accounts')
        .select('last_page')
        .where('id', '=', accountId)
        .executeTakeFirst(),
      this.db
        .selectFrom('web_statuses')
        .select('web_status')
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute(),
    ]);
    return {
      lastPage: account?.last_page ?? '',
      webStatuses: statuses.map((s) => s.web_status),
    };
  }

  async setLastPage(accountId: string, lastPage: string): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ last_page: lastPage })
      .where('id', '=', accountId)
      .execute();
  }

  /** The statuses recorded, in SPEC §4's order. */
  async statusesOf(accountId: string): Promise<WebStatus[]> {
    const rows = await this.db
      .selectFrom('web_statuses')
      .select('web_status')
      .where('account_id', '=', accountId)
      .execute();
    return webStatusOrder.filter((s) => rows.some((r) => r.web_status === s));
  }

  /**
   * Records a status and every status before it, so the count stays meaningful. Statuses only
   * move forward (posting an earlier one changes nothing); submitted comes only through submit.
   */
  async advanceStatus(accountId: string, status: WebStatus): Promise<void> {
    if (status === 'submitted') throw new AppError('SUBMIT_THROUGH_SUBMIT');
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('web_statuses')
      .values(
        webStatusOrder
          .slice(0, webStatusOrder.indexOf(status) + 1)
          .map((web_status) => ({ account_id: accountId, web_status, created_at: now })),
      )
      .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
      .execute();
  }

  /**
   * Keeps what the applicant was missing, for staff: one report per page, the latest replacing
   * the one before, so posting again and again stores no more (issue 14).
   */
  async recordValidations(
    accountId: string,
    byPage: Record<string, Record<string, string[]>>,
  ): Promise<void> {
    const now = this.clock.now().toISOString();
    for (const [page, errors] of Object.entries(byPage)) {
      const values = { errors: JSON.stringify(errors), created_at: now };
      await this.db
        .insertInto('validation_reports')
        .values({ id: randomUUID(), account_id: accountId, page, ...values })
        .onConflict((oc) => oc.columns(['account_id', 'page']).doUpdateSet(values))
        .execute();
    }
  }
}
