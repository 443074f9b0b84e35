/**
 * `npm run bench`: runs every benchmark module and prints one table. A benchmark is a module in
 * bench/ whose `run()` returns rows `{ name, value, unit }` (and, for the client, the reference's
 * figure beside the product's); add it to `benches` below. Writes the run as JSON and the table
 * as Markdown under bench/results/ (git-ignored).
 *
 *   npm run bench                      everything
 *   npm run bench -- --check           …and exit 1 when a budget (bench/budgets.ts) is broken
 *   npm run bench -- --check --margin 10   …or holds with less than 10 % room (bench/budgets.ts
 *                                      marginOf); without --margin, such budgets are listed
 *   npm run bench -- --only client     only some benches (comma-separated names)
 *   npm run bench -- --only sixty-fields   the neutral 60-field page (issue 43)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchModule, Spread } from '../bench/bench-row';
import {
  checkBudgets,
  describeBudget,
  ratioOf,
  rowKey,
  type BudgetResult,
  type RunRow,
} from '../bench/budgets';

const benches: Array<{ name: string; load: () => Promise<BenchModule> }> = [
  { name: 'client', load: () => import('../bench/client') },
  { name: 'sixty-fields', load: () => import('../bench/sixty-fields') },
  { name: 'validation', load: () => import('../bench/validation') },
  { name: 'lookup', load: () => import('../bench/lookup') },
  { name: 'rate-limit', load: () => import('../bench/rate-limit') },
  { name: 'documents', load: () => import('../bench/documents') },
  { name: 'server', load: () => import('../bench/server') },
  { name: 'startup', load: () => import('../bench/startup') },
  { name: 'isolation', load: () => import('../bench/isolation') },
  { name: 'staff', load: () => import('../bench/staff') },
  { name: 'forms-preview', load: () => import('../bench/forms-preview') },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Issue 43: every budget held with 10 % to spare; those with less are listed. */
const TIGHT_MARGIN = 0.1;

function options(argv: string[]) {
  const check = argv.includes('--check');
  const marginAt = argv.indexOf('--margin');
  const margin = marginAt >= 0 ? Number(argv[marginAt + 1]) / 100 : undefined;
  if (margin !== undefined && !(margin >= 0 && margin < 1))
    throw new Error('--margin takes a percentage from 0 to 99.');
  const at = argv.indexOf('--only');
  const only = at >= 0 ? new Set((argv[at + 1] ?? '').split(',').filter(Boolean)) : undefined;
  const unknown = [...(only ?? [])].filter((name) => !benches.some((b) => b.name === name));
  if (unknown.length) throw new Error(`No bench named ${unknown.join(', ')}.`);
  return { check, only, margin };
}

function machine() {
  let chromium = 'unknown';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // no Chromium: the client bench will say so
  }
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} logical cores`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    chromium,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const number = (value: number): string =>
  Number.isNaN(value)
    ? 'n/a'
    : Math.abs(value) >= 100 || Number.isInteger(value)
      ? value.toFixed(0)
      : Math.abs(value) >= 1 || value === 0
        ? value.toFixed(2)
        : value.toPrecision(3);

const withUnit = (value: number | undefined, unit: string, spread?: Spread) =>
  value === undefined
    ? ''
    : `${number(value)}${unit && !Number.isNaN(value) ? ` ${unit}` : ''}${
        spread ? ` (${number(spread[0])}–${number(spread[1])})` : ''
      }`;

const header = ['bench', 'measure', 'product', 'reference', 'ratio', 'budget'];

function tableCells(rows: RunRow[], results: BudgetResult[]): string[][] {
  return rows.map((row) => {
    const budget = results.find((r) => r.row === row);
    const ratio = ratioOf(row);
    const mark = budget
      ? `${describeBudget(budget.budget, row.unit)} ${!budget.holds ? 'BROKEN' : budget.margin < TIGHT_MARGIN ? 'tight' : 'ok'}`
      : '';
    return [
      row.bench,
      row.name,
      withUnit(row.value, row.unit, row.spread),
      withUnit(row.reference, row.unit, row.referenceSpread),
      Number.isNaN(ratio) ? '' : `${ratio.toFixed(2)}×`,
      mark,
    ];
  });
}

function plainTable(cells: string[][]): string {
  const widths = header.map((_, c) => Math.max(...[header, ...cells].map((r) => r[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c >= 2 && c <= 4 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

function markdownTable(cells: string[][]): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, c) => (c >= 2 && c <= 4 ? '---:' : '---')).join(' | ')} |`,
    ...cells.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

async function main(): Promise<number> {
  const { check, only, margin } = options(process.argv.slice(2));
  const started = new Date();
  const host = machine();
  const rows: RunRow[] = [];
  const failures: string[] = [];
  const loads: Record<string, string> = { start: loadAverage() };
  for (const bench of benches) {
    if (only && !only.has(bench.name)) continue;
    const t0 = performance.now();
    process.stderr.write(`bench ${bench.name}…`);
    try {
      const module = await bench.load();
      for (const row of await module.run()) rows.push({ bench: bench.name, ...row });
    } catch (error) {
      failures.push(`${bench.name}: ${error instanceof Error ? error.stack : String(error)}`);
    }
    loads[bench.name] = loadAverage();
    process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  }

  const results = checkBudgets(rows, only);
  const cells = tableCells(rows, results);
  const notes = rows.filter((r) => r.note).map((r) => `${r.bench} / ${r.name}: ${r.note}`);
  /** Held, but with less room than asked for (10 % when not asked: then only listed). */
  const tight = results.filter((r) => r.holds && !r.skipped && r.margin < (margin ?? TIGHT_MARGIN));
  const broken = [...results.filter((r) => !r.holds), ...(margin === undefined ? [] : tight)];
  const describe = (r: BudgetResult) =>
    `${r.budget.row}: ${r.row ? number(r.actual) : 'not measured'} (budget ${describeBudget(r.budget, r.row?.unit)}${r.holds && !r.skipped ? `, ${(r.margin * 100).toFixed(0)} % room` : ''}; ${r.budget.source})`;
  const brokenText = broken.map(describe);

  console.log(
    `Machine: ${host.cpu}, ${host.memory}; ${host.os}; Node ${host.node}; ${host.chromium}`,
  );
  console.log(
    `Load average (1, 5, 15 min): ${Object.entries(loads)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}`,
  );
  console.log('');
  if (rows.some((row) => row.spread || row.referenceSpread))
    console.log('In brackets: the lowest and the highest round (a figure measured over rounds).\n');
  console.log(plainTable(cells));
  if (notes.length) console.log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
  if (failures.length) console.log(`\nFailed benches:\n${failures.join('\n')}`);
  if (margin === undefined && tight.length)
    console.log(
      `\nHeld with under ${TIGHT_MARGIN * 100} % room (${tight.length}):\n${tight.map((r) => `- ${describe(r)}`).join('\n')}`,
    );
  const what = margin === undefined ? 'holds' : `holds with ${margin * 100} % room`;
  console.log(
    broken.length
      ? `\nBudgets broken${margin === undefined ? '' : ` or under ${margin * 100} % room`} (${broken.length} of ${results.length}):\n${brokenText.map((t) => `- ${t}`).join('\n')}`
      : `\nEvery budget ${what} (${results.filter((r) => !r.skipped).length} checked).`,
  );

  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const report = {
    started: started.toISOString(),
    finished: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: host,
    loadAverage: loads,
    rows: rows.map((row) => ({ ...row, key: rowKey(row), ratio: ratioOf(row) })),
    budgets: results.map((r) => ({
      ...r.budget,
      actual: r.actual,
      holds: r.holds,
      skipped: r.skipped,
      margin: r.margin,
    })),
    failures,
  };
  const json = JSON.stringify(
    report,
    (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v),
    2,
  );
  const stamp = started.toISOString().replaceAll(':', '-').replace(/\..*/, '');
  writeFileSync(path.join(dir, `bench-${stamp}.json`), json);
  writeFileSync(path.join(dir, 'latest.json'), json);
  writeFileSync(path.join(dir, 'latest.md'), `${markdownTable(cells)}\n`);

  if (failures.length) return 1;
  return check && broken.length ? 1 : 0;
}

process.exit(await main());
