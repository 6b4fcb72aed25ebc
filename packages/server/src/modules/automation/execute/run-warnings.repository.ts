import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { RunRow } from '../automation.repository.ts';
import { triggerRuns } from '../automation.schema.ts';

/**
 * Scheduled runs due within (`now`, `until`] whose warnings were not worked out within the hour before
 * they are due, soonest first.
 */
export function listRunsToCheckAhead(
  db: Db,
  window: { now: Date; until: Date; aheadMs: number },
  limit: number,
): Promise<RunRow[]> {
  return db
    .select()
    .from(triggerRuns)
    .where(
      and(
        eq(triggerRuns.status, 'Scheduled'),
        gt(triggerRuns.dueAt, window.now),
        lte(triggerRuns.dueAt, window.until),
        or(
          isNull(triggerRuns.warningsCheckedAt),
          sql`${triggerRuns.warningsCheckedAt} < ${triggerRuns.dueAt} - make_interval(secs => ${window.aheadMs / 1000})`,
        ),
      ),
    )
    .orderBy(asc(triggerRuns.dueAt))
    .limit(limit);
}

export async function saveRunWarnings(db: Db, runId: string, warnings: string[], at: Date): Promise<void> {
  await db.update(triggerRuns).set({ warnings, warningsCheckedAt: at }).where(eq(triggerRuns.id, runId));
}
