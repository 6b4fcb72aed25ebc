import { RUN_STATUSES, type RunCounts } from '@automate/contract';
import type { Db } from '../../../db/database.ts';
import { triggerNamesByIds } from '../../triggers/trigger-lookups.service.ts';
import {
  countRunsByBucket,
  findTopFailingTriggers,
  type MetricsBucket,
  type MetricsRange,
} from './run-metrics.repository.ts';

export type { MetricsBucket, MetricsRange };

const TOP_FAILING = 5;

const noRuns = (): RunCounts => ({ Scheduled: 0, Running: 0, Succeeded: 0, Failed: 0, Skipped: 0, Cancelled: 0 });

/** Failed among Succeeded and Failed; null when neither happened. */
function failureRate(counts: RunCounts): number | null {
  const finished = counts.Succeeded + counts.Failed;
  return finished === 0 ? null : counts.Failed / finished;
}

/**
 * Runs created in each bucket (every day or week of the range, so quiet ones show as zero) by status,
 * their totals, and the triggers that failed most in the range with their usual reason.
 */
export async function runMetrics(db: Db, range: Pick<MetricsRange, 'from' | 'to'>, buckets: readonly MetricsBucket[]) {
  const starts = buckets.map((bucket) => bucket.start);
  const [counted, failing] = await Promise.all([
    countRunsByBucket(db, buckets),
    findTopFailingTriggers(db, range, TOP_FAILING),
  ]);
  const byStart = new Map(starts.map((start) => [start, noRuns()]));
  const totals = noRuns();
  for (const row of counted) {
    const status = RUN_STATUSES.find((known) => known === row.status);
    const bucket = byStart.get(row.start);
    if (!status || !bucket) continue;
    bucket[status] += row.count;
    totals[status] += row.count;
  }
  const names = await triggerNamesByIds(
    db,
    failing.map((row) => row.triggerId),
  );
  return {
    totals,
    failureRate: failureRate(totals),
    buckets: starts.map((start) => {
      const counts = byStart.get(start) ?? noRuns();
      return { start, ...counts, failureRate: failureRate(counts) };
    }),
    topFailingTriggers: failing.map((row) => ({ ...row, triggerName: names.get(row.triggerId) ?? '' })),
  };
}
