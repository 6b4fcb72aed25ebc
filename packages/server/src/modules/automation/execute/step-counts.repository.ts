import type { StepStatus } from '@automate/contract';
import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { runSteps, triggerRuns } from '../automation.schema.ts';

/**
 * Steps of the vendor's runs begun since `since` with one of `actionTypes` in one of `statuses`: what
 * the plan's message allowance, the contact limits and the web-address limit count. `clientUuid` keeps
 * one client's runs; `inputKey` only the steps whose planned input has that key (a planned delivery).
 */
export async function countStepsSince(
  db: Db,
  where: {
    vendorId: string;
    since: Date;
    actionTypes: readonly string[];
    statuses: readonly StepStatus[];
    clientUuid?: string;
    inputKey?: string;
  },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(runSteps)
    .innerJoin(triggerRuns, eq(triggerRuns.id, runSteps.runId))
    .where(
      and(
        eq(triggerRuns.vendorId, where.vendorId),
        where.clientUuid === undefined ? undefined : eq(triggerRuns.clientUuid, where.clientUuid),
        gte(runSteps.startedAt, where.since),
        inArray(runSteps.status, [...where.statuses]),
        inArray(runSteps.actionType, [...where.actionTypes]),
        where.inputKey === undefined ? undefined : isNotNull(sql`${runSteps.input} ->> ${where.inputKey}`),
      ),
    );
  return row?.total ?? 0;
}
