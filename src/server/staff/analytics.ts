import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { FormsRuntime } from '../application/forms-runtime';
import { fieldIndex } from '../../engine/page-fields';
import type { Analytics } from '../../contract/staff-applications';

/** The most-missed fields shown per page. */
const FIELDS_PER_PAGE = 10;

const count = (value: string | number | bigint) => Number(value);

/**
 * The admissions office's figures (issue 17), each one grouped query the database answers from
 * an index or the summary rows migration 0010 keeps: the funnel, submissions by day, the fields
 * applicants' latest validation reports name most (labelled from the form definitions), the last
 * page of those who have not submitted, and failed conversions by their message.
 */
export async function analytics(db: Db, forms: FormsRuntime): Promise<Analytics> {
  const [funnel, confirmed, byDay, missed, stopped, failed] = await Promise.all([
    db
      .selectFrom('application_summaries')
      .select([
        (eb) => eb.fn.countAll<string | number>().as('accounts'),
        sql<string | number>`sum(case when status >= 1 then 1 else 0 end)`.as('started'),
        sql<string | number>`sum(case when status >= 2 then 1 else 0 end)`.as('validating'),
        sql<string | number>`sum(case when status >= 3 then 1 else 0 end)`.as('submitted'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('confirmed_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('submissions')
      .select([
        sql<string>`substr(submitted_at, 1, 10)`.as('day'),
        (eb) => eb.fn.countAll<string | number>().as('count'),
      ])
      .groupBy(sql`substr(submitted_at, 1, 10)`)
      .orderBy('day')
      .execute(),
    db
      .selectFrom('validation_report_fields')
      .select(['page', 'key', (eb) => eb.fn.countAll<string | number>().as('count')])
      .groupBy(['page', 'key'])
      .execute(),
    db
      .selectFrom('application_summaries')
      .select(['last_page', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('status', '<', 3)
      .groupBy('last_page')
      .orderBy('count', 'desc')
      .orderBy('last_page')
      .execute(),
    db
      .selectFrom('document_answers')
      .select(['message', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('status', '=', 'FAILED')
      .groupBy('message')
      .orderBy('count', 'desc')
      .orderBy('message')
      .execute(),
  ]);

  const pageOrder = forms.pages.map((page) => page.id);
  const labelOf = (pageId: string, key: string) => {
    const page = forms.pages.find((p) => p.id === pageId);
    return (page && fieldIndex(page).get(key)?.question.label) || key;
  };
  const missedFields = missed
    .map((row) => ({ page: row.page, key: row.key, count: count(row.count) }))
    .sort(
      (a, b) =>
        rank(pageOrder, a.page) - rank(pageOrder, b.page) ||
        a.page.localeCompare(b.page) ||
        b.count - a.count ||
        a.key.localeCompare(b.key),
    )
    .filter((row, i, rows) => i < FIELDS_PER_PAGE || rows[i - FIELDS_PER_PAGE]!.page !== row.page)
    .map((row) => ({ ...row, label: labelOf(row.page, row.key) }));

  return {
    funnel: {
      accounts: count(funnel.accounts),
      confirmed: count(confirmed.n),
      started: count(funnel.started ?? 0),
      validating: count(funnel.validating ?? 0),
      submitted: count(funnel.submitted ?? 0),
    },
    submissionsByDay: byDay.map((row) => ({ day: row.day, count: count(row.count) })),
    missedFields,
    stoppedAt: stopped.map((row) => ({ page: row.last_page, count: count(row.count) })),
    failedConversions: failed.map((row) => ({ reason: row.message, count: count(row.count) })),
  };
}

/** A page's place in step order; pages no longer defined come after. */
const rank = (order: readonly string[], page: string) =>
  order.includes(page) ? order.indexOf(page) : order.length;
