import { CLIENT_FACING_ACTIONS } from '@automate/contract';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { runSteps, triggerRuns } from '../automation.schema.ts';

/** Runs that did their work (or tried to): Skipped and Cancelled ones cost nothing. */
const COUNTED_RUN_STATUSES = ['Running', 'Succeeded', 'Failed'] as const;

/** Runs of the vendor started since `since`, and the emails and texts (client-facing actions) they sent. */
export async function countRunUsageSince(
  db: Db,
  vendorId: string,
  since: Date,
): Promise<{ runs: number; messages: number }> {
  const [runs] = await db
    .select({ total: count() })
    .from(triggerRuns)
    .where(
      and(
        eq(triggerRuns.vendorId, vendorId),
        gte(triggerRuns.startedAt, since),
        inArray(triggerRuns.status, [...COUNTED_RUN_STATUSES]),
      ),
    );
  const [messages] = await db
    .select({ total: count() })
    .from(runSteps)
    .innerJoin(triggerRuns, eq(triggerRuns.id, runSteps.runId))
    .where(
      and(
        eq(triggerRuns.vendorId, vendorId),
        gte(runSteps.startedAt, since),
        eq(runSteps.status, 'Succeeded'),
        inArray(runSteps.actionType, [...CLIENT_FACING_ACTIONS]),
      ),
    );
  return { runs: runs?.total ?? 0, messages: messages?.total ?? 0 };
}
