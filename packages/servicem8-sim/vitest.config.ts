import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'servicem8-sim',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
