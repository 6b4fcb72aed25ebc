import { and, asc, count, eq, gt, gte, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { triggerRuns } from '../automation.schema.ts';

type Range = { vendorId: string; from: Date; to: Date };

/** The vendor's runs created in the range, counted by status. */
export function countRunsByStatus(db: Db, range: Range) {
  return db
    .select({ status: triggerRuns.status, runs: count() })
    .from(triggerRuns)
    .where(
      and(
        eq(triggerRuns.vendorId, range.vendorId),
        gte(triggerRuns.createdAt, range.from),
        lt(triggerRuns.createdAt, range.to),
      ),
    )
    .groupBy(triggerRuns.status);
}

/** The vendor's runs that failed in the range, counted by cause, with the latest reason of each. */
export function countFailuresByCause(db: Db, range: Range) {
  return db
    .select({ cause: triggerRuns.failureCause, runs: count(), example: max(triggerRuns.reason) })
    .from(triggerRuns)
    .where(
      and(
        eq(triggerRuns.vendorId, range.vendorId),
        eq(triggerRuns.status, 'Failed'),
        gte(triggerRuns.finishedAt, range.from),
        lt(triggerRuns.finishedAt, range.to),
      ),
    )
    .groupBy(triggerRuns.failureCause);
}

/** The warnings of the vendor's Scheduled runs, soonest due first. */
export async function listWarningsAhead(db: Db, vendorId: string, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ warnings: triggerRuns.warnings })
    .from(triggerRuns)
    .where(
      and(
        eq(triggerRuns.vendorId, vendorId),
        eq(triggerRuns.status, 'Scheduled'),
        gt(triggerRuns.dueAt, now),
        sql`jsonb_array_length(${triggerRuns.warnings}) > 0`,
      ),
    )
    .orderBy(asc(triggerRuns.dueAt))
    .limit(limit);
  return rows.flatMap((row) => row.warnings).slice(0, limit);
}
