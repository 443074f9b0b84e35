import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale`: many server instances and worker processes on one PostgreSQL, S3 through
 * a local S3-compatible server, graceful shutdown: real processes, one suite file at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/temp-folder-check.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
