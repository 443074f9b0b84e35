import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { FormsRuntime } from '../application/forms-runtime';
import { fieldIndex } from '../../engine/page-fields';
import type { Analytics } from '../../contract/staff-applications';

/** The most-missed fields shown per page. */
const FIELDS_PER_PAGE = 10;

const count = (value: string | number | bigint | null) => Number(value ?? 0);
const countAll = sql<string | number>`count(*)`;

/**
 * The admissions office's figures (issue 17), one grouped query each, answered from an index or
 * from the summary rows migration 0010 keeps (never by reading the answers themselves).
 */
export const analyticsFigures = {
  /**
   * Accounts, confirmed, and how many reached each status: a later status counts as reached, so
   * `validating` is "ever reached validating" (the submitted among them); `statusNow` counts each
   * account under the status it has now (issue 44).
   */
  async funnel(db: Db): Promise<Analytics['funnel'] & { statusNow: Analytics['statusNow'] }> {
    const [byStatus, confirmed] = await Promise.all([
      db
        .selectFrom('application_summaries')
        .select(['status', countAll.as('count')])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('accounts')
        .select(countAll.as('count'))
        .where('confirmed_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);
    const reached = (status: number) =>
      byStatus
        .filter((row) => Number(row.status) >= status)
        .reduce((n, row) => n + count(row.count), 0);
    const now = (status: number) =>
      byStatus
        .filter((row) => Number(row.status) === status)
        .reduce((n, row) => n + count(row.count), 0);
    return {
      accounts: reached(0),
      confirmed: count(confirmed.count),
      started: reached(1),
      validating: reached(2),
      submitted: reached(3),
      statusNow: { none: now(0), started: now(1), validating: now(2), submitted: now(3) },
    };
  },

  /** From the summary rows' index of status and submission time, never the submissions. */
  async submissionsByDay(db: Db): Promise<Analytics['submissionsByDay']> {
    const day = sql<string>`substr(submitted_at, 1, 10)`;
    const rows = await db
      .selectFrom('application_summaries')
      .select([day.as('day'), countAll.as('count')])
      .where('status', '=', 3)
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((row) => ({ day: row.day, count: count(row.count) }));
  },

  /**
   * The fields applicants' latest validation reports name most, the first ten of each page in
   * step order, labelled from the form definitions (a field no longer asked keeps its key).
   */
  async missedFields(db: Db, forms: FormsRuntime): Promise<Analytics['missedFields']> {
    const rows = await db
      .selectFrom('missed_field_counts')
      .select(['page', 'key', 'count'])
      .where('count', '>', 0)
      .execute();
    const order = forms.pages.map((page) => page.id);
    const rank = (page: string) => (order.includes(page) ? order.indexOf(page) : order.length);
    const labelOf = (pageId: string, key: string) => {
      const page = forms.pages.find((p) => p.id === pageId);
      return (page && fieldIndex(page).get(key)?.question.label) || key;
    };
    return rows
      .map((row) => ({ page: row.page, key: row.key, count: count(row.count) }))
      .sort(
        (a, b) =>
          rank(a.page) - rank(b.page) ||
          a.page.localeCompare(b.page) ||
          b.count - a.count ||
          a.key.localeCompare(b.key),
      )
      .filter((row, i, all) => i < FIELDS_PER_PAGE || all[i - FIELDS_PER_PAGE]!.page !== row.page)
      .map((row) => ({ ...row, label: labelOf(row.page, row.key) }));
  },

  /**
   * The last page of those who have not submitted. One who never left the first page has no last
   * page recorded yet (''): they stopped there, and are counted under it (issue 44).
   */
  async stoppedAt(db: Db, forms: FormsRuntime): Promise<Analytics['stoppedAt']> {
    const rows = await db
      .selectFrom('application_summaries')
      .select(['last_page', countAll.as('count')])
      .where('status', '<', 3)
      .groupBy('last_page')
      .execute();
    const first = [...forms.pages].sort((a, b) => a.step - b.step)[0]?.route ?? '';
    const byPage = new Map<string, number>();
    for (const row of rows) {
      const page = row.last_page || first;
      byPage.set(page, (byPage.get(page) ?? 0) + count(row.count));
    }
    return [...byPage]
      .map(([page, n]) => ({ page, count: n }))
      .sort((a, b) => b.count - a.count || a.page.localeCompare(b.page));
  },

  /** Conversions that failed, by the message the applicant was shown. */
  async failedConversions(db: Db): Promise<Analytics['failedConversions']> {
    const rows = await db
      .selectFrom('document_answers')
      .select(['message', countAll.as('count')])
      .where('status', '=', 'FAILED')
      .groupBy('message')
      .execute();
    return rows
      .map((row) => ({ reason: row.message, count: count(row.count) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  },
};

/** Every figure of GET /analytics. */
export async function analytics(db: Db, forms: FormsRuntime): Promise<Analytics> {
  const [{ statusNow, ...funnel }, submissionsByDay, missedFields, stoppedAt, failedConversions] =
    await Promise.all([
      analyticsFigures.funnel(db),
      analyticsFigures.submissionsByDay(db),
      analyticsFigures.missedFields(db, forms),
      analyticsFigures.stoppedAt(db, forms),
      analyticsFigures.failedConversions(db),
    ]);
  return { funnel, statusNow, submissionsByDay, missedFields, stoppedAt, failedConversions };
}
