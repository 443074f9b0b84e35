/**
 * Server throughput: PUT /api/answer with ten changed keys from signed-in applicants, at 50 and
 * 200 connections, against GET /healthz as the reference in the same run (budget: saves at least
 * half the healthz rate, p99 under 50 ms at 200 connections, zero errors). The server runs as a
 * child process (as in production, not sharing this process's event loop) on a fresh SQLite
 * database, and on a fresh PostgreSQL database too when TEST_DATABASE_URL is set.
 */
import autocannon from 'autocannon';
import { liveApplicants, startLiveServer, withFreshPostgres } from '../tests/helpers/live-server';
import type { BenchRow } from './bench-row';

const APPLICANTS = 50;
const DURATION_S = 8;
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

async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ duration: DURATION_S, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(label: string, databaseUrl: string): Promise<BenchRow[]> {
  const server = await startLiveServer({ databaseUrl });
  const base = server.base;
  try {
    const cookies = await liveApplicants(server, APPLICANTS, 'bench');
    let client = 0;
    let counter = 0;
    const saves = (connections: number) =>
      load({
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
      });
    const health = (connections: number) => load({ url: `${base}/healthz`, connections });

    const rows: BenchRow[] = [];
    for (const connections of [50, 200]) {
      const reference = await health(connections);
      const save = await saves(connections);
      const at = `${label}, ${connections} conn`;
      const id = `${label.toLowerCase()}.${connections}`;
      rows.push(
        { name: `GET /healthz rps (${at})`, value: reference.rps, unit: 'req/s' },
        { name: `PUT /api/answer rps (${at})`, value: save.rps, unit: 'req/s' },
        {
          id: `${id}.save-rate-ratio`,
          name: `PUT /api/answer / healthz rate (${at})`,
          value: save.rps / reference.rps,
          unit: '×',
        },
        { name: `PUT /api/answer p50 (${at})`, value: save.p50, unit: 'ms' },
        { id: `${id}.save-p99`, name: `PUT /api/answer p99 (${at})`, value: save.p99, unit: 'ms' },
        {
          id: `${id}.save-errors`,
          name: `PUT /api/answer errors (${at})`,
          value: save.errors,
          unit: '',
        },
        { name: `GET /healthz p99 (${at})`, value: reference.p99, unit: 'ms' },
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
