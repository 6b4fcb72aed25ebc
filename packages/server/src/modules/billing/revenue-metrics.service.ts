import type { Db } from '../../db/database.ts';
import { countSubscriptionsEnded, recurringRevenueAt } from './billing.repository.ts';

export type RevenueMetrics = {
  /** Monthly recurring revenue (NZD cents, GST-inclusive) at the start and at the end of the range. */
  mrrCents: { start: number; end: number };
  /** Paying subscriptions that ended in the range, among those paying at its start (null when none were). */
  churn: { ended: number; payingAtStart: number; rate: number | null };
};

/**
 * Subscription revenue over `from`–`to` (`to` exclusive): what the paying subscriptions bring in a
 * month at either end, and how many of them ended between. A subscription pays while it is active or
 * past due, past its trial; a canceled or unpaid one paid until it ended.
 */
export async function revenueMetrics(db: Db, range: { from: Date; to: Date }): Promise<RevenueMetrics> {
  const [start, end, ended] = await Promise.all([
    recurringRevenueAt(db, range.from),
    recurringRevenueAt(db, range.to),
    countSubscriptionsEnded(db, range),
  ]);
  return {
    mrrCents: { start: start.monthlyCents, end: end.monthlyCents },
    churn: { ended, payingAtStart: start.paying, rate: start.paying === 0 ? null : ended / start.paying },
  };
}
