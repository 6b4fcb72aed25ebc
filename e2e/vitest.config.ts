import { configDefaults, defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from '../scripts/test-tmpdir.ts';

useMemoryTmpdir();

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.test.ts'],
    // Scaling out and a key revoked across API processes need PostgreSQL (the embedded database is one
    // process's): without it these files are not part of the run at all, rather than reported as skipped.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['tests/scale-out.e2e.test.ts', 'tests/api-key-revocation.e2e.test.ts']),
    ],
    globalSetup: ['./support/build-web.ts', '../packages/server/test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each journey starts its own server and browser in its hooks and keeps nothing at module level, so
    // a journey that follows another in the same worker skips importing Playwright and the server again.
    isolate: false,
  },
});
