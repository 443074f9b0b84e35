/**
 * The staff console at scale (issue 17): 50,000 seeded applications (answers, statuses,
 * submissions, validation reports, some documents) on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set. Times, server-side through app.inject, pages of the list, a filtered
 * search, the analytics route and each of its figures (budget: p95 under 100 ms each), and
 * measures the memory a full CSV export adds while it streams to a client over loopback (budget:
 * under 100 MB). The seed is written straight to the tables in batched inserts in one
 * transaction; the triggers of migration 0010 keep the summary rows as the product's writes do,
 * and the answers' notes (migration 0016) are brought in before anything is timed.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { loadFormsRuntime } from '../src/server/application/load-forms-runtime';
import { flushSummaries, keepSummaryAfterAnswers } from '../src/server/application/summary-upkeep';
import { dialectOf } from '../src/server/db/dialect';
import { analyticsFigures } from '../src/server/staff/analytics';
import type { Db } from '../src/server/db/database';
import { pageKeys } from '../src/engine/page-fields';
import { createTestApp, databases } from '../tests/server/helpers/test-app';
import { addStaff } from '../tests/server/staff/staff-helpers';
import { percentile, type BenchRow } from './bench-row';

const APPLICATIONS = 50_000;
const RUNS = 30;
const WARM_UP = 3;
const FIRST = ['Ada', 'Grace', 'Alan', 'Maria', 'José', 'Wei', 'Fatima', 'Olu', 'Sven', 'Priya'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Okafor', 'Müller', 'Kowalski', 'Tanaka', 'Haddad'];
const LAST_PAGES = ['', '/about', '/education', '/final-steps'];

/** A fixed-seed generator, so every run seeds the same applications. */
function random(seed = 20261125) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Seeds the applications; returns how long it took, in seconds. */
async function seed(db: Db): Promise<number> {
  const started = performance.now();
  const forms = loadFormsRuntime();
  const next = random();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const pages = forms.pages.map((page) => ({ id: page.id, keys: pageKeys(page).slice(0, 40) }));
  const start = Date.parse('2026-09-01T00:00:00Z');
  await db.transaction().execute(async (trx) => {
    const chunk = 1000;
    for (let from = 0; from < APPLICATIONS; from += chunk) {
      const accounts = [];
      const answers = [];
      const answered: { id: string; keys: string[]; at: string }[] = [];
      const statuses = [];
      const submissions = [];
      const reports = [];
      const documents = [];
      for (let n = from; n < Math.min(APPLICATIONS, from + chunk); n++) {
        const id = `bench-${String(n).padStart(6, '0')}`;
        const created = new Date(start + n * 60_000).toISOString();
        const at = new Date(start + n * 60_000 + 3_600_000).toISOString();
        // 10% none, 30% started, 25% validating, 35% submitted.
        const roll = next();
        const status = roll < 0.1 ? 0 : roll < 0.4 ? 1 : roll < 0.65 ? 2 : 3;
        accounts.push({
          id,
          username: `applicant${n}@example.com`,
          password_hash: 'x',
          confirmed_at: next() < 0.9 ? created : null,
          last_page: pick(LAST_PAGES),
          created_at: created,
        });
        // A few live answers (the list reads only the names), the whole application frozen in
        // the submission (the export reads every key of it).
        const given: Record<string, string> = {};
        if (status > 0) {
          given.first_name = pick(FIRST);
          given.last_name = pick(LAST);
          for (const key of ['middle_name', 'birth_date', 'gender', 'city']) given[key] = `${n}`;
        }
        for (const [key, value] of Object.entries(given))
          answers.push({ account_id: id, key, value, updated_at: at });
        if (status > 0) answered.push({ id, keys: Object.keys(given), at });
        const application = { ...given };
        for (const page of pages)
          for (const key of page.keys) application[key] ??= `answer ${n} to ${key}`;
        for (const web_status of ['started', 'validating', 'submitted'].slice(0, status))
          statuses.push({ account_id: id, web_status, created_at: at });
        if (status === 3) {
          submissions.push({
            account_id: id,
            answers: JSON.stringify(application),
            forms_version: forms.version,
            submitted_at: at,
          });
        }
        if (status >= 2) {
          for (const page of pages) {
            if (next() < 0.5) continue;
            const missed = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
              pick(page.keys),
            );
            reports.push({
              id: `${id}-${page.id}`,
              account_id: id,
              page: page.id,
              errors: JSON.stringify(Object.fromEntries(missed.map((k) => [k, ['Required.']]))),
              created_at: at,
            });
          }
        }
        if (status > 0 && next() < 0.2) {
          const failed = next() < 0.1;
          documents.push({
            account_id: id,
            answer_key: 'transcript_file',
            file_name: 'transcript.pdf',
            file_size: 100_000,
            kind: 'pdf',
            upload_key: `uploads/${id}`,
            pdf_key: failed ? null : `converted/${id}.pdf`,
            conversion_id: id,
            status: failed ? ('FAILED' as const) : ('COMPLETED' as const),
            message: failed ? pick(['Too many pages.', 'The file could not be read.']) : '',
            created_at: at,
            updated_at: at,
          });
        }
      }
      await trx.insertInto('accounts').values(accounts).execute();
      await inBatches(answers, 2000, (b) => trx.insertInto('answers').values(b).execute());
      // As the product's writes of answers keep the summary (on SQLite they do it themselves).
      for (const { id, keys, at } of answered) await keepSummaryAfterAnswers(trx, id, keys, at);
      await inBatches(statuses, 2000, (b) => trx.insertInto('web_statuses').values(b).execute());
      if (submissions.length) await trx.insertInto('submissions').values(submissions).execute();
      if (reports.length) await trx.insertInto('validation_reports').values(reports).execute();
      if (documents.length) await trx.insertInto('document_answers').values(documents).execute();
    }
  });
  // The servers bring the noted answers into the summary rows within a second (migration 0016):
  // the list is measured as it reads then, not with 50,000 notes to bring in first.
  await flushSummaries(db);
  // PostgreSQL's autovacuum would soon analyse and vacuum tables this size; the bench does it
  // at once, so the planner knows the rows and index-only scans work, as in a running system.
  if (dialectOf(db) === 'postgres') await sql`vacuum analyze`.execute(db);
  return (performance.now() - started) / 1000;
}

/** The p50 and p95 of RUNS timings of `call` in milliseconds, after WARM_UP calls. */
async function timings(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    await call();
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** A p50 row (for reading) and a p95 row (the budgeted figure). */
function timingRows(id: string, title: string, { p50, p95 }: { p50: number; p95: number }) {
  return [
    { name: `${title}, p50`, value: p50, unit: 'ms' },
    { id: `${id}.p95`, name: `${title}, p95`, value: p95, unit: 'ms' },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const { name, url } of databases) {
    const label = name === 'postgres' ? 'postgresql' : name;
    const t = await createTestApp(url, {});
    try {
      const seconds = await seed(t.db);
      rows.push({ name: `seed ${APPLICATIONS} applications (${name})`, value: seconds, unit: 's' });
      const admin = await addStaff(t, 'admin');
      const timed = async (id: string, title: string, path: string) => {
        const measured = await timings(async () => {
          const response = await t.call('GET', `/api/staff${path}`, undefined, admin.cookies);
          if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
        });
        rows.push(...timingRows(`${label}.${id}`, `${title} (${name})`, measured));
      };
      await timed('list-page', 'applications list, first page', '/applications');
      await timed(
        'list-deep',
        'applications list by name, page 1000',
        '/applications?sort=name&order=asc&page=1000',
      );
      await timed(
        'list-submitted',
        'applications list, submitted, newest first',
        '/applications?status=submitted&sort=submittedAt&order=desc',
      );
      await timed(
        'search',
        'search "garcia", submitted in September, by submission',
        '/applications?q=garcia&status=submitted&submittedFrom=2026-09-01&submittedTo=2026-09-30&sort=submittedAt',
      );
      await timed('analytics', 'GET /analytics (all five figures)', '/analytics');
      const forms = loadFormsRuntime();
      for (const [figure, query] of Object.entries(analyticsFigures)) {
        const measured = await timings(() => query(t.db, forms));
        rows.push(
          ...timingRows(
            `${label}.analytics-${figure}`,
            `analytics figure ${figure} (${name})`,
            measured,
          ),
        );
      }
      rows.push(...(await exportMemory(t, admin.cookies, name, label)));
    } finally {
      await t.close();
    }
  }
  return rows;
}

/**
 * A full collection, so the figures measure what the export holds and not the seed's garbage:
 * the flag is set at run time and `gc` taken from a fresh context (tsx runs without --expose-gc).
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Streams the whole CSV export, sampling this process's memory while it runs. */
async function exportMemory(
  t: Awaited<ReturnType<typeof createTestApp>>,
  cookies: Record<string, string>,
  name: string,
  label: string,
): Promise<BenchRow[]> {
  collectGarbage();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  // What the export holds: heap and buffers measured right after a full collection, every 100
  // chunks read. RSS and the heap before collection also count what V8 has not collected yet.
  const live = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  const liveBefore = live(before);
  let peakLive = liveBefore;
  let chunks = 0;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  try {
    // Over a real loopback connection, so the export meets the backpressure a client gives.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = Object.entries(cookies)
      .map(([key, value]) => `${key}=${value}`)
      .join('; ');
    const response = await fetch(`${address}/api/staff/exports/applications.csv`, {
      headers: { cookie },
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`export answered ${response.status}`);
    }
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.length;
      if (++chunks % 100 === 0) {
        collectGarbage();
        peakLive = Math.max(peakLive, live(process.memoryUsage()));
      }
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }
  } finally {
    clearInterval(sample);
  }
  const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
  return [
    {
      name: `CSV export of every submission, time (${name})`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `${mb(bytes)} MB of CSV`,
    },
    {
      id: `${label}.csv-export.live-growth`,
      name: `CSV export, peak live memory growth (${name})`,
      value: mb(peakLive - liveBefore),
      unit: 'MB',
      note: 'heap and buffers after a full collection, every 100 chunks read',
    },
    {
      name: `CSV export, peak RSS growth (${name})`,
      value: mb(peakRss - before.rss),
      unit: 'MB',
      note: 'the bench reads the export in the same process: its own buffers and uncollected garbage count too',
    },
    {
      name: `CSV export, peak heap growth (${name})`,
      value: mb(peakHeap - before.heapUsed),
      unit: 'MB',
      note: 'garbage included: V8 collects when it chooses',
    },
  ];
}
