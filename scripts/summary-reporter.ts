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
    const failures: string[] = [];
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') counts.passed += 1;
        else if (result.state === 'failed') {
          failedTests += 1;
          failures.push(failureLine(module.moduleId, test.fullName, result.errors?.[0]?.message));
        } else counts.skipped += 1;
      }
      // A file can fail with none of its tests failed: its setup (beforeAll) threw and they were skipped.
      if (module.state() === 'failed' && failedTests === 0) {
        counts.failed += 1;
        failures.push(failureLine(module.moduleId, '(file setup)', module.errors()[0]?.message));
      } else counts.failed += failedTests;
    }
    // Repeated just above the summary so that a log's last lines say what failed, not only how many.
    for (const line of failures) process.stdout.write(`\n${line}`);
    const seconds = Math.round((performance.now() - this.startedAt) / 1000);
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
    process.stdout.write(`\nwall time: ${seconds} s (${testModules.length} files)`);
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}

function failureLine(moduleId: string, testName: string, message: string | undefined): string {
  const file = moduleId.replace(`${process.cwd()}/`, '');
  const reason = (message ?? 'no message').split('\n')[0]?.slice(0, 300);
  return `failed: ${file} › ${testName}: ${reason}`;
}
