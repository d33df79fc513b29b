import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the fault and load suite (issue 22, decisions 0079 and 0080). Each case runs
 * the compiled server and worker as child processes (against a private PostgreSQL, or the cluster
 * behind nginx on DATABASE_URL), one file at a time: they share ports.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.fault.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
    teardownTimeout: 60_000,
  },
});
