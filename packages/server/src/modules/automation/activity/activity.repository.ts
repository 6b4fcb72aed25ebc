import type { RunStatus } from '@automate/contract';
import { and, desc, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../../db/any-of.ts';
import type { Db } from '../../../db/database.ts';
import { eventOutcomes, recordChanges } from '../activity.schema.ts';
import { automationEvents, sm8Snapshots, triggerRuns } from '../automation.schema.ts';

/** A change as Activity lists it: without the whole record it left (read only by the preview). */
const { after: _after, ...listedColumns } = getTableColumns(recordChanges);
export type RecordChangeRow = Omit<typeof recordChanges.$inferSelect, 'after'> & {
  /** The job's `generated_job_id` and `company_uuid` as its snapshot holds them now (null without one). */
  jobNumber: unknown;
  jobClientUuid: unknown;
  /** The rows of the events the change made (an event not stored is missing). */
  madeEvents: EventOfChange[];
};

export type RunOfEvent = { id: string; triggerId: string; status: RunStatus; reason: string | null };
export type OutcomeOfEvent = { triggerId: string; reason: string; detail: string };
/** An event, the runs it started and why listening triggers got none (in the order decided). */
type EventOfChange = {
  id: string;
  occurrenceKey: string;
  occurredAt: Date;
  matchedAt: Date | null;
  causedByRunId: string | null;
  causedByTriggerId: string | null;
  runs: RunOfEvent[];
  outcomes: OutcomeOfEvent[];
};
type EventAsSent = Omit<EventOfChange, 'occurredAt' | 'matchedAt'> & { occurredAt: string; matchedAt: string | null };

export type ChangeFilter = {
  vendorId: string;
  /** The changes of these jobs only (those a job number names). */
  jobUuids?: readonly string[];
  /** The changes of these clients only (those part of a name matched). */
  clientUuids?: readonly string[];
  event?: string;
  from?: Date;
  to?: Date;
  /** The last change of the page before (newest first): the page continues after it. */
  after?: { observedAt: Date; id: string };
  limit: number;
};

/**
 * The vendor's observed changes, newest first, each with its job's number and client (the page's
 * jobs are no statement of their own), by keyset on (observed_at, id): a range of
 * `record_changes_vendor_observed_idx` (of `…_job_observed_idx` for jobs, `…_client_observed_idx` for
 * clients) answers a page however deep. The keyset is a row comparison, which bounds the index range;
 * the same condition spelt `observed_at < t or (observed_at = t and id < i)` is only a filter on it.
 */
export async function listRecordChanges(db: Db, filter: ChangeFilter): Promise<RecordChangeRow[]> {
  const { after } = filter;
  const rows = await db
    .select({
      ...listedColumns,
      jobNumber: ofJob('generated_job_id'),
      jobClientUuid: ofJob('company_uuid'),
      madeEvents: eventsMade(),
    })
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.vendorId, filter.vendorId),
        filter.jobUuids ? anyOf(recordChanges.jobUuid, filter.jobUuids) : undefined,
        filter.clientUuids ? anyOf(recordChanges.clientUuid, filter.clientUuids) : undefined,
        filter.event ? sql`${recordChanges.events} @> ${JSON.stringify([{ event: filter.event }])}::jsonb` : undefined,
        filter.from ? gte(recordChanges.observedAt, filter.from) : undefined,
        filter.to ? lt(recordChanges.observedAt, filter.to) : undefined,
        after
          ? sql`(${recordChanges.observedAt}, ${recordChanges.id}) < (${after.observedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(recordChanges.observedAt), desc(recordChanges.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    ...row,
    madeEvents: row.madeEvents.map((event) => ({
      ...event,
      occurredAt: new Date(event.occurredAt),
      matchedAt: event.matchedAt === null ? null : new Date(event.matchedAt),
    })),
  }));
}

/**
 * A field of the change's job as its snapshot holds it, looked up for the rows of the page alone: a join
 * would let the planner hash all the vendor's job snapshots for a page of one job's changes.
 */
function ofJob(field: 'generated_job_id' | 'company_uuid') {
  return sql<unknown>`(select s.data->${sql.raw(`'${field}'`)} from ${sm8Snapshots} s
    where s.vendor_id = ${recordChanges}.vendor_id and s.object = 'job' and s.uuid = ${recordChanges}.job_uuid)`;
}

/** The vendor's jobs ServiceM8 numbers `jobNumber` (`sm8_snapshots_job_number_idx`). */
export function findJobUuidsByNumber(db: Db, vendorId: string, jobNumber: string): Promise<string[]> {
  return snapshotUuids(
    db,
    vendorId,
    // A literal, as the partial index's predicate is: the planner proves it from the text.
    sql`${sm8Snapshots.object} = 'job'`,
    sql`${sm8Snapshots.data}->>'generated_job_id' = ${jobNumber}`,
  );
}

/** The vendor's clients whose name contains `text`, in any case. */
export function findClientUuidsByName(db: Db, vendorId: string, text: string): Promise<string[]> {
  return snapshotUuids(
    db,
    vendorId,
    eq(sm8Snapshots.object, 'company'),
    sql`${sm8Snapshots.data}->>'name' ilike ${`%${escapeLike(text)}%`}`,
  );
}

/** The uuids of the vendor's snapshots that meet `conditions`. */
async function snapshotUuids(db: Db, vendorId: string, ...conditions: SQL[]): Promise<string[]> {
  const rows = await db
    .select({ uuid: sm8Snapshots.uuid })
    .from(sm8Snapshots)
    .where(and(eq(sm8Snapshots.vendorId, vendorId), ...conditions));
  return rows.map((row) => row.uuid);
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
    .where(and(eq(sm8Snapshots.vendorId, vendorId), eq(sm8Snapshots.object, object), anyOf(sm8Snapshots.uuid, uuids)));
  return new Map(rows.map((row) => [row.uuid, row.data]));
}

/**
 * The events the change made (by `automation_events_occurrence_unique`), each with its runs (by
 * `trigger_runs_event_idx`) and reasons (by `event_outcomes_event_idx`), for the rows of the page
 * alone: part of the page's statement, as every statement is a round trip the server pays for.
 */
function eventsMade() {
  return sql<EventAsSent[]>`coalesce((
    select json_agg(json_build_object(
             'id', e.id, 'occurrenceKey', e.occurrence_key, 'occurredAt', e.occurred_at, 'matchedAt', e.matched_at,
             'causedByRunId', e.caused_by_run_id, 'causedByTriggerId', e.caused_by_trigger_id,
             'runs', coalesce((
               select json_agg(json_build_object('id', r.id, 'triggerId', r.trigger_id, 'status', r.status,
                                                 'reason', r.reason) order by r.created_at, r.id)
                 from ${triggerRuns} r where r.event_id = e.id), '[]'),
             'outcomes', coalesce((
               select json_agg(json_build_object('triggerId', o.trigger_id, 'reason', o.reason, 'detail', o.detail)
                               order by o.decided_at, o.id)
                 from ${eventOutcomes} o where o.event_id = e.id), '[]')))
      from ${automationEvents} e
     where e.vendor_id = ${recordChanges}.vendor_id
       and e.occurrence_key in (select made->>'occurrenceKey' from jsonb_array_elements(${recordChanges}.events) made)
  ), '[]')`;
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
