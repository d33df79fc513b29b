import { defineConfig, devices } from '@playwright/test';

/**
 * The e2e runs on two servers at once, each with its own embedded database, demo data and data
 * folder (decision 0086): project `a` on E2E_PORT and project `b` on the next port, one worker
 * each, so that the specs of one project still run one after the other on their own database. A
 * spec finds its server through `e2eServer()` (specs/e2e-server.ts). The split keeps the two halves
 * about equally long; a spec that needs another spec's changes stays in the same project.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
// one data folder per port, so that runs on different ports never share (or delete) each other's data
const dataDirOf = (port: number) => new URL(`./.data/${port}/`, import.meta.url).pathname;

/** The specs of project `b` (folders or files under specs/); every other spec runs in project `a`. */
const PROJECT_B = ['accessibility/', 'settings/', 'documents/', 'help/', 'retention/', 'website-stats/', 'first-load.spec.ts'];
const inB = PROJECT_B.map((p) => `**/specs/${p}${p.endsWith('/') ? '**/*.spec.ts' : ''}`);

const SERVERS = [
  { name: 'a', port: E2E_PORT, testIgnore: inB, testMatch: undefined },
  { name: 'b', port: E2E_PORT + 1, testIgnore: undefined, testMatch: inB },
];

/** Chromium comes from Debian (/usr/bin/chromium); no test tool downloads a browser. */
export default defineConfig({
  testDir: './specs',
  outputDir: `../test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: SERVERS.length,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
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
  projects: SERVERS.map(({ name, port, testIgnore, testMatch }) => ({
    name,
    workers: 1,
    testIgnore,
    ...(testMatch ? { testMatch } : {}),
    metadata: { dataDir: dataDirOf(port) },
    use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${port}` },
  })),
  webServer: SERVERS.map(({ port }) => ({
    // a fresh embedded database with the demo data for every run
    command: `rm -rf "${dataDirOf(port)}" && npm run start -w @vellum/server`,
    cwd: new URL('..', import.meta.url).pathname,
    url: `http://localhost:${port}/management/info`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDirOf(port),
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // every spec signs in from 127.0.0.1, some with wrong passwords on purpose
      LOGIN_THROTTLE_FREE_FAILURES: '1000',
      // no test evidence: the validation records page says so (decision 0077)
      VALIDATION_EVIDENCE_DIR: `${dataDirOf(port)}no-evidence`,
    },
  })),
});
