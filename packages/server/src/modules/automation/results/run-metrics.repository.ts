import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { triggerRuns } from '../automation.schema.ts';

export type MetricsRange = { from: Date; to: Date };

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** A day or week of the metrics: its first day (the label) and the instants it covers, [from, to). */
export type MetricsBucket = { start: string; from: Date; to: Date };

/**
 * Runs created in each bucket, by status. Each bucket is its own range of the (created_at, status)
 * index, counted from the index alone, rather than every run being assigned a bucket by expression.
 */
export async function countRunsByBucket(
  db: Db,
  buckets: readonly MetricsBucket[],
): Promise<Array<{ start: string; status: string; count: number }>> {
  if (buckets.length === 0) return [];
  const values = sql.join(
    buckets.map(
      (bucket) =>
        sql`(${bucket.start}, ${bucket.from.toISOString()}::timestamptz, ${bucket.to.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return rowsOf(
    await db.execute(sql`
      select b.start, counted.status, counted.count
        from (values ${values}) as b(start, starts_at, ends_at)
        cross join lateral (
          select ${triggerRuns.status}::text as status, count(*)::int as count
            from ${triggerRuns}
           where ${triggerRuns.createdAt} >= b.starts_at and ${triggerRuns.createdAt} < b.ends_at
           group by 1
        ) counted`),
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
