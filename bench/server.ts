/**
 * Server throughput: PUT /api/answer with ten changed keys from signed-in applicants, at 50 and
 * 200 connections, against GET /healthz as the reference in the same run (budget: saves at least
 * half the healthz rate, p99 under 50 ms at 200 connections, zero errors; on PostgreSQL, no
 * deadlock either: one stalls a group of saves for a second). The server runs as a
 * child process (as in production, not sharing this process's event loop) on a fresh SQLite
 * database, and on a fresh PostgreSQL database too when TEST_DATABASE_URL is set.
 *
 * At each number of connections both loads first run untimed (WARM_UP_S each: the server's code
 * compiled, its caches and the database's pages warm, as in a server that has been up a while),
 * then in ROUNDS alternating rounds; each figure is the median of the rounds (the rate ratio the
 * median of each round's ratio). On a shared two-core machine a neighbour's burst moved a single
 * 8-second run by a third; a round it spoils no longer decides the figure.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { liveApplicants, startLiveServer, withFreshPostgres } from '../tests/helpers/live-server';
import { overRounds, type BenchRow } from './bench-row';

const APPLICANTS = 50;
const WARM_UP_S = 2;
const ROUNDS = 3;
const ROUND_S = 4;
const KEYS = [
  'first_name',
  'middle_name',
  'last_name',
  'preferred_name',
  'prev_name',
  'address_line_1',
  'address_line_2',
  'city',
  'mailing_city',
  'hs_name',
];

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(options: autocannon.Options, seconds: number): Promise<Load> {
  const result = await autocannon({ duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * PostgreSQL's count of deadlocks in the bench's own database, once every other session of it
 * has ended (a backend reports its counts as it goes idle or exits); NaN when sessions are still
 * open after 5 s, whose counts might not have been reported yet.
 */
async function deadlocksIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let wait = 0; ; wait++) {
      const { rows } = await client.query<{ others: number }>(
        `select count(*)::int as others from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      if (rows[0]?.others === 0) break;
      if (wait === 50) return NaN;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await client.query<{ deadlocks: string }>(
      'select deadlocks from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.deadlocks ?? 0);
  } finally {
    await client.end();
  }
}

async function measure(label: string, databaseUrl: string): Promise<BenchRow[]> {
  const deadlocksBefore = databaseUrl ? await deadlocksIn(databaseUrl) : 0;
  const rows = await measureSaves(label, databaseUrl);
  if (databaseUrl) {
    rows.push({
      id: `${label.toLowerCase()}.deadlocks`,
      name: `deadlocks during the save loads (${label})`,
      value: (await deadlocksIn(databaseUrl)) - deadlocksBefore,
      unit: '',
      note: "pg_stat_database's count for the bench's database, once the server has stopped (not read while other sessions of it stay open)",
    });
  }
  return rows;
}

async function measureSaves(label: string, databaseUrl: string): Promise<BenchRow[]> {
  const server = await startLiveServer({ databaseUrl });
  const base = server.base;
  try {
    const cookies = await liveApplicants(server, APPLICANTS, 'bench');
    let client = 0;
    let counter = 0;
    const saves = (connections: number, seconds: number) =>
      load(
        {
          url: base,
          connections,
          setupClient: (c) => {
            c.setHeaders({
              cookie: cookies[client++ % cookies.length]!,
              origin: base,
              'content-type': 'application/json',
            });
          },
          requests: [
            {
              method: 'PUT',
              path: '/api/answer',
              setupRequest: (request) => {
                counter++;
                const body = Object.fromEntries(KEYS.map((k) => [k, `${k}-${counter}`]));
                return { ...request, body: JSON.stringify(body) };
              },
            },
          ],
        },
        seconds,
      );
    const health = (connections: number, seconds: number) =>
      load({ url: `${base}/healthz`, connections }, seconds);

    const rows: BenchRow[] = [];
    for (const connections of [50, 200]) {
      await health(connections, WARM_UP_S);
      // Untimed, but an error in it is still an error.
      const warmUp = await saves(connections, WARM_UP_S);
      const rounds: { reference: Load; save: Load }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        rounds.push({
          reference: await health(connections, ROUND_S),
          save: await saves(connections, ROUND_S),
        });
      }
      const over = (figure: (round: { reference: Load; save: Load }) => number) =>
        overRounds(rounds.map(figure));
      const errors = rounds.reduce((sum, r) => sum + r.save.errors, warmUp.errors);
      const ratios = rounds.map((r) => r.save.rps / r.reference.rps);
      const at = `${label}, ${connections} conn`;
      const id = `${label.toLowerCase()}.${connections}`;
      rows.push(
        { name: `GET /healthz rps (${at})`, ...over((r) => r.reference.rps), unit: 'req/s' },
        { name: `PUT /api/answer rps (${at})`, ...over((r) => r.save.rps), unit: 'req/s' },
        {
          id: `${id}.save-rate-ratio`,
          name: `PUT /api/answer / healthz rate (${at}; rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
          ...overRounds(ratios),
          unit: '×',
        },
        { name: `PUT /api/answer p50 (${at})`, ...over((r) => r.save.p50), unit: 'ms' },
        {
          id: `${id}.save-p99`,
          name: `PUT /api/answer p99 (${at})`,
          ...over((r) => r.save.p99),
          unit: 'ms',
        },
        {
          id: `${id}.save-errors`,
          name: `PUT /api/answer errors (${at})`,
          value: errors,
          unit: '',
        },
        { name: `GET /healthz p99 (${at})`, ...over((r) => r.reference.p99), unit: 'ms' },
      );
    }
    return rows;
  } finally {
    await server.dispose();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await measure('SQLite', '');
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) rows.push(...(await withFreshPostgres(pgUrl, (url) => measure('PostgreSQL', url))));
  return rows;
}
