/** One measured figure of a benchmark, as `npm run bench` prints it. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
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
