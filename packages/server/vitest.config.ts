import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // Every file starts its own services on its own database, so files can share a process and its
    // loaded modules: importing the server anew for each file cost more than most files' tests.
    isolate: false,
  },
});
