import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
// one data folder per port, so that runs on different ports never share (or delete) each other's data
export const E2E_DATA_DIR = new URL(`./.data/${E2E_PORT}/`, import.meta.url).pathname;

/** Chromium comes from Debian (/usr/bin/chromium); no test tool downloads a browser. */
export default defineConfig({
  testDir: './specs',
  outputDir: `../test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // no transitions: scans and clicks see menus and dialogs in their final state
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // a fresh embedded database with the demo data for every run
    command: `rm -rf "${E2E_DATA_DIR}" && npm run start -w @vellum/server`,
    cwd: new URL('..', import.meta.url).pathname,
    url: `http://localhost:${E2E_PORT}/management/info`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // every spec signs in from 127.0.0.1, some with wrong passwords on purpose
      LOGIN_THROTTLE_FREE_FAILURES: '1000',
      // no test evidence: the validation records page says so (decision 0077)
      VALIDATION_EVIDENCE_DIR: `${E2E_DATA_DIR}no-evidence`,
    },
  },
});
