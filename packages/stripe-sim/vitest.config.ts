import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'stripe-sim',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    isolate: false,
  },
});
