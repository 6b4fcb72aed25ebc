import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'servicem8-sim',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each test starts simulators of its own and the setup file closes them, so files can share a
    // worker and its loaded modules instead of importing the simulator again per file.
    isolate: false,
    setupFiles: ['./test/support/cleanup.ts'],
  },
});
