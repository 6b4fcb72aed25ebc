import { and, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { automationEvents, runSteps, triggerRuns } from '../automation.schema.ts';

/**
 * The rows the results of automations are computed from: succeeded runs on jobs, the events that tell a
 * job's quote and invoice story, and the actions performed. Each reads a bounded period through an index.
 */

export type JobRun = { triggerId: string; jobUuid: string; at: Date };

/**
 * The succeeded runs on jobs created since `from` (of one trigger, or of all the vendor's), with when each
 * acted: `trigger_runs_vendor_trigger_created_idx` or `trigger_runs_vendor_created_id_idx`.
 */
export async function findSucceededJobRuns(
  db: Db,
  where: { vendorId: string; triggerId?: string; from: Date; to: Date },
): Promise<JobRun[]> {
  const rows = await db
    .select({
      triggerId: triggerRuns.triggerId,
      jobUuid: triggerRuns.jobUuid,
      startedAt: triggerRuns.startedAt,
      createdAt: triggerRuns.createdAt,
    })
    .from(triggerRuns)
    .where(
      and(
        eq(triggerRuns.vendorId, where.vendorId),
        where.triggerId ? eq(triggerRuns.triggerId, where.triggerId) : undefined,
        gte(triggerRuns.createdAt, where.from),
        lt(triggerRuns.createdAt, where.to),
        eq(triggerRuns.status, 'Succeeded'),
        isNotNull(triggerRuns.jobUuid),
      ),
    );
  return rows.map((row) => ({
    triggerId: row.triggerId,
    jobUuid: row.jobUuid ?? '',
    at: row.startedAt ?? row.createdAt,
  }));
}

export type JobEvent = { event: string; jobUuid: string; occurrenceKey: string; occurredAt: Date };

/** The vendor's job events of these kinds that occurred in [from, to): `automation_events_vendor_event_occurred_idx`. */
export async function findJobEvents(
  db: Db,
  where: { vendorId: string; events: readonly string[]; from: Date; to: Date },
): Promise<JobEvent[]> {
  const rows = await db
    .select({
      event: automationEvents.event,
      jobUuid: automationEvents.jobUuid,
      occurrenceKey: automationEvents.occurrenceKey,
      occurredAt: automationEvents.occurredAt,
    })
    .from(automationEvents)
    .where(
      and(
        eq(automationEvents.vendorId, where.vendorId),
        inArray(automationEvents.event, [...where.events] as (typeof automationEvents.event._.data)[]),
        gte(automationEvents.occurredAt, where.from),
        lt(automationEvents.occurredAt, where.to),
        isNotNull(automationEvents.jobUuid),
      ),
    );
  return rows.map((row) => ({ ...row, jobUuid: row.jobUuid ?? '' }));
}

/**
 * How many action steps of each type succeeded in [from, to) in the vendor's runs. The runs are those
 * finished since `from` or still under way (`trigger_runs_vendor_finished_created_idx`,
 * `trigger_runs_vendor_status_created_idx`), their steps by `run_steps_run_idx`.
 */
export async function countSucceededActions(
  db: Db,
  where: { vendorId: string; from: Date; to: Date },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ actionType: runSteps.actionType, count: sql<number>`count(*)::int` })
    .from(runSteps)
    .innerJoin(triggerRuns, eq(triggerRuns.id, runSteps.runId))
    .where(
      and(
        eq(triggerRuns.vendorId, where.vendorId),
        or(gte(triggerRuns.finishedAt, where.from), inArray(triggerRuns.status, ['Scheduled', 'Running'])),
        eq(runSteps.kind, 'Action'),
        eq(runSteps.status, 'Succeeded'),
        gte(runSteps.finishedAt, where.from),
        lt(runSteps.finishedAt, where.to),
      ),
    )
    .groupBy(runSteps.actionType);
  return new Map(rows.map((row) => [row.actionType ?? '', Number(row.count)]));
}
