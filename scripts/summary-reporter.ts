import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with its wall time and one plain line, `tests: N passed, N failed`, that CI and people
 * can read at a glance.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = performance.now();

  onInit(): void {
    this.startedAt = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') failedTests += 1;
        else counts.skipped += 1;
      }
      // A file can fail with none of its tests failed: its setup (beforeAll) threw and they were skipped.
      counts.failed += module.state() === 'failed' && failedTests === 0 ? 1 : failedTests;
    }
    const seconds = Math.round((performance.now() - this.startedAt) / 1000);
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
    process.stdout.write(`\nwall time: ${seconds} s (${testModules.length} files)`);
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}
