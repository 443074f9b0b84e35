import { randomUUID } from 'node:crypto';
import type { FormState } from '../../engine/definitions';
import { descKey } from '../../engine/visibility';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { randomToken, type SecretHasher } from '../identity/secrets';

export type Answers = Record<string, string>;
export type WebStatus = 'started' | 'validating' | 'submitted';

/** SPEC §4: the statuses in order; the status is the count of distinct ones recorded. */
export const webStatusOrder: readonly WebStatus[] = ['started', 'validating', 'submitted'];
export const VISITOR_ANSWERS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An applicant's answers and progress: saving, page, status, submission (SPEC §4, §7). */
export class ApplicationService {
  constructor(
    private readonly db: Db,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  private async assertNotSubmitted(accountId: string): Promise<void> {
    const submitted = await this.db
      .selectFrom('submissions')
      .select('account_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (submitted) throw new AppError('ALREADY_SUBMITTED');
  }

  /**
   * Merges answers key by key: keys not in this save keep their stored value, so two tabs
   * saving different keys never erase each other's answers.
   */
  async saveAnswers(accountId: string, answers: Answers): Promise<void> {
    await this.assertNotSubmitted(accountId);
    const entries = Object.entries(answers);
    if (entries.length === 0) return;
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('answers')
      .values(
        entries.map(([key, value]) => ({ account_id: accountId, key, value, updated_at: now })),
      )
      .onConflict((oc) =>
        oc.columns(['account_id', 'key']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async answersOf(accountId: string): Promise<Answers> {
    const rows = await this.db
      .selectFrom('answers')
      .select(['key', 'value'])
      .where('account_id', '=', accountId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async setLastPage(accountId: string, lastPage: string): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ last_page: lastPage })
      .where('id', '=', accountId)
      .execute();
  }

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
    await this.recordStatuses(
      accountId,
      webStatusOrder.slice(0, webStatusOrder.indexOf(status) + 1),
    );
  }

  private async recordStatuses(accountId: string, statuses: readonly WebStatus[]): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('web_statuses')
      .values(
        statuses.map((web_status) => ({ account_id: accountId, web_status, created_at: now })),
      )
      .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
      .execute();
  }

  async recordValidations(accountId: string, errors: unknown): Promise<void> {
    await this.db
      .insertInto('validation_reports')
      .values({
        id: randomUUID(),
        account_id: accountId,
        errors: JSON.stringify(errors),
        created_at: this.clock.now().toISOString(),
      })
      .execute();
  }

  /**
   * Freezes the answers with the version of the forms they were answered against and marks the
   * application submitted; `check` returns the field errors that block it (empty when none).
   */
  async submit(
    accountId: string,
    formsVersion: string,
    check: (state: FormState) => Record<string, Record<string, string[]>>,
  ): Promise<void> {
    await this.assertNotSubmitted(accountId);
    const [answers, addAnother, tabs] = await Promise.all([
      this.answersOf(accountId),
      this.addAnotherOf(accountId),
      this.tabsOf(accountId),
    ]);
    const errors = check({ answers, addAnother, tabs });
    if (Object.keys(errors).length > 0) {
      throw new AppError('APPLICATION_INCOMPLETE', undefined, flatten(errors));
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('submissions')
        .values({
          account_id: accountId,
          answers: JSON.stringify(answers),
          forms_version: formsVersion,
          submitted_at: this.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
      await trx
        .insertInto('web_statuses')
        .values(
          webStatusOrder.map((web_status) => ({
            account_id: accountId,
            web_status,
            created_at: this.clock.now().toISOString(),
          })),
        )
        .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
        .execute();
    });
  }

  async addAnotherOf(accountId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('add_another_counts')
      .select(['button_id', 'num_components'])
      .where('account_id', '=', accountId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.button_id, Number(r.num_components)]));
  }

  async setAddAnother(accountId: string, buttonId: string, count: number): Promise<void> {
    await this.assertNotSubmitted(accountId);
    await this.db
      .insertInto('add_another_counts')
      .values({ account_id: accountId, button_id: buttonId, num_components: count })
      .onConflict((oc) =>
        oc.columns(['account_id', 'button_id']).doUpdateSet({ num_components: count }),
      )
      .execute();
  }

  async tabsOf(accountId: string): Promise<Record<string, string>> {
    const rows = await this.db
      .selectFrom('chosen_tabs')
      .select(['tab_id', 'chosen_tab'])
      .where('account_id', '=', accountId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.tab_id, r.chosen_tab]));
  }

  /**
   * Records a tab choice (SPEC §4 "Tabs"). When it changes the tab (the first tab counts as chosen
   * until another is), the answers the chosen tab lists, and their `_desc` companions, are cleared
   * in the same transaction: the server never holds the new tab beside the old tab's answers.
   */
  async setTab(
    accountId: string,
    tabId: string,
    chosen: string,
    tab: { defaultTab: string; clears: readonly string[] } = { defaultTab: chosen, clears: [] },
  ): Promise<void> {
    await this.assertNotSubmitted(accountId);
    const now = this.clock.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('chosen_tabs')
        .select('chosen_tab')
        .where('account_id', '=', accountId)
        .where('tab_id', '=', tabId)
        .executeTakeFirst();
      const current = row?.chosen_tab ?? tab.defaultTab;
      if (current !== chosen && tab.clears.length > 0) {
        await trx
          .updateTable('answers')
          .set({ value: '', updated_at: now })
          .where('account_id', '=', accountId)
          .where(
            'key',
            'in',
            tab.clears.flatMap((key) => [key, descKey(key)]),
          )
          .execute();
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

  /** Keeps a visitor's answers under a new temporary token (SPEC §1: they survive signing up). */
  async keepVisitorAnswers(answers: Answers): Promise<string> {
    const token = randomToken();
    await this.db
      .insertInto('visitor_answers')
      .values({
        token_hash: this.hasher.hash('visitor', token),
        answers: JSON.stringify(answers),
        expires_at: new Date(this.clock.now().getTime() + VISITOR_ANSWERS_TTL_MS).toISOString(),
      })
      .execute();
    return token;
  }

  async visitorAnswers(token: string): Promise<Answers> {
    const row = await this.db
      .selectFrom('visitor_answers')
      .select(['answers', 'expires_at'])
      .where('token_hash', '=', this.hasher.hash('visitor', token))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now().toISOString())
      throw new AppError('TOKEN_INVALID');
    return JSON.parse(row.answers) as Answers;
  }

  /** Moves a visitor's answers into an account, once: the token is spent by this call. */
  async claimVisitorAnswers(accountId: string, token: string): Promise<Answers> {
    const answers = await this.visitorAnswers(token);
    const tokenHash = this.hasher.hash('visitor', token);
    const spent = await this.db
      .deleteFrom('visitor_answers')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) throw new AppError('TOKEN_INVALID');
    await this.saveAnswers(accountId, answers);
    return answers;
  }
}

/** page → field → messages becomes "page.field" → messages for the error body. */
function flatten(errors: Record<string, Record<string, string[]>>): Record<string, string[]> {
  const flat: Record<string, string[]> = {};
  for (const [page, fields] of Object.entries(errors)) {
    for (const [field, messages] of Object.entries(fields)) flat[`${page}.${field}`] = messages;
  }
  return flat;
}
