/**
 * Isolation under hostile documents (issue "[isolation]"): a live server (SQLite, jobs in the
 * server process, LibreOffice if installed) answers GET /healthz and PUT /api/answer, measured
 * idle and then while three hostile conversions run, each from its own account: a PNG declaring
 * 16000×16000 pixels, a 5,000-page Word document and a table-heavy one. Then another applicant's
 * small PNG is uploaded and timed until its conversion is COMPLETED (and, as the reference, the
 * same PNG before the hostile uploads). Then fair conversions (issue 41, F5): three accounts each
 * upload a heavy Word file and a fourth a 1 KB one, timed to COMPLETED. Budgets: p99 under load
 * within 2× idle (same run), the small PNG under 2 s, the 1 KB Word file under 10 s. Traffic goes
 * to 127.0.0.1 only, bounded: 10 connections for 5 s per measure. The p99s are each response's
 * own time (see measure), not autocannon's whole milliseconds.
 */
import autocannon from 'autocannon';
import { liveApplicants, quantile, startLiveServer, waitFor } from '../tests/helpers/live-server';
import { png } from '../tests/server/helpers/fixtures';
import type { BenchRow } from './bench-row';
import { lightDocx, pagesDocx, pixelBomb, tableDocx } from './hostile-files';

const DURATION_S = 5;
const CONNECTIONS = 10;

interface Load {
  p99: number;
  errors: number;
}

/**
 * The p99 from every response's own time, to the microsecond: autocannon's histogram keeps whole
 * milliseconds, and on a fast host an idle p99 of 0 ms made any load's p99 an infinite multiple.
 */
async function measure(options: autocannon.Options): Promise<Load> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { duration: DURATION_S, connections: CONNECTIONS, ...options },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) times.push(responseTime);
    });
  });
  const p99 = quantile(
    times.sort((a, b) => a - b),
    0.99,
  );
  return {
    p99: Math.round(p99 * 1000) / 1000,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export async function run(): Promise<BenchRow[]> {
  const server = await startLiveServer();
  const base = server.base;
  try {
    const [attacker1, attacker2, attacker3, other, saver, ...fair] = await liveApplicants(
      server,
      9,
      'iso',
    );
    const headers = (cookie: string) => ({ cookie: cookie!, origin: base });
    const upload = async (cookie: string, bytes: Uint8Array, name: string) => {
      const presigned = await fetch(`${base}/api/presigned-url`, {
        method: 'POST',
        headers: { ...headers(cookie), 'content-type': 'application/json' },
        body: JSON.stringify({ answer_key: 'transcript_file' }),
      });
      const form = (await presigned.json()) as { url: string; fields: Record<string, string> };
      const body = new FormData();
      for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
      body.append('file', new Blob([new Uint8Array(bytes)]), name);
      const posted = await fetch(`${base}${form.url}`, {
        method: 'POST',
        headers: headers(cookie),
        body,
      });
      if (posted.status !== 204) throw new Error(`upload failed: ${posted.status}`);
      const asked = await fetch(`${base}/api/pdf/document-answer/transcript_file`, {
        method: 'POST',
        headers: { ...headers(cookie), 'content-type': 'application/json' },
        body: JSON.stringify({ file_key: form.fields.key, file_name: name }),
      });
      if (!asked.ok) throw new Error(`conversion request failed: ${await asked.text()}`);
    };
    const status = async (cookie: string) =>
      (await (
        await fetch(`${base}/api/pdf/document-answer/transcript_file`, { headers: headers(cookie) })
      ).json()) as { status: string; message: string };
    /** Uploads a file and waits for its conversion to complete: the milliseconds it took. */
    const timed = async (cookie: string, bytes: Uint8Array, name: string) => {
      const start = performance.now();
      await upload(cookie, bytes, name);
      let queuedMs = NaN;
      let last = { status: '', message: '' };
      // The time it spent queued too (UNPROCESSED): a slot's wait, apart from the conversion's own.
      const done = async () => {
        last = await status(cookie);
        if (Number.isNaN(queuedMs) && last.status !== 'UNPROCESSED') {
          queuedMs = performance.now() - start;
        }
        return last.status === 'COMPLETED';
      };
      await waitFor(name, done, 180_000, 20).catch((error: Error) => {
        throw new Error(`${error.message}; last ${JSON.stringify(last)}, queued ${queuedMs} ms`);
      });
      return { ms: performance.now() - start, queuedMs };
    };
    const converted = async (cookie: string, bytes: Uint8Array, name: string) =>
      (await timed(cookie, bytes, name)).ms;
    const ended = (cookies: string[]) =>
      waitFor(
        'the hostile conversions to end',
        async () => {
          const all = await Promise.all(cookies.map(status));
          return all.every((s) => s.status === 'FAILED' || s.status === 'COMPLETED') && all;
        },
        180_000,
        250,
      );
    const underWay = async (cookies: string[]) =>
      (await Promise.all(cookies.map(status))).some(
        (s) => s.status === 'IN_PROGRESS' || s.status === 'UNPROCESSED',
      );

    let counter = 0;
    const saves = () =>
      measure({
        url: base,
        headers: { cookie: saver!, origin: base, 'content-type': 'application/json' },
        requests: [
          {
            method: 'PUT',
            path: '/api/answer',
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ first_name: `n${counter++}`, city: `c${counter}` }),
            }),
          },
        ],
      });
    const health = () => measure({ url: `${base}/healthz` });

    const idleHealth = await health();
    const idleSave = await saves();
    // The same small PNG with nothing else converting: this machine's floor for the budget.
    const idleSmallMs = await converted(saver!, png(30, 20), 'small.png');

    const hostileStart = performance.now();
    await upload(attacker1!, pixelBomb(), 'bomb.png');
    await upload(attacker2!, await pagesDocx(), 'pages.docx');
    await upload(attacker3!, await tableDocx(), 'tables.docx');
    await waitFor('a hostile conversion under way', async () =>
      (await Promise.all([attacker2!, attacker3!].map(status))).some(
        (s) => s.status === 'IN_PROGRESS',
      ),
    );
    const busyHealth = await health();
    const busySave = await saves();

    const smallMs = await converted(other!, png(30, 20), 'small.png');
    const hostileBusy = await underWay([attacker2!, attacker3!]);
    const outcomes = await ended([attacker1!, attacker2!, attacker3!]);
    const hostileS = (performance.now() - hostileStart) / 1000;

    // Fair conversions (issue 41, F5): three accounts' heavy Word files hold the general slots,
    // then a fourth account's 1 KB Word file, timed to COMPLETED (the idle one as reference).
    const [heavy1, heavy2, heavy3, light] = fair as [string, string, string, string];
    const idleLightMs = await converted(saver!, await lightDocx(), 'light.docx');
    await upload(heavy1, await tableDocx(), 'tables.docx');
    await upload(heavy2, await pagesDocx(), 'pages.docx');
    await upload(heavy3, await tableDocx(), 'tables.docx');
    await waitFor('two heavy conversions under way', async () => {
      const all = await Promise.all([heavy1, heavy2, heavy3].map(status));
      return all.filter((s) => s.status === 'IN_PROGRESS').length >= 2;
    });
    const { ms: lightMs, queuedMs: lightQueuedMs } = await timed(
      light,
      await lightDocx(),
      'light.docx',
    );
    const heavyBusy = await underWay([heavy1, heavy2, heavy3]);
    await ended([heavy1, heavy2, heavy3]);
    const outcome = (s: { status: string; message: string }) =>
      `${s.status}${s.status === 'FAILED' ? ` (${s.message.split('.')[0]})` : ''}`;

    return [
      { id: 'healthz.idle-p99', name: 'GET /healthz p99, idle', value: idleHealth.p99, unit: 'ms' },
      {
        id: 'healthz.hostile-p99',
        name: 'GET /healthz p99, 3 hostile conversions (ref: idle)',
        value: busyHealth.p99,
        reference: idleHealth.p99,
        unit: 'ms',
      },
      { id: 'save.idle-p99', name: 'PUT /api/answer p99, idle', value: idleSave.p99, unit: 'ms' },
      {
        id: 'save.hostile-p99',
        name: 'PUT /api/answer p99, 3 hostile conversions (ref: idle)',
        value: busySave.p99,
        reference: idleSave.p99,
        unit: 'ms',
      },
      {
        id: 'errors',
        name: 'errors (all four measures)',
        value: idleHealth.errors + idleSave.errors + busyHealth.errors + busySave.errors,
        unit: '',
      },
      {
        id: 'small-png',
        name: "another applicant's small PNG, upload to COMPLETED (ref: idle)",
        value: smallMs,
        reference: idleSmallMs,
        unit: 'ms',
        note: hostileBusy
          ? 'measured while a hostile conversion was still under way'
          : 'the hostile conversions had ended before the small PNG completed',
      },
      {
        id: 'light-docx',
        name: "a fourth account's 1 KB Word file, 3 heavy Word files converting (ref: idle)",
        value: lightMs,
        reference: idleLightMs,
        unit: 'ms',
        note: `${Math.round(lightQueuedMs)} ms of it queued; the heavy conversions ${
          heavyBusy ? 'were still under way when it completed' : 'had ended before it completed'
        }`,
      },
      {
        name: 'hostile conversions, upload to outcome',
        value: hostileS,
        unit: 's',
        note: `pixel bomb ${outcome(outcomes[0]!)}; 5,000 pages ${outcome(outcomes[1]!)}; tables ${outcome(outcomes[2]!)}`,
      },
    ];
  } finally {
    await server.dispose();
  }
}
