import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/test-sequencer.ts';
import { useMemoryTmpdir } from './scripts/test-tmpdir.ts';

useMemoryTmpdir();

/** `npm test`: every package's tests and the browser journeys, longest first; one summary line at the end. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/servicem8-sim',
      'packages/stripe-sim',
      'packages/server',
      'packages/web',
      'e2e',
      { test: { name: 'docs', include: ['scripts/**/*.test.ts'] } },
    ],
    // One worker per core of CI. A third worker kept both cores busier while others waited on sockets and
    // child processes, but the three of them, their servers and Chromium fought over two cores: the same
    // run took 400–415 s of CPU and 208–215 s with three, 333–335 s and 198 s with two.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
