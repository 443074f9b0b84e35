import { sourceLocale } from '../../contract/locale';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { errors } from '../errors';
import { flushSummaries } from '../application/summary-upkeep';
import { queryWords } from '../application/search-words';
import type {
  ApplicationRow,
  ApplicationStatus,
  ApplicationsPage,
  ApplicationsQuery,
} from '../../contract/staff-applications';

/** The list's query with its defaults: newest activity first, 25 a page. */
function withDefaults(query: ApplicationsQuery) {
  return {
    ...query,
    sort: query.sort ?? 'lastActivity',
    order: query.order ?? 'desc',
    page: Number(query.page ?? 1),
    pageSize: Number(query.pageSize ?? 25),
  };
}

/** SPEC §4's status by how many recognised statuses an account has recorded (0 to 3). */
const statusNames: readonly ApplicationStatus[] = ['none', 'started', 'validating', 'submitted'];

const sortColumns = {
  name: 'name',
  email: 'email',
  status: 'status',
  lastPage: 'last_page',
  lastActivity: 'last_activity_at',
  submittedAt: 'submitted_at',
} as const;

/** The day after a YYYY-MM-DD day, so a range "to" a day includes all of it. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** " word" anywhere: the word starts one of the row's folded words (migration 0021). */
const wordStart = (word: string) => `% ${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The console's list of applications: one indexed query on the summary rows that triggers keep
 * (migration 0010), so a page of 50,000 answers in milliseconds on both databases; the answers
 * written since the last flush are brought into them first (migration 0016). The counts by status
 * follow the search and date filters but not the status filter, so each status shows what
 * choosing it would list.
 */
export async function listApplications(
  db: Db,
  asked: ApplicationsQuery,
): Promise<ApplicationsPage> {
  const query = withDefaults(asked);
  if (query.submittedFrom && query.submittedTo && query.submittedFrom > query.submittedTo) {
    throw errors.STAFF_DATES_REVERSED();
  }
  // Every word typed must start a word of the name or e-mail, in any order, accents and
  // punctuation aside: "Garcia, Maria" finds María García-López.
  const words = queryWords(query.q ?? '');
  await flushSummaries(db);
  const filtered = () => {
    let q = db.selectFrom('application_summaries as s');
    if (query.submittedFrom || query.submittedTo) {
      // '' (not submitted) is below every day, so a range leaves unsubmitted applications out.
      q = q.where('s.submitted_at', '>=', query.submittedFrom ?? '0');
      if (query.submittedTo) q = q.where('s.submitted_at', '<', nextDay(query.submittedTo));
    }
    for (const word of words) {
      q = q.where(sql<boolean>`s.words like ${wordStart(word)} escape '\\'`);
    }
    return q;
  };
  const column = sortColumns[query.sort];
  let matching = filtered();
  if (query.status) matching = matching.where('s.status', '=', statusNames.indexOf(query.status));
  // The page's ids first, from the sort's index alone, then their rows: a deep page skips index
  // entries, not whole rows.
  const ids = matching
    .select('s.account_id')
    .orderBy(`s.${column}`, query.order)
    .orderBy('s.account_id', query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const shown = db
    .selectFrom('application_summaries as s')
    .select([
      's.account_id',
      's.email',
      's.name',
      's.status',
      's.last_page',
      's.last_activity_at',
      's.submitted_at',
      (eb) =>
        eb
          .selectFrom('document_answers as d')
          .whereRef('d.account_id', '=', 's.account_id')
          .select(eb.fn.countAll<string | number>().as('n'))
          .as('documents'),
    ])
    .where('s.account_id', 'in', ids)
    .orderBy(`s.${column}`, query.order)
    .orderBy('s.account_id', query.order)
    .execute();
  // Two statements at once: on PostgreSQL each on a connection of its own.
  const [counts, rows] = await Promise.all([countByStatus(db, filtered, words.length > 0), shown]);
  return {
    counts,
    total: query.status ? counts[query.status] : counts.all,
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map((row): ApplicationRow => ({
      accountId: row.account_id,
      email: row.email,
      name: row.name,
      status: statusNames[Number(row.status)]!,
      lastPage: row.last_page,
      lastActivityAt: row.last_activity_at,
      submittedAt: row.submitted_at || null,
      documents: Number(row.documents ?? 0),
    })),
  };
}

type Filtered = () => SelectQueryBuilder<
  Database & { s: Database['application_summaries'] },
  's',
  object
>;

/**
 * How many applications of each status the filters leave. Without words to search, one count per
 * status, each read from the index that starts with the status (and goes on with the submission
 * date the date filter reads): a fraction of the rows' pages, where grouping read every row of the
 * table (50,000 rows, most of the list's time on PostgreSQL). Words are matched only in the rows,
 * so with words the matching rows are read once and grouped.
 */
async function countByStatus(db: Db, filtered: Filtered, searching: boolean) {
  const counts = { all: 0, none: 0, started: 0, validating: 0, submitted: 0 };
  const add = (status: number, count: string | number | null) => {
    const n = Number(count ?? 0);
    counts[statusNames[status]!] += n;
    counts.all += n;
  };
  if (searching) {
    const byStatus = await filtered()
      .select(['s.status', (eb) => eb.fn.countAll<string | number>().as('count')])
      .groupBy('s.status')
      .execute();
    for (const row of byStatus) add(Number(row.status), row.count);
    return counts;
  }
  const row = await db
    .selectNoFrom(() =>
      statusNames.map((name, status) =>
        filtered()
          .where('s.status', '=', status)
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .as(name),
      ),
    )
    .executeTakeFirstOrThrow();
  statusNames.forEach((name, status) => add(status, row[name]));
  return counts;
}

/** One application's summary row, or undefined when there is no such account. */
export async function applicationSummary(db: Db, accountId: string) {
  // Its own note only: the list's flush and the servers' bring in the others.
  await flushSummaries(db, accountId);
  const row = await db
    .selectFrom('application_summaries as s')
    .leftJoin('submissions as sub', 'sub.account_id', 's.account_id')
    .leftJoin('accounts as a', 'a.id', 's.account_id')
    .select(['s.email', 's.name', 's.status', 's.submitted_at', 'sub.forms_version', 'a.language'])
    .where('s.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    email: row.email,
    name: row.name,
    status: statusNames[Number(row.status)]!,
    submittedAt: row.submitted_at || null,
    formsVersion: row.forms_version ?? null,
    language: row.language ?? sourceLocale,
  };
}
