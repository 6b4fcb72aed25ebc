import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { eventOutcomes, recordChanges } from './activity.schema.ts';
import {
  automationEvents,
  runSteps,
  sm8ReconcileCursors,
  sm8RecordProbes,
  sm8Snapshots,
  sm8Writes,
  triggerRuns,
} from './automation.schema.ts';

export type SnapshotRow = typeof sm8Snapshots.$inferSelect;
export type EventRow = typeof automationEvents.$inferSelect;
export type RunRow = typeof triggerRuns.$inferSelect;
export type StepRow = typeof runSteps.$inferSelect;
export type WriteRow = typeof sm8Writes.$inferSelect;

// Snapshots ------------------------------------------------------------------------------------

type RecordsOfObject = { vendorId: string; object: string; uuids: readonly string[] };

/** The snapshots of these records of one object. */
function snapshotsOf(where: RecordsOfObject) {
  return and(
    eq(sm8Snapshots.vendorId, where.vendorId),
    eq(sm8Snapshots.object, where.object),
    inArray(sm8Snapshots.uuid, [...where.uuids]),
  );
}

/** The snapshot data and revision of each of these records (records without one are left out), in one statement. */
export async function findSnapshotStates(
  db: Db,
  where: RecordsOfObject,
): Promise<Map<string, { data: Record<string, unknown>; revision: number }>> {
  if (where.uuids.length === 0) return new Map();
  const rows = await db
    .select({ uuid: sm8Snapshots.uuid, data: sm8Snapshots.data, revision: sm8Snapshots.revision })
    .from(sm8Snapshots)
    .where(snapshotsOf(where));
  return new Map(rows.map((row) => [row.uuid, { data: row.data, revision: row.revision }]));
}

/** The snapshots among `keys` (object and uuid) of the vendor read from ServiceM8 at `seenSince` or later. */
export async function findSnapshotsSeenSince(
  db: Db,
  vendorId: string,
  keys: ReadonlyArray<{ object: string; uuid: string }>,
  seenSince: Date,
): Promise<Array<Pick<SnapshotRow, 'object' | 'uuid' | 'data' | 'seenAt'>>> {
  if (keys.length === 0) return [];
  return db
    .select({
      object: sm8Snapshots.object,
      uuid: sm8Snapshots.uuid,
      data: sm8Snapshots.data,
      seenAt: sm8Snapshots.seenAt,
    })
    .from(sm8Snapshots)
    .where(
      and(
        eq(sm8Snapshots.vendorId, vendorId),
        or(...keys.map((key) => and(eq(sm8Snapshots.object, key.object), eq(sm8Snapshots.uuid, key.uuid)))),
        gte(sm8Snapshots.seenAt, seenSince),
      ),
    );
}

/**
 * The snapshots of these records of one object (records without one are left out), locked until the
 * transaction ends, so one change is compared once. Locked in uuid order: two transactions locking
 * overlapping sets wait for each other instead of each holding what the other needs.
 */
export async function lockSnapshots(tx: Db, where: RecordsOfObject): Promise<Map<string, SnapshotRow>> {
  if (where.uuids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(sm8Snapshots)
    .where(snapshotsOf(where))
    .orderBy(asc(sm8Snapshots.uuid))
    .for('update');
  return new Map(rows.map((row) => [row.uuid, row]));
}

/**
 * When the record's snapshot was read (none without a snapshot), and when ServiceM8 last answered that
 * it does not have the record, if that was after `missingSince`; in one statement.
 */
export async function findRecordStanding(
  db: Db,
  key: { vendorId: string; object: string; uuid: string },
  missingSince: Date,
): Promise<{ seenAt: Date | null; missingAt: Date | null }> {
  const result = await db.execute(sql`
    select (select ${sm8Snapshots.seenAt} from ${sm8Snapshots}
             where ${sm8Snapshots.vendorId} = ${key.vendorId} and ${sm8Snapshots.object} = ${key.object}
               and ${sm8Snapshots.uuid} = ${key.uuid}) as "seenAt",
           (select ${sm8RecordProbes.probedAt} from ${sm8RecordProbes}
             where ${sm8RecordProbes.vendorId} = ${key.vendorId} and ${sm8RecordProbes.object} = ${key.object}
               and ${sm8RecordProbes.uuid} = ${key.uuid} and ${sm8RecordProbes.missing}
               and ${sm8RecordProbes.probedAt} > ${missingSince.toISOString()}::timestamptz) as "missingAt"`);
  const [row] = (
    result as unknown as { rows: Array<{ seenAt: string | Date | null; missingAt: string | Date | null }> }
  ).rows;
  const asDate = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
  return { seenAt: asDate(row?.seenAt), missingAt: asDate(row?.missingAt) };
}

/**
 * Counts a read of a record the vendor has no snapshot of, unless `perMinute` such reads were counted
 * since `minuteAgo`; answers whether it was counted (and so may be made). Two processes counting at
 * the same moment may each pass the last one.
 */
export async function claimNewRecordRead(
  db: Db,
  key: { vendorId: string; object: string; uuid: string },
  at: { now: Date; minuteAgo: Date; perMinute: number },
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${sm8RecordProbes} (vendor_id, object, uuid, probed_at, missing)
    select ${key.vendorId}::uuid, ${key.object}::text, ${key.uuid}::text, ${at.now.toISOString()}::timestamptz, false
     where (select count(*) from ${sm8RecordProbes}
             where vendor_id = ${key.vendorId} and probed_at > ${at.minuteAgo.toISOString()}::timestamptz) < ${at.perMinute}
    on conflict (vendor_id, object, uuid) do update set probed_at = excluded.probed_at, missing = false
    returning 1 as claimed`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** ServiceM8 answered that it does not have the record (404): it is not read again for a while. */
export async function rememberMissingRecord(
  db: Db,
  key: { vendorId: string; object: string; uuid: string },
  now: Date,
): Promise<void> {
  await db
    .insert(sm8RecordProbes)
    .values({ ...key, probedAt: now, missing: true })
    .onConflictDoUpdate({
      target: [sm8RecordProbes.vendorId, sm8RecordProbes.object, sm8RecordProbes.uuid],
      set: { probedAt: now, missing: true },
    });
}

/** Every vendor's nightly clean-up: forgets reads and missing records from before `before`; answers how many. */
export async function deleteRecordProbesBefore(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from ${sm8RecordProbes} where probed_at < ${before.toISOString()}::timestamptz returning 1
    )
    select count(*)::int as removed from gone`);
  return (result as unknown as { rows: Array<{ removed: number }> }).rows[0]?.removed ?? 0;
}

/** Stores these snapshots (new, or replacing the record's) in one statement. */
export async function saveSnapshots(tx: Db, rows: readonly SnapshotRow[]): Promise<void> {
  await saveSnapshotsAndChanges(tx, rows, []);
}

export type NewRecordChange = typeof recordChanges.$inferInsert;

/**
 * Saves the snapshots and, in the same statement (a WITH part), the changes Activity shows: an
 * observation costs no statement more for being kept.
 */
export async function saveSnapshotsAndChanges(
  tx: Db,
  rows: readonly SnapshotRow[],
  changes: readonly NewRecordChange[],
): Promise<void> {
  if (rows.length === 0) {
    if (changes.length > 0) await tx.insert(recordChanges).values([...changes]);
    return;
  }
  const kept =
    changes.length > 0
      ? [
          tx.$with('kept_changes').as(
            tx
              .insert(recordChanges)
              .values([...changes])
              .returning({ id: recordChanges.id }),
          ),
        ]
      : [];
  await tx
    .with(...kept)
    .insert(sm8Snapshots)
    .values([...rows])
    .onConflictDoUpdate({
      target: [sm8Snapshots.vendorId, sm8Snapshots.object, sm8Snapshots.uuid],
      set: {
        data: sql`excluded.data`,
        editDate: sql`excluded.edit_date`,
        revision: sql`excluded.revision`,
        seenAt: sql`excluded.seen_at`,
      },
    });
}

// Reconciliation cursors --------------------------------------------------------------------------

export async function findCursor(db: Db, vendorId: string, object: string): Promise<string | null> {
  const [row] = await db
    .select({ lastEditDate: sm8ReconcileCursors.lastEditDate })
    .from(sm8ReconcileCursors)
    .where(and(eq(sm8ReconcileCursors.vendorId, vendorId), eq(sm8ReconcileCursors.object, object)));
  return row?.lastEditDate ?? null;
}

export async function saveCursor(db: Db, vendorId: string, object: string, lastEditDate: string, at: Date) {
  await db
    .insert(sm8ReconcileCursors)
    .values({ vendorId, object, lastEditDate, reconciledAt: at })
    .onConflictDoUpdate({
      target: [sm8ReconcileCursors.vendorId, sm8ReconcileCursors.object],
      set: { lastEditDate, reconciledAt: at },
    });
}

// Events ---------------------------------------------------------------------------------------

/** Stores the event unless the same occurrence is there already; answers the new row, or undefined. */
export async function insertEvent(tx: Db, values: typeof automationEvents.$inferInsert): Promise<EventRow | undefined> {
  const [row] = await insertEvents(tx, [values]);
  return row;
}

/** Stores the events whose occurrence is not there already, in one statement; answers the new rows. */
export async function insertEvents(
  tx: Db,
  values: ReadonlyArray<typeof automationEvents.$inferInsert>,
): Promise<EventRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(automationEvents)
    .values([...values])
    .onConflictDoNothing({ target: [automationEvents.vendorId, automationEvents.occurrenceKey] })
    .returning();
}

/** The occurrence key of the event that started a run (it names the record the event is about). */
export async function findEventKey(db: Db, eventId: string): Promise<string | null> {
  const [row] = await db
    .select({ occurrenceKey: automationEvents.occurrenceKey })
    .from(automationEvents)
    .where(eq(automationEvents.id, eventId));
  return row?.occurrenceKey ?? null;
}

/** The runs of the event with `occurrenceKey` that are Scheduled and not due yet. */
export function listWaitingRunsOfEvent(
  db: Db,
  vendorId: string,
  occurrenceKey: string,
  now: Date,
): Promise<Array<{ id: string; triggerId: string; triggerVersion: number }>> {
  return db
    .select({ id: triggerRuns.id, triggerId: triggerRuns.triggerId, triggerVersion: triggerRuns.triggerVersion })
    .from(triggerRuns)
    .innerJoin(automationEvents, eq(automationEvents.id, triggerRuns.eventId))
    .where(
      and(
        eq(automationEvents.vendorId, vendorId),
        eq(automationEvents.occurrenceKey, occurrenceKey),
        eq(triggerRuns.status, 'Scheduled'),
        gt(triggerRuns.dueAt, now),
      ),
    );
}

/** Makes the Scheduled runs among `ids` due now, marked dispatched (the caller queues them); answers them. */
export function bringRunsForward(
  db: Db,
  ids: readonly string[],
  now: Date,
): Promise<Array<{ id: string; vendorId: string; dueAt: Date }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .update(triggerRuns)
    .set({ dueAt: now, dispatchedAt: now, updatedAt: now })
    .where(and(inArray(triggerRuns.id, [...ids]), eq(triggerRuns.status, 'Scheduled')))
    .returning({ id: triggerRuns.id, vendorId: triggerRuns.vendorId, dueAt: triggerRuns.dueAt });
}

/** Marks these events matched, in one statement (none: no statement). */
export type NewEventOutcome = typeof eventOutcomes.$inferInsert;

/**
 * Marks matched those of `eventIds` that no process has matched yet, and answers which: two processes
 * can plan the same event (two retried deliveries matching what a killed worker left), and only the
 * one that claims it may store its runs. The claimed events' `outcomes` (why listening triggers got no
 * run, for Activity) are stored by the same statement. In a transaction, the claim's row locks make a
 * concurrent claim of the same event wait for it, and then find it matched.
 */
export async function claimUnmatchedEvents(
  db: Db,
  eventIds: readonly string[],
  at: Date,
  outcomes: readonly NewEventOutcome[] = [],
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const claim = db
    .update(automationEvents)
    .set({ matchedAt: at })
    .where(and(inArray(automationEvents.id, [...eventIds]), isNull(automationEvents.matchedAt)))
    .returning({ id: automationEvents.id });
  if (outcomes.length === 0) return new Set((await claim).map((row) => row.id));
  const claimed = db.$with('claimed').as(claim);
  const decided = outcomes.map((outcome) => ({ ...outcome, decidedAt: outcome.decidedAt.toISOString() }));
  const outcomesOfClaimed = db.$with('outcomes_of_claimed').as(
    db
      .insert(eventOutcomes)
      .select(
        db
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            vendorId: sql`decided."vendorId"`.as('vendor_id'),
            eventId: sql`decided."eventId"`.as('event_id'),
            triggerId: sql`decided."triggerId"`.as('trigger_id'),
            reason: sql`decided.reason`.as('reason'),
            detail: sql`decided.detail`.as('detail'),
            decidedAt: sql`decided."decidedAt"`.as('decided_at'),
          })
          .from(
            sql`jsonb_to_recordset(${JSON.stringify(decided)}::jsonb) as decided("vendorId" uuid, "eventId" uuid, "triggerId" uuid, reason text, detail text, "decidedAt" timestamptz)`,
          )
          .where(sql`decided."eventId" in (select id from ${claimed})`),
      )
      .returning({ id: eventOutcomes.id }),
  );
  const rows = await db.with(claimed, outcomesOfClaimed).select({ id: claimed.id }).from(claimed);
  return new Set(rows.map((row) => row.id));
}

/**
 * Events stored but never matched, that occurred before `olderThan`, oldest first: of one vendor, or
 * of every vendor for the dispatcher, which serves them all.
 */
export function listUnmatchedEvents(
  db: Db,
  { olderThan, vendorId }: { olderThan: Date; vendorId?: string },
  limit: number,
): Promise<EventRow[]> {
  return db
    .select()
    .from(automationEvents)
    .where(
      and(
        isNull(automationEvents.matchedAt),
        lte(automationEvents.occurredAt, olderThan),
        vendorId ? eq(automationEvents.vendorId, vendorId) : undefined,
      ),
    )
    .orderBy(asc(automationEvents.occurredAt))
    .limit(limit);
}

// Writes (loop guard) ---------------------------------------------------------------------------

export async function insertWrite(db: Db, values: typeof sm8Writes.$inferInsert): Promise<void> {
  await db.insert(sm8Writes).values(values);
}

/** Our writes to these records of one object since `since`, by record, newest first; in one statement. */
export async function recentWrites(
  db: Db,
  where: { vendorId: string; object: string; uuids: readonly string[] },
  since: Date,
): Promise<Map<string, WriteRow[]>> {
  const byRecord = new Map<string, WriteRow[]>();
  if (where.uuids.length === 0) return byRecord;
  const rows = await db
    .select()
    .from(sm8Writes)
    .where(
      and(
        eq(sm8Writes.vendorId, where.vendorId),
        eq(sm8Writes.object, where.object),
        inArray(sm8Writes.uuid, [...where.uuids]),
        gte(sm8Writes.writtenAt, since),
      ),
    )
    .orderBy(desc(sm8Writes.writtenAt));
  for (const row of rows) byRecord.set(row.uuid, [...(byRecord.get(row.uuid) ?? []), row]);
  return byRecord;
}

// Runs -----------------------------------------------------------------------------------------

export async function insertRun(tx: Db, values: typeof triggerRuns.$inferInsert): Promise<RunRow | undefined> {
  const [row] = await tx
    .insert(triggerRuns)
    .values(values)
    .onConflictDoNothing({ target: [triggerRuns.triggerId, triggerRuns.eventId] })
    .returning();
  return row;
}

/**
 * Stores runs with their first step, the conditions that held, in one statement whatever their number;
 * answers the new runs. A run whose event already has a run of its trigger is not stored (nor its step).
 */
export async function insertRunsWithConditionsSteps(
  tx: Db,
  runs: ReadonlyArray<{
    values: typeof triggerRuns.$inferInsert;
    step: { input: Record<string, unknown>; outcome: string; at: Date };
  }>,
): Promise<RunRow[]> {
  if (runs.length === 0) return [];
  const newRuns = tx.$with('new_runs').as(
    tx
      .insert(triggerRuns)
      .values(runs.map((run) => run.values))
      .onConflictDoNothing({ target: [triggerRuns.triggerId, triggerRuns.eventId] })
      .returning(),
  );
  // Each run's step, found by its trigger and event (unique among runs).
  const stepData = sql`jsonb_to_recordset(${JSON.stringify(
    runs.map(({ values, step }) => ({
      trigger_id: values.triggerId,
      event_id: values.eventId,
      input: step.input,
      outcome: step.outcome,
      at: step.at.toISOString(),
    })),
  )}::jsonb) as step_data(trigger_id uuid, event_id uuid, input jsonb, outcome text, at timestamptz)`;
  const conditionsSteps = tx.$with('conditions_steps').as(
    tx
      .insert(runSteps)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            runId: sql`${newRuns.id}`.as('run_id'),
            position: sql`0`.as('position'),
            kind: sql`${'Conditions'}::run_step_kind`.as('kind'),
            actionId: sql`null`.as('action_id'),
            actionType: sql`null`.as('action_type'),
            status: sql`${'Succeeded'}::run_step_status`.as('status'),
            input: sql`step_data.input`.as('input'),
            outcome: sql`step_data.outcome`.as('outcome'),
            startedAt: sql`step_data.at`.as('started_at'),
            finishedAt: sql`step_data.at`.as('finished_at'),
          })
          .from(newRuns)
          .innerJoin(
            stepData,
            sql`step_data.trigger_id = ${newRuns.triggerId} and step_data.event_id = ${newRuns.eventId}`,
          ),
      )
      .returning({ id: runSteps.id }),
  );
  return tx.with(newRuns, conditionsSteps).select().from(newRuns);
}

/**
 * Scheduled runs due by `until` that have no execution job yet, marked dispatched (at `now`) in the same
 * statement.
 */
export async function takeDueRuns(
  tx: Db,
  window: { now: Date; until: Date },
  limit: number,
): Promise<Array<{ id: string; vendorId: string; dueAt: Date }>> {
  const { now, until } = window;
  const due = tx
    .select({ id: triggerRuns.id })
    .from(triggerRuns)
    .where(and(eq(triggerRuns.status, 'Scheduled'), lte(triggerRuns.dueAt, until), isNull(triggerRuns.dispatchedAt)))
    .orderBy(asc(triggerRuns.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(triggerRuns)
    .set({ dispatchedAt: now })
    .where(sql`${triggerRuns.id} in ${due}`)
    .returning({ id: triggerRuns.id, vendorId: triggerRuns.vendorId, dueAt: triggerRuns.dueAt });
}

/** The runs among `runIds` (those that exist). */
export async function findRuns(db: Db, runIds: readonly string[]): Promise<RunRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(triggerRuns)
    .where(inArray(triggerRuns.id, [...runIds]));
}

/**
 * Moves the Scheduled runs among `runIds` to Running in one statement and answers them; runs not
 * Scheduled (cancelled, running, done) are left out.
 */
export async function startRuns(db: Db, runIds: readonly string[], now: Date): Promise<RunRow[]> {
  if (runIds.length === 0) return [];
  return db
    .update(triggerRuns)
    .set({ status: 'Running', startedAt: now, updatedAt: now })
    .where(and(inArray(triggerRuns.id, [...runIds]), eq(triggerRuns.status, 'Scheduled')))
    .returning();
}

/**
 * Puts a started run back to Scheduled, due again at `dueAt` (the dispatcher queues it then), saying
 * why it waits.
 */
export async function postponeRun(
  db: Db,
  runId: string,
  wait: { dueAt: Date; reason: string; at: Date; sm8Calls?: number },
): Promise<void> {
  await db
    .update(triggerRuns)
    .set({
      sm8Calls: sql`${triggerRuns.sm8Calls} + ${wait.sm8Calls ?? 0}`,
      status: 'Scheduled',
      startedAt: null,
      dispatchedAt: null,
      dueAt: wait.dueAt,
      reason: wait.reason,
      updatedAt: wait.at,
    })
    .where(and(eq(triggerRuns.id, runId), eq(triggerRuns.status, 'Running')));
}

/** An attempt failed for a reason a retry may fix: the run says so until the next attempt ends. */
export async function noteFailedAttempt(
  db: Db,
  runId: string,
  attempt: { failedAttempts: number; error: string; nextAttemptBy: Date; sm8Calls: number; at: Date },
): Promise<void> {
  await db
    .update(triggerRuns)
    .set({
      sm8Calls: sql`${triggerRuns.sm8Calls} + ${attempt.sm8Calls}`,
      failedAttempts: attempt.failedAttempts,
      lastError: attempt.error,
      nextAttemptBy: attempt.nextAttemptBy,
      updatedAt: attempt.at,
    })
    .where(and(eq(triggerRuns.id, runId), eq(triggerRuns.status, 'Running')));
}

// Steps ----------------------------------------------------------------------------------------

/**
 * A client message held by quiet hours: its sentence updated while it still waits (`at` null), or
 * finished (`at`) when the business opened and the message is being sent.
 */
export async function finishWaitingStep(db: Db, stepId: string, update: { outcome: string; at: Date | null }) {
  await db
    .update(runSteps)
    .set({ outcome: update.outcome, finishedAt: update.at })
    .where(and(eq(runSteps.id, stepId), eq(runSteps.status, 'Waiting')));
}

/** The outcome of a step still Started (an attempt that will be made again), for the run log meanwhile. */
export async function noteStepAttempt(db: Db, stepId: string, outcome: string): Promise<void> {
  await db
    .update(runSteps)
    .set({ outcome })
    .where(and(eq(runSteps.id, stepId), eq(runSteps.status, 'Started')));
}

/** The steps of these runs, each run's in order of position. */
export async function listStepsOfRuns(db: Db, runIds: readonly string[]): Promise<Map<string, StepRow[]>> {
  const steps = new Map<string, StepRow[]>(runIds.map((runId) => [runId, []]));
  if (runIds.length === 0) return steps;
  const rows = await db
    .select()
    .from(runSteps)
    .where(inArray(runSteps.runId, [...runIds]))
    .orderBy(asc(runSteps.runId), asc(runSteps.position));
  for (const row of rows) steps.get(row.runId)?.push(row);
  return steps;
}
