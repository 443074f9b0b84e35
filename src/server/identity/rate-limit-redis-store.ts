import type { Redis } from 'ioredis';

/**
 * The sliding limit's step (rate-limit-database-store.ts slidingHit) as one Lua script, so that
 * reading the TAT and moving it is atomic across instances. Numbers are written with %.0f: Lua
 * would write a TAT in milliseconds in exponent form, which SET would store as such.
 */
const SLIDING_HIT = `
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local now, step, allowUntil = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if tat > allowUntil then return {0, string.format('%.0f', tat)} end
local next = math.max(tat, now) + step
redis.call('SET', KEYS[1], string.format('%.0f', next), 'PX', string.format('%.0f', next - now + 1000))
return {1, string.format('%.0f', next)}
`;

/** What a sliding hit found: allowed or not, and the bucket's TAT (epoch ms) after it. */
export interface SlidingState {
  allowed: boolean;
  tat: number;
}

/**
 * The rate limits' counters in Redis, shared by every instance. Every method answers undefined
 * when Redis does not answer, and the limiter decides what that means for its limit.
 */
export class RedisWindows {
  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
  ) {}

  private key(key: string, windowStart: number): string {
    return `${this.keyPrefix}rl:${key}:${windowStart}`;
  }

  /** Counts a hit in key's fixed window; the count after it. */
  async count(key: string, windowStart: number, windowMs: number): Promise<number | undefined> {
    try {
      const redisKey = this.key(key, windowStart);
      // The key names its window and expires with it: Redis keeps nothing older.
      const result = await this.client
        .multi()
        .set(redisKey, 0, 'PX', windowMs + 1000, 'NX')
        .incr(redisKey)
        .exec();
      const hits = result?.[1]?.[1];
      return typeof hits === 'number' ? hits : undefined;
    } catch {
      return undefined;
    }
  }

  /** The hits counted in key's fixed window, without counting one. */
  async peek(key: string, windowStart: number): Promise<number | undefined> {
    try {
      return Number((await this.client.get(this.key(key, windowStart))) ?? 0);
    } catch {
      return undefined;
    }
  }

  /** One hit of a sliding limit (see SLIDING_HIT). */
  async slidingHit(
    key: string,
    now: number,
    step: number,
    allowUntil: number,
  ): Promise<SlidingState | undefined> {
    try {
      const reply = (await this.client.eval(
        SLIDING_HIT,
        1,
        `${this.keyPrefix}rls:${key}`,
        now,
        step,
        allowUntil,
      )) as [number, string];
      return { allowed: reply[0] === 1, tat: Number(reply[1]) };
    } catch {
      return undefined;
    }
  }

  /** Sets a sliding bucket's TAT, whatever it was; false when Redis did not answer. */
  async setTat(key: string, now: number, tat: number): Promise<boolean> {
    try {
      await this.client.set(
        `${this.keyPrefix}rls:${key}`,
        tat,
        'PX',
        Math.max(1, tat - now) + 1000,
      );
      return true;
    } catch {
      return false;
    }
  }

  /** A sliding bucket's TAT (0 when empty), without a hit. */
  async slidingTat(key: string): Promise<number | undefined> {
    try {
      return Number((await this.client.get(`${this.keyPrefix}rls:${key}`)) ?? 0);
    } catch {
      return undefined;
    }
  }
}
