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
    ],
    // Vitest leaves one core idle by default. The suite waits on sockets, child processes and Chromium
    // often enough that one worker more than the two cores of CI keeps both busy.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
