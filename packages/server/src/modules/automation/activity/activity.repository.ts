import { and, desc, eq, getTableColumns, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { eventOutcomes, recordChanges } from '../activity.schema.ts';
import { automationEvents, sm8Snapshots, triggerRuns } from '../automation.schema.ts';

/** A change as Activity lists it: without the whole record it left (read only by the preview). */
const { after: _after, ...listedColumns } = getTableColumns(recordChanges);
export type RecordChangeRow = Omit<typeof recordChanges.$inferSelect, 'after'>;

export type ChangeFilter = {
  vendorId: string;
  /** A job number: the changes of the job(s) ServiceM8 numbers so. */
  jobNumber?: string;
  /** Part of a client's name. */
  client?: string;
  event?: string;
  from?: Date;
  to?: Date;
  /** The last change of the page before (newest first): the page continues after it. */
  after?: { observedAt: Date; id: string };
  limit: number;
};

/**
 * The vendor's observed changes, newest first, by keyset on (observed_at, id): the index
 * `record_changes_vendor_observed_idx` (or, for a job number, `record_changes_vendor_job_observed_idx`)
 * answers a page however deep. Job numbers and client names are found in the vendor's snapshots.
 */
export function listRecordChanges(db: Db, filter: ChangeFilter): Promise<RecordChangeRow[]> {
  const { vendorId } = filter;
  const snapshotsWhere = (object: string, condition: ReturnType<typeof sql>) =>
    sql`select ${sm8Snapshots.uuid} from ${sm8Snapshots} where ${sm8Snapshots.vendorId} = ${vendorId} and ${sm8Snapshots.object} = ${object} and ${condition}`;
  return db
    .select(listedColumns)
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.vendorId, vendorId),
        filter.jobNumber
          ? sql`${recordChanges.jobUuid} in (${snapshotsWhere('job', sql`${sm8Snapshots.data}->>'generated_job_id' = ${filter.jobNumber}`)})`
          : undefined,
        filter.client
          ? sql`${recordChanges.clientUuid} in (${snapshotsWhere('company', sql`${sm8Snapshots.data}->>'name' ilike ${`%${escapeLike(filter.client)}%`}`)})`
          : undefined,
        filter.event ? sql`${recordChanges.events} @> ${JSON.stringify([{ event: filter.event }])}::jsonb` : undefined,
        filter.from ? gte(recordChanges.observedAt, filter.from) : undefined,
        filter.to ? lt(recordChanges.observedAt, filter.to) : undefined,
        filter.after
          ? or(
              lt(recordChanges.observedAt, filter.after.observedAt),
              and(eq(recordChanges.observedAt, filter.after.observedAt), lt(recordChanges.id, filter.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(recordChanges.observedAt), desc(recordChanges.id))
    .limit(filter.limit);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The vendor's snapshots of one object among `uuids`, by uuid (job numbers, client names). */
export async function findSnapshotData(
  db: Db,
  vendorId: string,
  object: string,
  uuids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ uuid: sm8Snapshots.uuid, data: sm8Snapshots.data })
    .from(sm8Snapshots)
    .where(
      and(eq(sm8Snapshots.vendorId, vendorId), eq(sm8Snapshots.object, object), inArray(sm8Snapshots.uuid, [...uuids])),
    );
  return new Map(rows.map((row) => [row.uuid, row.data]));
}

/** The vendor's events with these occurrence keys. */
export function findEventsByKeys(db: Db, vendorId: string, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: automationEvents.id,
      occurrenceKey: automationEvents.occurrenceKey,
      occurredAt: automationEvents.occurredAt,
      matchedAt: automationEvents.matchedAt,
      causedByRunId: automationEvents.causedByRunId,
      causedByTriggerId: automationEvents.causedByTriggerId,
    })
    .from(automationEvents)
    .where(and(eq(automationEvents.vendorId, vendorId), inArray(automationEvents.occurrenceKey, [...keys])));
}

/** The runs these events started. */
export function findRunsOfEvents(db: Db, eventIds: readonly string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: triggerRuns.id,
      eventId: triggerRuns.eventId,
      triggerId: triggerRuns.triggerId,
      status: triggerRuns.status,
      reason: triggerRuns.reason,
    })
    .from(triggerRuns)
    .where(inArray(triggerRuns.eventId, [...eventIds]));
}

/** Why listening triggers got no run, for these events, in the order decided. */
export function findOutcomesOfEvents(db: Db, eventIds: readonly string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      eventId: eventOutcomes.eventId,
      triggerId: eventOutcomes.triggerId,
      reason: eventOutcomes.reason,
      detail: eventOutcomes.detail,
    })
    .from(eventOutcomes)
    .where(inArray(eventOutcomes.eventId, [...eventIds]))
    .orderBy(eventOutcomes.decidedAt);
}

/** Forgets the changes and reasons older than `before` (Activity keeps 30 days); answers how many went. */
export async function deleteActivityBefore(db: Db, before: Date): Promise<number> {
  const changes = await db
    .delete(recordChanges)
    .where(lt(recordChanges.observedAt, before))
    .returning({ id: recordChanges.id });
  const outcomes = await db
    .delete(eventOutcomes)
    .where(lt(eventOutcomes.decidedAt, before))
    .returning({ id: eventOutcomes.id });
  return changes.length + outcomes.length;
}
