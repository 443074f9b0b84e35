import { defineConfig } from 'vitest/config';

/** `npm run test:reliability`: the long load and fault suites, against real server processes. */
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/temp-folder-check.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
