/**
 * `npm run bench`: the engine's benchmarks, end to end through HTTP, the ServiceM8 simulator's call
 * log and the database (docs/BENCHMARKS.md says what each one does and how to read it).
 *
 *   npm run bench                          every benchmark on the embedded database (and on PostgreSQL
 *                                          when BENCH_DATABASE_URL is set)
 *   npm run bench -- intake drain          a subset: intake, latency, drain (with memory), calls, runs, activity, preview,
 *                                          results, metrics,
 *                                          burst (ServiceM8's real limits: about 10 minutes)
 *   npm run bench -- --quick               small sizes, a smoke check (results go to bench/results/quick/)
 *   npm run bench -- --db=postgres         one database only
 *   npm run bench -- --drain-cap=600       the drain's time cap in seconds (300 by default)
 *
 * Prints a Markdown table per database, writes bench/results/<date>-<db>.json and compares it with
 * the previous result (a metric more than 20 % worse is reported). Exits 1 only when something is
 * broken (a delivery lost, a run failed, an action done twice, a benchmark that could not run), never
 * for missing a goal.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { activity } from './activity.ts';
import { burst } from './burst.ts';
import { calls } from './calls.ts';
import type { DbKind } from './database.ts';
import { drainBenchmark } from './drain.ts';
import { intake } from './intake.ts';
import { latency } from './latency.ts';
import { round } from './load.ts';
import { metricsBenchmark } from './metrics.ts';
import { preview } from './preview.ts';
import { markdownTable, previousResult, type ResultFile, regressions, resultPath, writeResult } from './report.ts';
import { results } from './results.ts';
import { runsSearch } from './runs-search.ts';
import type { Benchmark, BenchResult } from './types.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const { values, positionals } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    db: { type: 'string' },
    'drain-cap': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
if (values.help) {
  console.info(
    'npm run bench -- [intake] [latency] [drain] [memory] [calls] [runs] [activity] [preview] [results] [metrics] [burst] [--quick] [--db=pglite|postgres]',
  );
  console.info('                 [--drain-cap=SECONDS]   (BENCH_DATABASE_URL adds PostgreSQL; see docs/BENCHMARKS.md)');
  process.exit(0);
}
const drainCap = values['drain-cap'] === undefined ? undefined : Number(values['drain-cap']);
if (drainCap !== undefined && !(drainCap > 0)) throw new Error(`--drain-cap must be a number of seconds`);

const ALL: Benchmark[] = [
  intake,
  latency,
  drainBenchmark(drainCap),
  calls,
  runsSearch,
  activity,
  preview,
  results,
  metricsBenchmark,
  burst,
];
const ALIASES: Record<string, string> = { memory: 'drain', search: 'runs' };
const asked = positionals.map((name) => ALIASES[name] ?? name);
const unknown = asked.filter((name) => !ALL.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; there are ${ALL.map((b) => b.name).join(', ')} and memory.`);
  process.exit(2);
}
const selected = asked.length === 0 ? ALL : ALL.filter((bench) => asked.includes(bench.name));

const adminUrl = process.env.BENCH_DATABASE_URL || undefined;
const kinds: DbKind[] = (['pglite', 'postgres'] as const).filter(
  (kind) => (kind === 'pglite' || adminUrl) && (!values.db || values.db === kind),
);
if (kinds.length === 0) {
  console.error(values.db === 'postgres' ? 'Set BENCH_DATABASE_URL to run on PostgreSQL.' : `--db=${values.db}?`);
  process.exit(2);
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-bench-logs-'));
const date = new Date().toISOString().slice(0, 10);
const commit = (() => {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const head = git('rev-parse', '--short', 'HEAD').trim();
    const dirty = git('status', '--porcelain', '--', 'packages');
    return dirty.trim() ? `${head} (with uncommitted changes in packages/)` : head;
  } catch {
    return null;
  }
})();

let broken = false;
for (const kind of kinds) {
  const runStartedAt = new Date();
  const loadBefore = os.loadavg();
  const benchmarks: Record<string, BenchResult> = {};
  for (const bench of selected) {
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    console.info(`▶ ${bench.name} on ${kind}${values.quick ? ' (quick)' : ''}: ${bench.title}…`);
    let result: BenchResult;
    try {
      const outcome = await bench.run({ kind, adminUrl, quick: values.quick, logDir });
      result = {
        name: bench.name,
        title: bench.title,
        startedAt,
        seconds: round((Date.now() - started) / 1000),
        ...outcome,
      };
    } catch (error) {
      const [first, ...stack] = (error instanceof Error ? (error.stack ?? error.message) : String(error)).split('\n');
      // A failed fetch says why only in its cause (the connection refused or reset, and by whom).
      const cause = error instanceof Error && error.cause !== undefined ? ` (${String(error.cause)})` : '';
      const message = [`${first}${cause}`, ...stack].join('\n');
      result = {
        name: bench.name,
        title: bench.title,
        startedAt,
        seconds: round((Date.now() - started) / 1000),
        metrics: [],
        problems: [`${bench.name} could not run: ${message.split('\n').slice(0, 12).join('\n')}`],
        notes: [],
        details: {},
      };
    }
    benchmarks[bench.name] = result;
    console.info(`  done in ${result.seconds} s${result.problems.length > 0 ? ', with problems' : ''}`);
  }

  const file: ResultFile = {
    date,
    db: kind,
    quick: values.quick,
    startedAt: runStartedAt.toISOString(),
    commit,
    machine: {
      cores: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: round(os.totalmem() / 1024 ** 3),
      node: process.version,
      loadAverageBefore: loadBefore.map((load) => round(load, 2)),
      loadAverageAfter: os.loadavg().map((load) => round(load, 2)),
    },
    benchmarks,
  };
  const previous = previousResult(ROOT, kind, values.quick);
  const target = resultPath(ROOT, date, kind, values.quick);
  writeResult(target, file);

  console.info(
    `\n## ${kind === 'pglite' ? 'Embedded database (PGlite)' : 'PostgreSQL'}${values.quick ? ', quick' : ''}\n`,
  );
  console.info(markdownTable(file, previous));
  const notes = Object.values(benchmarks).flatMap((result) => result.notes.map((note) => `${result.name}: ${note}`));
  if (notes.length > 0) console.info(`\n${notes.map((note) => `- ${note}`).join('\n')}`);
  console.info(
    `\n${file.machine.cores} cores, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before and ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} after; written to ${path.relative(ROOT, target)}` +
      (previous ? `, compared with the result of ${previous.startedAt.slice(0, 16).replace('T', ' ')} UTC` : ''),
  );
  for (const warning of regressions(file, previous)) console.warn(`Warning: ${warning}`);
  const problems = Object.values(benchmarks).flatMap((result) => result.problems);
  for (const problem of problems) console.error(`Broken: ${problem}`);
  if (problems.length > 0) broken = true;
}
console.info(`\nServer and simulator logs: ${logDir}`);
process.exit(broken ? 1 : 0);
