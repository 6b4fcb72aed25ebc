/** The Markdown table, the result files in bench/results/, and the comparison with the previous one. */
import fs from 'node:fs';
import path from 'node:path';
import type { DbKind } from './database.ts';
import type { BenchResult, Metric } from './types.ts';

export type ResultFile = {
  date: string;
  db: DbKind;
  quick: boolean;
  startedAt: string;
  commit: string | null;
  machine: Record<string, unknown>;
  benchmarks: Record<string, BenchResult>;
};

/** A change for the worse beyond this share of the previous value is reported. */
const REGRESSION = 0.2;

const number = (value: number) =>
  Number.isInteger(value) ? value.toLocaleString('en') : value.toLocaleString('en', { maximumFractionDigits: 2 });

function shown(metric: Metric): string {
  if (metric.display) return metric.display;
  if (metric.value === null || !Number.isFinite(metric.value)) return '–';
  return `${number(metric.value)}${metric.unit ? ` ${metric.unit}` : ''}`;
}

function goalText(metric: Metric): string {
  if (!metric.goal) return '';
  return `${metric.goal.op === '>=' ? '≥' : '≤'} ${number(metric.goal.value)}${metric.unit ? ` ${metric.unit}` : ''}`;
}

function goalMet(metric: Metric): string {
  if (!metric.goal || metric.value === null || !Number.isFinite(metric.value)) return '';
  const met = metric.goal.op === '>=' ? metric.value >= metric.goal.value : metric.value <= metric.goal.value;
  return met ? 'met' : 'not met';
}

/** Relative change against the previous value, signed so that positive is better. */
function change(metric: Metric, previous: Metric | undefined): number | undefined {
  if (!previous || metric.value === null || previous.value === null) return undefined;
  if (!Number.isFinite(metric.value) || !Number.isFinite(previous.value) || previous.value === 0) return undefined;
  const relative = (metric.value - previous.value) / Math.abs(previous.value);
  return metric.better === 'higher' ? relative : -relative;
}

export function markdownTable(file: ResultFile, previous: ResultFile | undefined): string {
  const lines = ['| benchmark | measure | result | goal | | vs previous |', '| --- | --- | --- | --- | --- | --- |'];
  for (const [name, result] of Object.entries(file.benchmarks)) {
    for (const metric of result.metrics) {
      const before = previous?.benchmarks[name]?.metrics.find((m) => m.key === metric.key);
      const delta = change(metric, before);
      const versus =
        delta === undefined
          ? ''
          : Math.abs(delta) < 0.005
            ? 'same'
            : `${delta >= 0 ? 'better' : 'worse'} by ${Math.round(Math.abs(delta) * 100)} %${delta < -REGRESSION ? ' ⚠' : ''}`;
      // The drain benchmark measures the server's memory at its end: the memory benchmark.
      const shownName = metric.key.startsWith('memory.') ? 'memory' : name;
      lines.push(
        `| ${shownName} | ${metric.label} | ${shown(metric)} | ${goalText(metric)} | ${goalMet(metric)} | ${versus} |`,
      );
    }
    if (result.metrics.length === 0) lines.push(`| ${name} | – | did not finish | | | |`);
  }
  return lines.join('\n');
}

/** Metrics more than 20 % worse than in the previous result. */
export function regressions(file: ResultFile, previous: ResultFile | undefined): string[] {
  if (!previous) return [];
  const found: string[] = [];
  for (const [name, result] of Object.entries(file.benchmarks)) {
    for (const metric of result.metrics) {
      const before = previous.benchmarks[name]?.metrics.find((m) => m.key === metric.key);
      const delta = change(metric, before);
      if (delta !== undefined && before && delta < -REGRESSION) {
        found.push(
          `${name} · ${metric.label}: ${shown(metric)}, was ${shown(before)} (${Math.round(-delta * 100)} % worse)`,
        );
      }
    }
  }
  return found;
}

/** bench/results/<date>-<db>.json; quick runs go to bench/results/quick/ (not kept in git). */
export function resultPath(root: string, date: string, db: DbKind, quick: boolean): string {
  return path.join(root, 'bench/results', quick ? 'quick' : '', `${date}-${db}.json`);
}

/** The newest result file for this database (today's before it is rewritten, if there is one). */
export function previousResult(root: string, db: DbKind, quick: boolean): ResultFile | undefined {
  const folder = path.join(root, 'bench/results', quick ? 'quick' : '');
  if (!fs.existsSync(folder)) return undefined;
  const newest = fs
    .readdirSync(folder)
    .filter((name) => /^\d{4}-\d{2}-\d{2}-/.test(name) && name.endsWith(`-${db}.json`))
    .sort()
    .at(-1);
  if (!newest) return undefined;
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, newest), 'utf8')) as ResultFile;
  } catch {
    return undefined;
  }
}

/**
 * Writes the file; benchmarks not run this time are kept from today's earlier file, so running a
 * subset adds to the day's results rather than replacing them.
 */
export function writeResult(file: string, result: ResultFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let benchmarks = result.benchmarks;
  if (fs.existsSync(file)) {
    try {
      const earlier = JSON.parse(fs.readFileSync(file, 'utf8')) as ResultFile;
      benchmarks = { ...earlier.benchmarks, ...result.benchmarks };
    } catch {
      // an unreadable file is replaced
    }
  }
  fs.writeFileSync(file, `${JSON.stringify({ ...result, benchmarks }, null, 2)}\n`);
}
