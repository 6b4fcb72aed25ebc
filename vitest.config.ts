import { defineConfig } from 'vitest/config';

/** `npm test`: every package's tests, then the browser journeys; one summary line at the end. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/servicem8-sim', 'packages/server', 'packages/web', 'e2e'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
