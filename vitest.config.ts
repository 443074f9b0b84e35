import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compiledMessages } from './scripts/compiled-messages.ts';

export default defineConfig({
  // The catalogues compiled as the build compiles them (src/client/i18n/i18n.ts).
  plugins: [react(), compiledMessages()],
  // What vite.config.ts defines from the build, fixed for the tests.
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'tests/reliability/**', 'tests/scale/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/setup-dom-matchers.ts'],
    globalSetup: ['tests/temp-folder-check.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
  },
});
