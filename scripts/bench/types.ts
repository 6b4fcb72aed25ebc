import type { DbKind } from './database.ts';

/** A goal a metric is held against, per database (a missing one: no goal on that database). */
type Goal = { op: '>=' | '<='; value: number; on?: DbKind };

export type Metric = {
  /** Stable key, compared with earlier result files. */
  key: string;
  label: string;
  value: number | null;
  unit: string;
  /** Which way is better, for the comparison with the previous result. */
  better: 'higher' | 'lower';
  goal?: Goal;
  /** What the table shows instead of the bare value, e.g. "1,234 of 5,000 done after 120 s". */
  display?: string;
};

export type BenchResult = {
  name: string;
  title: string;
  /** When this benchmark started (a day's file may hold benchmarks of several runs). */
  startedAt: string;
  seconds: number;
  metrics: Metric[];
  /** Something is broken (lost deliveries, failed runs, doubled actions): the run exits 1. */
  problems: string[];
  /** Facts worth reading beside the numbers (a cap reached, load on the machine…). */
  notes: string[];
  details: Record<string, unknown>;
};

export type BenchContext = {
  kind: DbKind;
  adminUrl: string | undefined;
  quick: boolean;
  logDir: string;
};

export type Benchmark = {
  name: string;
  title: string;
  run(context: BenchContext): Promise<Omit<BenchResult, 'name' | 'title' | 'startedAt' | 'seconds'>>;
};
