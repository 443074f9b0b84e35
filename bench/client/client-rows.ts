/**
 * The client bench's rows: what bench/client.ts measured, as product and reference figures
 * side by side (the runner prints their ratio), with notes that say what costs the most.
 */
import { median, percentile, type BenchRow } from '../bench-row';
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
  first: KeystrokeSample[];
  further: KeystrokeSample[];
  /** The product only: typing in the validating state (errors and summary shown). */
  validating?: { first: KeystrokeSample[]; further: KeystrokeSample[] };
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

/**
 * Keystroke rows: `id` names them (`typing.first`, `typing.validating.further`), `product` and
 * `reference` are the samples each side typed; the reference is always its plain typing.
 */
export function typingRows(
  id: string,
  label: string,
  product: readonly KeystrokeSample[],
  reference: readonly KeystrokeSample[],
  note?: string,
): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [metric, text] of [
    ['frame', 'keydown→next frame'],
    ['paint', 'keydown→next paint'],
    ['handled', 'keydown→input handled'],
  ] as const) {
    for (const p of [50, 95]) {
      const of = (samples: readonly KeystrokeSample[]) =>
        percentile(
          samples.map((s) => s[metric]),
          p,
        );
      rows.push({
        id: `${id}.${metric}.p${p}`,
        name: `typing, ${label}: ${text} p${p}`,
        value: of(product),
        reference: of(reference),
        unit: 'ms',
      });
    }
  }
  if (note) rows[0]!.note = note;
  return rows;
}

export function lighthouseRows(audits: Audits): BenchRow[] {
  const rows: BenchRow[] = [];
  const score = (results: LighthouseResult[], category: (typeof lighthouseCategories)[number]) =>
    median(results.map((r) => r.scores[category]));
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
    const about: BenchRow = {
      id: `lighthouse.about.${category}`,
      name: `Lighthouse /about: ${category}`,
      value: score(audits.about.product, category),
      reference: score(audits.about.reference, category),
      unit: '/100',
    };
    const login: BenchRow = {
      id: `lighthouse.login.${category}`,
      name: `Lighthouse /login: ${category}`,
      value: score(audits.login, category),
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
