import { CLIENT_FACING_ACTIONS } from '@automate/contract';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { triggerRuns } from '../automation.schema.ts';
import { countStepsSince } from './step-counts.repository.ts';

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
  const messages = await countStepsSince(db, {
    vendorId,
    since,
    actionTypes: CLIENT_FACING_ACTIONS,
    statuses: ['Succeeded'],
  });
  return { runs: runs?.total ?? 0, messages };
}
