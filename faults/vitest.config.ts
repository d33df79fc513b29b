import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the fault suite (decision 0080). Each case runs the compiled server and
 * worker as child processes against a private PostgreSQL, one file at a time (they share ports).
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.fault.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
