import { RUN_STATUSES, type RunStatus, type TriggerRun } from '@automate/contract';

export const CHART_DAYS = 7;

export type DayBucket = { key: string; date: Date; counts: Record<RunStatus, number>; total: number };

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Local midnight of the first of the last `CHART_DAYS` days (today included). */
export function chartStart(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - (CHART_DAYS - 1));
}

const noCounts = (): Record<RunStatus, number> =>
  Object.fromEntries(RUN_STATUSES.map((status) => [status, 0])) as Record<RunStatus, number>;

/** The runs counted by the local day they were created on and their status, oldest day first, today last. */
export function bucketRunsByDay(runs: readonly Pick<TriggerRun, 'createdAt' | 'status'>[], now: Date): DayBucket[] {
  const start = chartStart(now);
  const buckets: DayBucket[] = Array.from({ length: CHART_DAYS }, (_, index) => {
    const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index);
    return { key: dayKey(date), date, counts: noCounts(), total: 0 };
  });
  const byKey = new Map(buckets.map((bucket) => [bucket.key, bucket]));
  for (const run of runs) {
    const created = new Date(run.createdAt);
    if (Number.isNaN(created.getTime())) continue;
    const bucket = byKey.get(dayKey(created));
    if (!bucket) continue;
    bucket.counts[run.status] += 1;
    bucket.total += 1;
  }
  return buckets;
}

/** Every status's count over all the days. */
export function totalsByStatus(buckets: readonly DayBucket[]): Record<RunStatus, number> {
  const totals = noCounts();
  for (const bucket of buckets) for (const status of RUN_STATUSES) totals[status] += bucket.counts[status];
  return totals;
}
