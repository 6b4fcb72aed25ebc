import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pure schemas and functions: files share a worker and the modules it has loaded.
  test: { name: 'contract', include: ['src/**/*.test.ts'], isolate: false },
});
