import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { DURATIONS_FILE, durationKey } from './test-sequencer.ts';

/**
 * Ends the run with its wall time and one plain line, `tests: N passed, N failed`, that CI and people
 * can read at a glance.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = performance.now();
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.startedAt = performance.now();
    this.root = vitest.config.root;
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
          failures.push(failureLine(module.moduleId, test.fullName, result.errors?.[0]));
        } else counts.skipped += 1;
      }
      // A file can fail with none of its tests failed: its setup (beforeAll) threw and they were skipped.
      if (module.state() === 'failed' && failedTests === 0) {
        counts.failed += 1;
        failures.push(failureLine(module.moduleId, '(file setup)', module.errors()[0]));
      } else counts.failed += failedTests;
    }
    // Repeated just above the summary so that a log's last lines say what failed, not only how many.
    for (const line of failures) process.stdout.write(`\n${line}`);
    const seconds = Math.round((performance.now() - this.startedAt) / 1000);
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
    process.stdout.write(`\nwall time: ${seconds} s (${testModules.length} files)`);
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
    if (process.env.UPDATE_TEST_DURATIONS) this.writeDurations(testModules);
  }

  /**
   * The sequencer's table of file durations, from this run: files this run did not include are kept
   * (the PostgreSQL-only ones), files that no longer exist are dropped.
   */
  private writeDurations(testModules: ReadonlyArray<TestModule>): void {
    const table: Record<string, number> = fs.existsSync(DURATIONS_FILE)
      ? JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8'))
      : {};
    for (const module of testModules) {
      const key = durationKey(module.project.name, this.root, module.moduleId);
      table[key] = Math.round(module.diagnostic().duration / 100) * 100;
    }
    const sorted = Object.fromEntries(
      Object.entries(table)
        .filter(([key]) => fs.existsSync(path.join(this.root, key.slice(key.indexOf(':') + 1))))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    process.stdout.write(`durations of ${testModules.length} files written to ${DURATIONS_FILE}\n`);
  }
}

/** How many lines of an assertion's diff follow its failure line: enough to show what was found. */
const DIFF_LINES = 12;

function failureLine(
  moduleId: string,
  testName: string,
  error: { message?: string; diff?: string } | undefined,
): string {
  const file = moduleId.replace(`${process.cwd()}/`, '');
  const reason = (error?.message ?? 'no message').split('\n')[0]?.slice(0, 300);
  // A log keeps only its last lines: "expected [ Array(1) ] to deeply equal []" alone does not say what the one was.
  const diff = stripVTControlCharacters(error?.diff ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, DIFF_LINES)
    .map((line) => `    ${line.slice(0, 300)}`);
  return [`failed: ${file} › ${testName}: ${reason}`, ...diff].join('\n');
}
