import { defineConfig } from 'vitest/config';

/** The files that replace a module with vi.mock: each in a fresh module registry of its own. */
const MOCKING_MODULES = ['src/modules/account/lockout.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/per-file-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        // every file builds its own app and database (test/harness.ts), so the files of a worker share
        // the imported modules instead of importing the server again for each file (decision 0085)
        extends: true,
        test: { name: 'api', include: ['src/**/*.test.ts'], exclude: MOCKING_MODULES, isolate: false },
      },
      { extends: true, test: { name: 'api-mocking', include: MOCKING_MODULES, isolate: true } },
    ],
  },
});
