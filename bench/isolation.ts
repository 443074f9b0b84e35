/**
 * Isolation under hostile documents (issue "[isolation]"): a live server (SQLite, jobs in the
 * server process, LibreOffice if installed) answers GET /healthz and PUT /api/answer, measured
 * idle and then while three hostile conversions run, each from its own account: a PNG declaring
 * 16000×16000 pixels, a 5,000-page Word document and a table-heavy one. Then another applicant's
 * small PNG is uploaded and timed until its conversion is COMPLETED (and, as the reference, the
 * same PNG before the hostile uploads). Budgets: p99 under load
 * within 2× idle (same run), the small PNG under 2 s. Traffic goes to 127.0.0.1 only, bounded:
 * 10 connections for 5 s per measure. The p99s are each response's own time (see measure), not
 * autocannon's whole milliseconds.
 */
import { crc32 } from 'node:zlib';
import autocannon from 'autocannon';
import { liveApplicants, quantile, startLiveServer, waitFor } from '../tests/helpers/live-server';
import { png, zip } from '../tests/server/helpers/fixtures';
import type { BenchRow } from './bench-row';

const DURATION_S = 5;
const CONNECTIONS = 10;

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const wordDoc = (body: string) =>
  zip([
    { name: '[Content_Types].xml', data: contentTypes, deflate: true },
    { name: '_rels/.rels', data: packageRels, deflate: true },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      deflate: true,
    },
  ]);

/** 5,000 short paragraphs, each on a page of its own. */
const pagesDocx = () =>
  wordDoc(
    Array.from(
      { length: 5000 },
      (_, i) => `<w:p><w:r><w:br w:type="page"/><w:t>Line ${i + 1}</w:t></w:r></w:p>`,
    ).join(''),
  );

/** One table of 3,000 rows × 6 cells. */
const tableDocx = () => {
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="1500" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
  const rows = Array.from(
    { length: 3000 },
    (_, r) => `<w:tr>${Array.from({ length: 6 }, (_, c) => cell(`r${r}c${c}`)).join('')}</w:tr>`,
  ).join('');
  return wordDoc(
    `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/></w:tblPr>${rows}</w:tbl><w:p/>`,
  );
};

const pixelBomb = () => {
  const bytes = Buffer.from(png(30, 20));
  bytes.writeUInt32BE(16000, 16);
  bytes.writeUInt32BE(16000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return new Uint8Array(bytes);
};

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
    const [attacker1, attacker2, attacker3, other, saver] = await liveApplicants(server, 5, 'iso');
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
    const idleSmallStart = performance.now();
    await upload(saver!, png(30, 20), 'small.png');
    await waitFor(
      'the idle PNG',
      async () => (await status(saver!)).status === 'COMPLETED',
      60_000,
      20,
    );
    const idleSmallMs = performance.now() - idleSmallStart;

    const hostileStart = performance.now();
    await upload(attacker1!, pixelBomb(), 'bomb.png');
    await upload(attacker2!, pagesDocx(), 'pages.docx');
    await upload(attacker3!, tableDocx(), 'tables.docx');
    await waitFor('a hostile conversion under way', async () =>
      (await Promise.all([attacker2!, attacker3!].map(status))).some(
        (s) => s.status === 'IN_PROGRESS',
      ),
    );
    const busyHealth = await health();
    const busySave = await saves();

    const smallStart = performance.now();
    await upload(other!, png(30, 20), 'small.png');
    await waitFor(
      'the small PNG',
      async () => (await status(other!)).status === 'COMPLETED',
      60_000,
      20,
    );
    const smallMs = performance.now() - smallStart;
    const hostileBusy = (await Promise.all([attacker2!, attacker3!].map(status))).some(
      (s) => s.status === 'IN_PROGRESS' || s.status === 'UNPROCESSED',
    );

    const outcomes = await waitFor(
      'the hostile conversions to end',
      async () => {
        const all = await Promise.all([attacker1!, attacker2!, attacker3!].map(status));
        return all.every((s) => s.status === 'FAILED' || s.status === 'COMPLETED') && all;
      },
      180_000,
      250,
    );
    const hostileS = (performance.now() - hostileStart) / 1000;
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
