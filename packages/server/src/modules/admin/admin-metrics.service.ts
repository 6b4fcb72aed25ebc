import type { AdminMetrics, AdminMetricsQuery } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { runMetrics } from '../automation/results/run-metrics.service.ts';
import { revenueMetrics } from '../billing/revenue-metrics.service.ts';
import { outboxBacklog } from '../mail/mail.service.ts';
import { allowanceUseOfConnectedVendors } from '../servicem8/connection-admin.service.ts';
import { findVendors, vendorCounts } from '../vendors/vendors.service.ts';
import { deliveriesPerBucket } from '../webhooks/delivery-metrics.service.ts';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of every day or week (weeks start on Monday, as PostgreSQL's date_trunc has them) from `from` to `to`. */
export function bucketStarts(from: string, to: string, unit: 'day' | 'week'): string[] {
  let at = Date.parse(`${from}T00:00:00Z`);
  if (unit === 'week') at -= ((new Date(at).getUTCDay() + 6) % 7) * DAY_MS;
  const end = Date.parse(`${to}T00:00:00Z`);
  const starts: string[] = [];
  for (; at <= end; at += unit === 'week' ? 7 * DAY_MS : DAY_MS) starts.push(dayOf(new Date(at)));
  return starts;
}

/**
 * How the platform is doing from `from` to `to` (whole UTC days): vendors, MRR and churn, runs per day or week by
 * status with the failure rate, the triggers failing most, each connected vendor's ServiceM8 allowance
 * now, webhook deliveries, the job queue and the mail backlog. Each figure is one indexed query.
 */
export async function platformMetrics(deps: Deps, query: AdminMetricsQuery): Promise<AdminMetrics> {
  const db = deps.database.db;
  const range = {
    from: new Date(`${query.from}T00:00:00Z`),
    to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
  };
  const starts = bucketStarts(query.from, query.to, query.granularity);
  const length = query.granularity === 'week' ? 7 * DAY_MS : DAY_MS;
  // Each bucket covers its day or week within the range (the first week may begin before `from`).
  const buckets = starts.map((start) => {
    const begins = Date.parse(`${start}T00:00:00Z`);
    return {
      start,
      from: new Date(Math.max(begins, range.from.getTime())),
      to: new Date(Math.min(begins + length, range.to.getTime())),
    };
  });
  const [vendors, revenue, runs, allowance, deliveries, queue, mail] = await Promise.all([
    vendorCounts(db, range),
    revenueMetrics(db, range),
    runMetrics(db, range, buckets),
    allowanceUseOfConnectedVendors(deps),
    deliveriesPerBucket(db, buckets),
    deps.queue.backlog(),
    outboxBacklog(db),
  ]);
  const named = await findVendors(db, [
    ...new Set([...runs.topFailingTriggers.map((row) => row.vendorId), ...allowance.map((row) => row.vendorId)]),
  ]);
  const vendorName = new Map(named.map((vendor) => [vendor.id, vendor.name]));
  return {
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    vendors,
    mrrCents: revenue.mrrCents,
    churn: revenue.churn,
    runs: { totals: runs.totals, failureRate: runs.failureRate, buckets: runs.buckets },
    topFailingTriggers: runs.topFailingTriggers.map((row) => ({
      ...row,
      vendorName: vendorName.get(row.vendorId) ?? '',
    })),
    servicem8: allowance.map((row) => ({ ...row, vendorName: vendorName.get(row.vendorId) ?? '' })),
    webhookDeliveries: deliveries,
    queue: queue.map((row) => ({ ...row, oldestReadyAt: row.oldestReadyAt?.toISOString() ?? null })),
    mail: { ...mail, oldestQueuedAt: mail.oldestQueuedAt?.toISOString() ?? null },
  };
}
