/** One measured figure of a benchmark, as `npm run bench` prints it. */
export interface BenchRow {
  name: string;
  /** The product's figure (NaN when it could not be measured; `note` says why). */
  value: number;
  unit: string;
  /** A stable name for budgets (bench/budgets.ts) and for comparing runs. */
  id?: string;
  /** The same figure for the hand-written reference page, printed beside it with the ratio. */
  reference?: number;
  /** Why the figure is missing, or what to know when reading it. */
  note?: string;
  /**
   * The figure's spread across the bench's rounds: the lowest and the highest round's figure
   * (each round's median or percentile), printed beside the figure; absent for one-shot figures.
   */
  spread?: Spread;
  /** The reference's spread across the same rounds. */
  referenceSpread?: Spread;
}

/** The lowest and the highest of a figure's rounds. */
export type Spread = readonly [low: number, high: number];

/** The median of the rounds' figures and their spread, as a row's `value` and `spread`. */
export function overRounds(values: readonly number[]): { value: number; spread?: Spread } {
  const spread = spreadOf(values);
  return { value: median(values), ...(spread ? { spread } : {}) };
}

/** The spread of the rounds' figures; undefined when there are fewer than two. */
export function spreadOf(values: readonly number[]): Spread | undefined {
  const finite = values.filter(Number.isFinite);
  return finite.length < 2 ? undefined : [Math.min(...finite), Math.max(...finite)];
}

/** A benchmark module: `run()` measures and returns its rows. */
export interface BenchModule {
  run(): Promise<BenchRow[]>;
}

/**
 * The median time of one call of `fn`, in milliseconds: calls are timed in batches (so the
 * clock's resolution does not matter) after a warm-up that lets the JIT settle.
 */
export function medianMs(
  fn: () => unknown,
  { batches = 200, batchSize = 50, warmup = 500 } = {},
): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    for (let i = 0; i < batchSize; i++) fn();
    samples.push((performance.now() - start) / batchSize);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** The nearest-rank percentile (p in 0–100) of some numbers; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
