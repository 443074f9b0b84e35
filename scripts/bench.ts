/**
 * `npm run bench`: runs every benchmark module and prints one table. A benchmark is a module in
 * bench/ whose `run()` returns rows `{ name, value, unit }`; add it to `benches` below.
 */
import type { BenchModule, BenchRow } from '../bench/bench-row';

const benches: Array<{ name: string; load: () => Promise<BenchModule> }> = [
  { name: 'validation', load: () => import('../bench/validation') },
  { name: 'documents', load: () => import('../bench/documents') },
  { name: 'lookup', load: () => import('../bench/lookup') },
  { name: 'server', load: () => import('../bench/server') },
];

const format = (value: number): string =>
  value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toPrecision(3);

async function main(): Promise<void> {
  const rows: Array<BenchRow & { bench: string }> = [];
  for (const bench of benches) {
    const module = await bench.load();
    for (const row of await module.run()) rows.push({ bench: bench.name, ...row });
  }
  const table = rows.map((r) => [r.bench, r.name, `${format(r.value)} ${r.unit}`]);
  const widths = [0, 1, 2].map((c) =>
    Math.max(...[['bench', 'measure', 'value'], ...table].map((r) => r[c]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ');
  console.log(line(['bench', 'measure', 'value']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
}

await main();
