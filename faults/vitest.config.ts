import { defineConfig } from 'vitest/config';

/** `npm run test:faults`: the fault and load suite (issue 22), one file at a time, against PostgreSQL (DATABASE_URL). */
export default defineConfig({
  test: {
    include: ['faults/**/*.fault.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
