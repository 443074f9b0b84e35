import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * A Redis client for the rate limits' counters, shared by every instance (RateLimiter). Set to
 * fail fast: while Redis is away commands fail at once (no queue waiting for a reconnection), so
 * requests go on without waiting: /public and /api limits counted in the database, lookups and
 * client error reports uncounted. It logs once when
 * Redis stops answering and once when it answers again, not at every reconnection attempt.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectTimeout: 500,
    // A Redis that stops answering on an open connection fails the command instead of holding
    // every limited request until the operating system notices; the limiter then falls back.
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let answering = true;
  client.on('error', (err: Error) => {
    if (!answering) return;
    answering = false;
    log.warn(
      { err: { message: err.message } },
      'Redis is not answering: limits count in the database, lookups go uncounted',
    );
  });
  client.on('ready', () => {
    if (!answering) log.info('Redis answers again');
    answering = true;
  });
  // Commands are not queued while connecting, so the first requests wait for the connection
  // here, at start: at most a second, and not at all once Redis has answered or refused.
  await new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      client.off('ready', settle);
      client.off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, 1000);
    client.once('ready', settle);
    client.once('error', settle);
  });
  return client;
}
