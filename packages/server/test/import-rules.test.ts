import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/import-rules');

type Violation = { rule: { name: string }; from: string; to: string };

/** Runs the import rules of `npm run lint` over the fixture tree, whose paths mirror the real ones. */
async function violationsIn(directory: string): Promise<Violation[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
      'packages',
      '--config',
      path.join(ROOT, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
    ],
    { cwd: directory },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the import rules of npm run lint', () => {
  it("refuse a circle and a read of another module's table, and allow calling its service", async () => {
    const found = (await violationsIn(FIXTURE)).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    const modules = 'packages/server/src/modules';
    expect(found).toEqual([
      `module-owns-its-tables: ${modules}/beta/beta-reads-alpha-table.ts -> ${modules}/alpha/alpha.repository.ts`,
      `no-circular: ${modules}/beta/circle-one.ts -> ${modules}/beta/circle-two.ts`,
    ]);
  });
});
