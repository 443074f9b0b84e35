/**
 * RateLimiter's fast store in memory (/lookup and client error reports without REDIS_URL): the
 * cost of one hit (HMAC of the bucket included) while the store fills, and once it is full and
 * evicting; the heap one bucket costs; and how many buckets a flood of twice MEMORY_BUCKETS_MAX
 * new IPs within one window leaves (the bound).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ManualClock } from '../src/server/clock';
import type { Db } from '../src/server/db/database';
import { MEMORY_BUCKETS_MAX, MemoryWindows } from '../src/server/identity/rate-limit-memory-store';
import { RateLimiter } from '../src/server/identity/rate-limiter';
import { SecretHasher } from '../src/server/identity/secrets';
import type { BenchRow } from './bench-row';

const MINUTE = 60_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export async function run(): Promise<BenchRow[]> {
  const clock = new ManualClock();
  const memory = new MemoryWindows();
  // The fast store without Redis never touches the database: none is opened to measure it.
  const limiter = new RateLimiter(
    undefined as unknown as Db,
    clock,
    new SecretHasher('bench-secret'),
    undefined,
    memory,
  );
  const ip = (i: number) => `lookup:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const timed = async (from: number, count: number) => {
    const started = performance.now();
    for (let i = from; i < from + count; i++) await limiter.hitFast(ip(i), 600, MINUTE);
    return ((performance.now() - started) * 1000) / count;
  };

  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const filling = await timed(0, MEMORY_BUCKETS_MAX);
  gc();
  const bytesPerBucket = (process.memoryUsage().heapUsed - heapBefore) / memory.size;
  const evicting = await timed(MEMORY_BUCKETS_MAX, MEMORY_BUCKETS_MAX);
  const held = memory.size;
  clock.advance(MINUTE);
  await limiter.hitFast(ip(0), 600, MINUTE);
  return [
    { name: 'fast limit hit, memory store filling', id: 'fill', value: filling, unit: 'µs' },
    { name: 'fast limit hit, memory store full', id: 'full', value: evicting, unit: 'µs' },
    { name: 'memory store heap per bucket', id: 'bytes', value: bytesPerBucket, unit: 'B' },
    {
      name: `buckets held after ${2 * MEMORY_BUCKETS_MAX} IPs in one window`,
      id: 'held',
      value: held,
      unit: 'buckets',
      note: `bound ${MEMORY_BUCKETS_MAX}`,
    },
    {
      name: 'buckets held once that window ended',
      id: 'after',
      value: memory.size,
      unit: 'buckets',
    },
  ];
}
