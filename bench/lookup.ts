/**
 * Server time of a 3-letter school lookup (target: p95 under 10 ms). Loads the real data into a
 * temporary SQLite database (and PostgreSQL when TEST_DATABASE_URL is set), then sends 2000
 * GET /lookup/find?category=hs_ceeb&query=abc requests through app.inject per kind of query: the
 * first three letters of a real school's name (what a user types first), and of any word of it
 * (which often is "hig" or "sch", matching most schools: the worst case). Cold is the first time
 * each distinct query is asked, warm its repeats after the warm-up. The very first lookup has a
 * row of its own: the data were loaded after the app started, so it builds the server's index
 * (main.ts loads them before listening, and the index is built then).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { loadLookupData, lookupDataDir } from '../src/server/lookup/lookup-loader';
import { lookupFiles } from '../src/server/lookup/school-data';
import { words } from '../src/server/lookup/search-text';
import { createTestApp, databases, fixtureForms } from '../tests/server/helpers/test-app';
import type { BenchRow } from './bench-row';

const QUERIES = 2000;
const WARM_UP = 200;

/** The first three letters of the first (or of any) word of a school's name, drawn at random. */
function prefixes(count: number, anyWord: boolean): string[] {
  const rows = parse(readFileSync(path.join(lookupDataDir, lookupFiles.highSchools)), {
    columns: true,
  }) as Array<{ HS_NAME?: string }>;
  const candidates = rows.flatMap((row) =>
    words(row.HS_NAME ?? '')
      .filter((word) => word.length >= 3)
      .slice(0, anyWord ? undefined : 1)
      .map((word) => word.slice(0, 3)),
  );
  // A fixed-seed generator, so every run asks the same queries.
  let seed = 20240601;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, () => candidates[Math.floor(next() * candidates.length)]!);
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[index] ?? 0) * 100) / 100;
}

export async function run(): Promise<BenchRow[]> {
  const kinds = [
    { kind: 'name start', id: 'name-start', queries: prefixes(QUERIES + WARM_UP, false) },
    { kind: 'any word', id: 'any-word', queries: prefixes(QUERIES + WARM_UP, true) },
  ];
  const results: BenchRow[] = [];
  for (const { name, url } of databases) {
    const t = await createTestApp(url, { RATE_LIMIT_LOOKUP_PER_MINUTE: '1000000' }, fixtureForms);
    try {
      const load = await loadLookupData(t.db);
      results.push({ name: `lookup data load (${name})`, value: load.ms, unit: 'ms' });
      let first = true;
      for (const { kind, id, queries } of kinds) {
        const cold: number[] = [];
        const warm: number[] = [];
        const asked = new Set<string>();
        for (const [i, query] of queries.entries()) {
          const started = performance.now();
          const response = await t.app.inject({
            method: 'GET',
            url: '/lookup/find',
            query: { category: 'hs_ceeb', query },
          });
          const elapsed = performance.now() - started;
          if (response.statusCode !== 200) {
            throw new Error(`lookup of "${query}" answered ${response.statusCode}`);
          }
          if (first) {
            results.push({
              name: `first lookup after the data load, building the index (${name})`,
              value: elapsed,
              unit: 'ms',
            });
            first = false;
          } else if (!asked.has(query)) cold.push(elapsed);
          else if (i >= WARM_UP) warm.push(elapsed);
          asked.add(query);
        }
        const db = name === 'postgres' ? 'postgresql' : name;
        for (const [times, state] of [
          [cold, 'cold'],
          [warm, 'warm'],
        ] as const) {
          times.sort((a, b) => a - b);
          for (const p of [50, 95]) {
            results.push({
              id: `${db}.${id}.${state}.p${p}`,
              name: `3-letter school lookup, ${kind}, ${state} (${times.length} queries), p${p} (${name})`,
              value: percentile(times, p),
              unit: 'ms',
            });
          }
        }
      }
    } finally {
      await t.close();
    }
  }
  return results;
}
