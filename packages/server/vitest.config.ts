import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A database outage can be staged only on PostgreSQL (the embedded database lives in the server's
    // process): without it these files are not part of the run at all, rather than reported as skipped.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL
        ? []
        : ['test/webhook-database-outage.test.ts', 'test/webhook-spool-full.test.ts']),
    ],
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // Every file starts its own services on its own database, so files can share a process and its
    // loaded modules: importing the server anew for each file cost more than most files' tests.
    isolate: false,
  },
});
