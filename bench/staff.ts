/**
 * The staff console at scale (issue 17): 50,000 seeded applications (answers, statuses,
 * submissions, validation reports, some documents) on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set. Times, server-side through app.inject, pages of the list, a filtered
 * search, the analytics route and each of its figures (budget: p95 under 100 ms each), and
 * measures the memory a full CSV export adds while it streams to a client over loopback (budget:
 * under 100 MB). The seed (staff-seed.ts) is written straight to the tables in batched inserts in one
 * transaction; the triggers of migration 0010 keep the summary rows as the product's writes do,
 * and the answers' notes (migration 0016) are brought in before anything is timed.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadFormsRuntime } from '../src/server/application/load-forms-runtime';
import { analyticsFigures } from '../src/server/staff/analytics';
import { createTestApp, databases } from '../tests/server/helpers/test-app';
import { addStaff } from '../tests/server/staff/staff-helpers';
import { percentile, type BenchRow } from './bench-row';
import { APPLICATIONS, seed } from './staff-seed';

const RUNS = 30;
const WARM_UP = 3;

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
