import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['./support/build-web.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each journey drives a browser and a server process; on two cores they run one file at a time.
    fileParallelism: false,
  },
});
