import { defineConfig } from '@playwright/test';

/** The e2e server runs on its own port and data folder, wiped at every run. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);
export const e2eDataDir = 'test-results/e2e-data';
/**
 * The OpenID Connect provider the staff single sign-on journey signs in at (a second web server,
 * tests/e2e/oidc-provider-server.ts), on a port of its own beside the server's.
 */
export const oidcPort = e2ePort + 2000;
export const ssoAdminEmail = 'sso-admin@staff.example.edu';
const oidcClient = {
  STAFF_OIDC_CLIENT_ID: 'admissions-staff-e2e',
  STAFF_OIDC_CLIENT_SECRET: 'the-e2e-client-secret',
};

/** The system Chromium and its flags; forms:screenshots launches it the same way. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The longest journeys (axe on every state of an applicant, keyboard only to the PDF copy) take
  // about a minute alone on 2 cores and more beside other CI work: a cap for a hung test, not a
  // speed budget (speed is measured by npm run bench).
  timeout: 180_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    // Dates are typed month/day/year, as a US browser takes them, whatever the machine's locale.
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: `rm -rf ${e2eDataDir} && NODE_ENV=production npm run -s build && node dist/server/main.js`,
      url: `http://127.0.0.1:${e2ePort}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      env: {
        PORT: String(e2ePort),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        SMTP_URL: '',
        STAFF_OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
        ...oidcClient,
      },
    },
    {
      command: 'node --import tsx tests/e2e/oidc-provider-server.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      env: {
        OIDC_PORT: String(oidcPort),
        APP_ORIGIN: `http://127.0.0.1:${e2ePort}`,
        SSO_ADMIN_EMAIL: ssoAdminEmail,
        ...oidcClient,
      },
    },
  ],
});
