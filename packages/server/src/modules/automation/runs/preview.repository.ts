import { and, asc, eq, gte, isNotNull, min, sql } from 'drizzle-orm';
import { anyOf } from '../../../db/any-of.ts';
import type { Db } from '../../../db/database.ts';
import type { ChangeEvent } from '../activity.schema.ts';
import { recordChanges } from '../activity.schema.ts';
import { automationEvents, sm8Snapshots } from '../automation.schema.ts';

/** The first change kept for the vendor since `since` (null when there is none). */
export async function firstChangeSince(db: Db, vendorId: string, since: Date): Promise<Date | null> {
  const [row] = await db
    .select({ first: min(recordChanges.observedAt) })
    .from(recordChanges)
    .where(and(eq(recordChanges.vendorId, vendorId), gte(recordChanges.observedAt, since)));
  return row?.first ?? null;
}

export type ReplayedChange = {
  id: string;
  object: string;
  recordUuid: string;
  jobUuid: string | null;
  clientUuid: string | null;
  events: ChangeEvent[];
  after: Record<string, unknown> | null;
  observedAt: Date;
};

/**
 * The vendor's changes since `since` that made `event`, oldest first, with the record each left: the
 * range `record_changes_vendor_observed_idx` answers, filtered by the events they made.
 */
export function listChangesWithEvent(db: Db, vendorId: string, event: string, since: Date): Promise<ReplayedChange[]> {
  return db
    .select({
      id: recordChanges.id,
      object: recordChanges.object,
      recordUuid: recordChanges.recordUuid,
      jobUuid: recordChanges.jobUuid,
      clientUuid: recordChanges.clientUuid,
      events: recordChanges.events,
      after: recordChanges.after,
      observedAt: recordChanges.observedAt,
    })
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.vendorId, vendorId),
        gte(recordChanges.observedAt, since),
        sql`${recordChanges.events} @> ${JSON.stringify([{ event }])}::jsonb`,
      ),
    )
    .orderBy(asc(recordChanges.observedAt), asc(recordChanges.id));
}

/** Every state these records of `object` were left in since `since`, oldest first. */
export function listRecordStates(
  db: Db,
  vendorId: string,
  object: string,
  uuids: readonly string[],
  since: Date,
): Promise<Array<{ recordUuid: string; after: Record<string, unknown> | null; observedAt: Date }>> {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .select({ recordUuid: recordChanges.recordUuid, after: recordChanges.after, observedAt: recordChanges.observedAt })
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.vendorId, vendorId),
        eq(recordChanges.object, object),
        anyOf(recordChanges.recordUuid, uuids),
        gte(recordChanges.observedAt, since),
        isNotNull(recordChanges.after),
      ),
    )
    .orderBy(asc(recordChanges.observedAt), asc(recordChanges.id));
}

/** The vendor's payments of these jobs, as last seen. */
export async function findPaymentsOfJobs(
  db: Db,
  vendorId: string,
  jobUuids: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (jobUuids.length === 0) return [];
  const rows = await db
    .select({ data: sm8Snapshots.data })
    .from(sm8Snapshots)
    .where(
      and(
        eq(sm8Snapshots.vendorId, vendorId),
        eq(sm8Snapshots.object, 'jobpayment'),
        anyOf(sql`${sm8Snapshots.data}->>'job_uuid'`, jobUuids),
      ),
    );
  return rows.map((row) => row.data);
}

/** The vendor's events with these occurrence keys: when each first happened, and what caused it. */
export function findReplayedEvents(db: Db, vendorId: string, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select({
      occurrenceKey: automationEvents.occurrenceKey,
      occurredAt: automationEvents.occurredAt,
      jobUuid: automationEvents.jobUuid,
      causedByTriggerId: automationEvents.causedByTriggerId,
      cascadeDepth: automationEvents.cascadeDepth,
    })
    .from(automationEvents)
    .where(and(eq(automationEvents.vendorId, vendorId), anyOf(automationEvents.occurrenceKey, keys)));
}
