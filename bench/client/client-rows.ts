/**
 * The client bench's rows: what bench/client.ts measured, as product and reference figures
 * side by side (the runner prints their ratio), with notes that say what costs the most.
 */
import { median, percentile, spreadOf, type BenchRow } from '../bench-row';
import type { bundleBreakdown } from './bundle-breakdown';
import type { ajvCompilerModules, PageBytes } from './bundle-bytes';
import type { KeystrokeSample } from './keystrokes';
import { lighthouseCategories, type LighthouseResult } from './lighthouse-scores';

export type Target = 'product' | 'reference';

/** What the loads of one page gave. */
export interface Measured {
  loads: number[];
  /** Each load's settled figure (page-load.ts). */
  settled: number[];
  /** The keystrokes typed into the first field, one array a round. */
  first: KeystrokeSample[][];
  /** The keystrokes typed into the field further down, one array a round. */
  further: KeystrokeSample[][];
  /** The product only: typing in the validating state (errors and summary shown). */
  validating?: { first: KeystrokeSample[][]; further: KeystrokeSample[][] };
  bytes?: PageBytes;
  ajvCompiler?: ReturnType<typeof ajvCompilerModules>;
  breakdown?: ReturnType<typeof bundleBreakdown>;
}

/** What Lighthouse gave. */
export interface Audits {
  about: Record<Target, LighthouseResult[]>;
  login: LighthouseResult[];
  /** Runs that failed even when tried again (Lighthouse sometimes loses its trace under load). */
  errors: string[];
}

const kb = (bytes: number | undefined) => (bytes === undefined ? NaN : bytes / 1000);

export function sizeRows(product: Measured, reference: Measured): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const kind of ['js', 'css'] as const) {
    const label = kind === 'js' ? 'JavaScript' : 'CSS';
    const p = product.bytes?.[kind];
    const r = reference.bytes?.[kind];
    rows.push(
      {
        id: `size.${kind}.gzip`,
        name: `cold load of /about: ${label}, gzip`,
        value: kb(p?.gzip),
        reference: kb(r?.gzip),
        unit: 'KB',
      },
      {
        id: `size.${kind}.raw`,
        name: `cold load of /about: ${label}, raw`,
        value: kb(p?.raw),
        reference: kb(r?.raw),
        unit: 'KB',
      },
      {
        id: `size.${kind}.files`,
        name: `cold load of /about: ${label} files`,
        value: p?.files ?? NaN,
        reference: r?.files ?? NaN,
        unit: '',
      },
    );
  }
  const largest = product.breakdown
    ?.slice(0, 12)
    .map((part) => `${part.owner} ${(part.gzip / 1000).toFixed(1)}`)
    .join(', ');
  if (largest) rows[0]!.note = `largest parts, KB gzipped each on its own: ${largest}`;
  const compiler = product.ajvCompiler;
  const notes = [
    compiler?.modules.length ? `found: ${compiler.modules.join(', ')}` : '',
    compiler?.unmapped.length ? `no source map, not checked: ${compiler.unmapped.join(', ')}` : '',
  ].filter(Boolean);
  rows.push({
    id: 'size.ajv-compiler',
    name: 'cold load of /about: AJV modules other than its runtime',
    value: compiler ? compiler.modules.length : NaN,
    unit: '',
    ...(notes.length ? { note: notes.join('; ') } : {}),
  });
  return rows;
}

type Rounds = ReadonlyArray<readonly KeystrokeSample[]>;
type Metric = keyof KeystrokeSample;

const metrics: ReadonlyArray<readonly [Metric, string]> = [
  ['frame', 'keydown→next frame'],
  ['paint', 'keydown→next paint'],
  ['handled', 'keydown→input handled'],
];

/**
 * A percentile of every round's keystrokes pooled (the figure), and the same percentile of each
 * round on its own (its spread).
 */
export function keystrokeFigure(rounds: Rounds, metric: Metric, p: number) {
  const of = (samples: readonly KeystrokeSample[]) =>
    percentile(
      samples.map((s) => s[metric]),
      p,
    );
  return { value: of(rounds.flat()), spread: spreadOf(rounds.map(of)) };
}

/** A row of a product figure beside the reference's, each with its spread when it has one. */
export function withSpreads(
  row: Omit<BenchRow, 'value' | 'reference'>,
  product: { value: number; spread?: BenchRow['spread'] },
  reference: { value: number; spread?: BenchRow['spread'] },
): BenchRow {
  return {
    ...row,
    value: product.value,
    reference: reference.value,
    ...(product.spread ? { spread: product.spread } : {}),
    ...(reference.spread ? { referenceSpread: reference.spread } : {}),
  };
}

/**
 * Keystroke rows: `id` names them (`typing.first`, `typing.validating.further`), `product` and
 * `reference` are the rounds of samples each side typed; the reference is always its plain
 * typing. `only` keeps some of the metrics.
 */
export function typingRows(
  id: string,
  label: string,
  product: Rounds,
  reference: Rounds,
  note?: string,
  only: readonly Metric[] = ['frame', 'paint', 'handled'],
): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [metric, text] of metrics.filter(([m]) => only.includes(m))) {
    for (const p of [50, 95]) {
      rows.push(
        withSpreads(
          { id: `${id}.${metric}.p${p}`, name: `typing, ${label}: ${text} p${p}`, unit: 'ms' },
          keystrokeFigure(product, metric, p),
          keystrokeFigure(reference, metric, p),
        ),
      );
    }
  }
  if (note) rows[0]!.note = note;
  return rows;
}

export function lighthouseRows(audits: Audits): BenchRow[] {
  const rows: BenchRow[] = [];
  const score = (results: LighthouseResult[], category: (typeof lighthouseCategories)[number]) => {
    const scores = results.map((r) => r.scores[category]);
    return { value: median(scores), spread: spreadOf(scores) };
  };
  const note = (results: LighthouseResult[]) => {
    // Each audit once, as the first run that lost points on it showed it.
    const byAudit = new Map<string, string>();
    for (const text of results.flatMap((r) => r.failing))
      if (!byAudit.has(text.split(' ')[0]!)) byAudit.set(text.split(' ')[0]!, text);
    const failing = [...byAudit.values()];
    const parts = [
      failing.length ? `costs points: ${failing.join('; ')}` : '',
      audits.errors.length ? `failed runs: ${audits.errors.join('; ')}` : '',
    ];
    return parts.filter(Boolean).join('. ') || undefined;
  };
  for (const category of lighthouseCategories) {
    const about = withSpreads(
      { id: `lighthouse.about.${category}`, name: `Lighthouse /about: ${category}`, unit: '/100' },
      score(audits.about.product, category),
      score(audits.about.reference, category),
    );
    const loginScore = score(audits.login, category);
    const login: BenchRow = {
      id: `lighthouse.login.${category}`,
      name: `Lighthouse /login: ${category}`,
      value: loginScore.value,
      ...(loginScore.spread ? { spread: loginScore.spread } : {}),
      unit: '/100',
    };
    for (const [row, results] of [
      [about, audits.about.product],
      [login, audits.login],
    ] as const) {
      const text = row.value < 100 || Number.isNaN(row.value) ? note(results) : undefined;
      if (text) row.note = text;
      rows.push(row);
    }
  }
  return rows;
}
