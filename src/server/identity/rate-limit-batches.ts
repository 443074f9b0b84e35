export interface BatchEntry {
  /** The bucket's name (its keyed hash is what the database stores). */
  key: string;
  windowStart: number;
  hits: number;
}

/**
 * The counts behind `checkSoon`: per bucket, its current window's total as the database last
 * answered it, plus the hits counted here since then (some of them perhaps being written now).
 * A bucket is dropped once its window has ended and its hits are written.
 */
export class BatchedWindows {
  private readonly buckets = new Map<
    string,
    { windowStart: number; windowEnd: number; stored: number; unwritten: number; writing: number }
  >();

  /** Counts one hit; returns the window's hits as far as this instance knows them. */
  count(key: string, windowStart: number, windowMs: number): number {
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.windowStart !== windowStart) {
      // A new window (the old one's unwritten hits no longer matter).
      bucket = {
        windowStart,
        windowEnd: windowStart + windowMs,
        stored: 0,
        unwritten: 0,
        writing: 0,
      };
      this.buckets.set(key, bucket);
    }
    bucket.unwritten += 1;
    return bucket.stored + bucket.writing + bucket.unwritten;
  }

  /** The hits to write now, marked as being written; drops the buckets of ended windows. */
  take(now: number): BatchEntry[] {
    const due: BatchEntry[] = [];
    for (const [key, bucket] of this.buckets) {
      if (bucket.unwritten > 0) {
        due.push({ key, windowStart: bucket.windowStart, hits: bucket.unwritten });
        bucket.writing += bucket.unwritten;
        bucket.unwritten = 0;
      } else if (bucket.writing === 0 && bucket.windowEnd <= now) {
        this.buckets.delete(key);
      }
    }
    return due;
  }

  /** The database counted `entry`'s hits and answered the window's total, every instance's. */
  written(entry: BatchEntry, total: number): void {
    const bucket = this.buckets.get(entry.key);
    if (!bucket || bucket.windowStart !== entry.windowStart) return;
    bucket.writing -= entry.hits;
    // Totals only grow within a window; a batch answering late must not lower it.
    bucket.stored = Math.max(bucket.stored, total - bucket.writing);
  }

  unwritten(entry: BatchEntry): void {
    const bucket = this.buckets.get(entry.key);
    if (!bucket || bucket.windowStart !== entry.windowStart) return;
    bucket.writing -= entry.hits;
    bucket.unwritten += entry.hits;
  }
}
