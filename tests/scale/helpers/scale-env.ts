/**
 * What the scale suites share: a fresh PostgreSQL database held for a whole suite, and the
 * settings every process of one deployment must agree on.
 */
import { randomBytes } from 'node:crypto';
import { withFreshPostgres } from '../../helpers/live-server';

/** The PostgreSQL the suites run on; they are skipped, saying why, when it is not set. */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
/** A Redis for the shared /lookup limit; that test is skipped, saying why, when it is not set. */
export const redisUrl = process.env.TEST_REDIS_URL ?? '';

export function explainSkip(suite: string): void {
  if (!postgresUrl) {
    console.warn(
      `[scale] ${suite}: skipped, TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); ` +
        'many instances and workers only make sense on a shared PostgreSQL.',
    );
  }
}

/** A secret every instance and worker of one test deployment shares. */
export const sharedSecret = () => `scale-${randomBytes(24).toString('base64url')}`;

/**
 * Opens a fresh database for a suite: resolves with its URL once made, and drops it when the
 * returned release() is called (in afterAll).
 */
export async function holdFreshPostgres(): Promise<{ url: string; release: () => Promise<void> }> {
  let release: () => void = () => {};
  let finished: Promise<unknown> = Promise.resolve();
  const url = await new Promise<string>((ready, failed) => {
    finished = withFreshPostgres(postgresUrl, async (databaseUrl) => {
      ready(databaseUrl);
      await new Promise<void>((r) => (release = r));
    }).catch(failed);
  });
  return {
    url,
    release: async () => {
      release();
      await finished;
    },
  };
}
