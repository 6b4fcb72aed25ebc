import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { triggerRuns } from './automation.schema.ts';

export type MetricsRange = { from: Date; to: Date; unit: 'day' | 'week' };

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Runs created in [from, to) per day or week (UTC; `start` is its first day) and status: one index-only scan. */
export async function countRunsByBucket(
  db: Db,
  range: MetricsRange,
): Promise<Array<{ start: string; status: string; count: number }>> {
  return rowsOf(
    await db.execute(sql`
      select to_char(date_trunc(${range.unit}, ${triggerRuns.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as start,
             ${triggerRuns.status}::text as status, count(*)::int as count
        from ${triggerRuns}
       where ${triggerRuns.createdAt} >= ${range.from.toISOString()}::timestamptz
         and ${triggerRuns.createdAt} < ${range.to.toISOString()}::timestamptz
       group by 1, 2`),
  );
}

/** The triggers with the most Failed runs created in [from, to), with the reason most of them gave. */
export async function findTopFailingTriggers(
  db: Db,
  range: Pick<MetricsRange, 'from' | 'to'>,
  limit: number,
): Promise<Array<{ triggerId: string; vendorId: string; failures: number; commonReason: string | null }>> {
  return rowsOf(
    await db.execute(sql`
      select ${triggerRuns.triggerId}::text as "triggerId", ${triggerRuns.vendorId}::text as "vendorId",
             count(*)::int as failures, mode() within group (order by ${triggerRuns.reason}) as "commonReason"
        from ${triggerRuns}
       where ${triggerRuns.status} = 'Failed'
         and ${triggerRuns.createdAt} >= ${range.from.toISOString()}::timestamptz
         and ${triggerRuns.createdAt} < ${range.to.toISOString()}::timestamptz
       group by 1, 2
       order by failures desc, 1
       limit ${limit}`),
  );
}
