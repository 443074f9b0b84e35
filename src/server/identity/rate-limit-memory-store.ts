/**
 * Buckets the memory store holds at most: under 20 MB of heap (160 to 200 bytes a bucket, as
 * `npm run bench -- --only rate-limit` measures).
 */
export const MEMORY_BUCKETS_MAX = 100_000;

/**
 * The fast store without Redis: one count per bucket for its current window, in this instance's
 * memory. Ended windows are dropped as the clock passes them (a sweep at most once a second, so a
 * hit costs O(1) amortised), and at `maxBuckets` the tenth whose windows started first is
 * dropped: a flood of new IPs within one window costs some old counts, never unbounded memory.
 */
export class MemoryWindows {
  /** In the order their windows started: a bucket starting a new window moves to the end. */
  private readonly buckets = new Map<string, { windowEnd: number; hits: number }>();
  private nextSweep = 0;

  constructor(private readonly maxBuckets = MEMORY_BUCKETS_MAX) {}

  /** Counts one hit in key's window [.., windowEnd); returns the hits in that window so far. */
  count(key: string, windowEnd: number, now: number): number {
    if (now >= this.nextSweep) this.sweep(now);
    const bucket = this.buckets.get(key);
    if (bucket && bucket.windowEnd === windowEnd) {
      bucket.hits += 1;
      return bucket.hits;
    }
    if (bucket) this.buckets.delete(key);
    if (this.buckets.size >= this.maxBuckets) this.makeRoom(now);
    this.buckets.set(key, { windowEnd, hits: 1 });
    return 1;
  }

  /** Buckets held now (tests and the bench read it). */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Drops ended windows, then if still full the oldest tenth in one pass: a Map deleted from the
   * front one key at a time keeps holes its next iterator walks over again, so evicting one
   * bucket per new one would cost O(n) each time (measured: a hit slowing from 15 to 100 µs).
   */
  private makeRoom(now: number): void {
    this.sweep(now);
    let excess = this.buckets.size - this.maxBuckets + Math.ceil(this.maxBuckets / 10);
    if (this.buckets.size < this.maxBuckets) return;
    for (const key of this.buckets.keys()) {
      this.buckets.delete(key);
      if (--excess <= 0) break;
    }
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.windowEnd <= now) this.buckets.delete(key);
    }
    this.nextSweep = now + 1000;
  }
}
