import { parseBadgeList } from '@automate/contract';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import type { DeliveryNotice } from '../../../engine/events/delivery-notice.ts';
import {
  bookingMoved,
  type DerivedEvent,
  deriveEvents,
  deriveEventWebhookEvents,
  EVENT_WEBHOOKS,
  type EventWebhook,
  isEventWebhook,
  isWatchedObject,
  type Sm8Record,
  type WatchedObject,
} from '../../../engine/events/derive-events.ts';
import { describeChange, recordOwners } from '../../../engine/events/describe-change.ts';
import type { FreshRecord } from '../../../engine/records/run-records.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';
import { inSpan } from '../../../observability/tracing.ts';
import { sm8ClientFor, sm8ConnectionOf } from '../../servicem8/sm8-access.ts';
import {
  type EventRow,
  findCursor,
  findRecordStanding,
  insertEvents,
  lockSnapshots,
  type NewRecordChange,
  recentWrites,
  rememberMissingRecord,
  type SnapshotRow,
  saveSnapshotsAndChanges,
  type WriteRow,
} from '../automation.repository.ts';
import { leftoverCutoff, matchEvents, matchLeftoverEvents } from '../match/trigger-matching.service.ts';
import { wakeBookingRuns } from './booking-moves.service.ts';
import {
  MISSING_RECORD_REMEMBERED_MS,
  type NewRecordReads,
  newRecordReadsOfDelivery,
  type ReadSkipped,
  takeNewRecordRead,
} from './record-read-limits.ts';
import { settleRestore } from './restore-baseline.service.ts';

/**
 * From ServiceM8 to events: a delivery names records; each is read fresh,
 * compared with its snapshot, and the events derived from the difference are stored once and
 * matched against the vendor's triggers, which use the record just read instead of reading it again.
 */

const AnyRecord = z.record(z.string(), z.unknown());

/** How long after our own write a change to the same fields counts as its echo. */
const ECHO_WINDOW_MS = 15 * 60_000;

/**
 * A ServiceM8 webhook delivery as received: what it says, and when it arrived. `retried`: the queue runs
 * it again, after a failure or after the process that had it stopped. `listed`: a listing of its
 * object's changes that began after it arrived has been observed, so every change it announces is seen.
 */
export type Delivery = {
  vendorId: string;
  notice: DeliveryNotice;
  receivedAt: Date;
  retried?: boolean;
  listed?: boolean;
};

/** Older than this, an unmatched event is not being matched by a live process (a job's heartbeat is 10 s). */
const ABANDONED_AFTER_MS = 10_000;

/**
 * The new events one record's change brought, and the record as read for it (none when it was not
 * read); `skipped` says why a record was not read at all.
 */
export type Observation = { events: EventRow[]; fresh: FreshRecord[]; skipped?: ReadSkipped };

/** How many records a delivery named were not read, by why. */
export type SkippedReads = Partial<Record<ReadSkipped, number>>;

/**
 * Reads the records a delivery names and matches the events their changes bring. `reconcile`: the
 * delivery is about changes it does not name (its layout is unknown, or the record is not in it), so
 * only reading what changed in the account finds them; the caller queues that.
 */
export function processDelivery(
  deps: Deps,
  delivery: Delivery,
): Promise<{ events: number; reconcile: boolean; skipped?: SkippedReads }> {
  return inSpan('automation.observe', { 'automate.vendor_id': delivery.vendorId }, () =>
    observeDelivery(deps, delivery),
  );
}

async function observeDelivery(
  deps: Deps,
  delivery: Delivery,
): Promise<{ events: number; reconcile: boolean; skipped?: SkippedReads }> {
  const { notice, vendorId, receivedAt } = delivery;
  // A process that stopped after storing a delivery's events and before matching them leaves them
  // unmatched, and the records now read as seen: match what it left of this vendor's now, not at the
  // dispatcher's sweep (another vendor's leftovers are not this delivery's to wait on).
  if (delivery.retried) {
    await matchLeftoverEvents(deps, { olderThan: leftoverCutoff(deps, ABANDONED_AFTER_MS), vendorId });
  }
  const targets: Array<{ object: WatchedObject; uuid: string; type?: EventWebhook }> = [];
  if (notice.kind === 'unknown') return { events: 0, reconcile: true };
  if (notice.kind === 'object') {
    if (!isWatchedObject(notice.object)) return { events: 0, reconcile: false };
    if (delivery.listed) return { events: 0, reconcile: false };
    if (notice.uuids.length === 0) return { events: 0, reconcile: true };
    for (const uuid of new Set(notice.uuids)) targets.push({ object: notice.object, uuid });
  } else {
    if (!isEventWebhook(notice.event)) return { events: 0, reconcile: false };
    if (notice.uuid === null) return { events: 0, reconcile: true };
    targets.push({ object: EVENT_WEBHOOKS[notice.event].object, uuid: notice.uuid, type: notice.event });
  }
  // Read once: matching the events below uses it too.
  const connection = await sm8ConnectionOf(deps, vendorId);
  const client = sm8ClientFor(deps, connection);
  await settleRestore(deps, vendorId, client);
  const observed: Observation[] = [];
  const newReads = newRecordReadsOfDelivery();
  for (const { object, uuid, type } of targets) {
    observed.push(
      await observeRecord(deps, client, vendorId, object, uuid, {
        // Any read of a record, or its snapshot, shows that it was created, whenever it was made.
        changedBy: type && EVENT_WEBHOOKS[type].created ? 'ever' : receivedAt,
        newReads,
        ...(type
          ? { created: EVENT_WEBHOOKS[type].created, extra: (record) => deriveEventWebhookEvents(type, record) }
          : {}),
      }),
    );
  }
  const events = observed.flatMap(({ events: stored, fresh }) => stored.map((event) => ({ event, fresh })));
  await matchEvents(deps, events, connection);
  const skipped = countSkipped(observed);
  if (!skipped) return { events: events.length, reconcile: false };
  deps.logger.warn(
    { vendorId, object: targets[0]?.object, skipped },
    'Records a ServiceM8 delivery named were not read: missing in ServiceM8 lately, or never seen and over the reads allowed (reconciliation finds real new ones)',
  );
  return { events: events.length, reconcile: false, skipped };
}

function countSkipped(observed: readonly Observation[]): SkippedReads | undefined {
  const counts: SkippedReads = {};
  for (const { skipped } of observed) if (skipped) counts[skipped] = (counts[skipped] ?? 0) + 1;
  return Object.keys(counts).length > 0 ? counts : undefined;
}

/**
 * Reads one record (or takes the one reconciliation just listed), derives its events against the
 * snapshot and stores both in one transaction. Answers the events that are new, with the record
 * when it was read here or handed in (matching uses it instead of reading it again).
 *
 * `changedBy`: the record changed no later than this (the delivery that names it arrived then). A
 * snapshot read after it already shows the change, so the record is not read again: a burst of
 * deliveries about one record costs one ServiceM8 call, however many of them are waiting. `'ever'`:
 * the delivery announces the record's creation, which every snapshot and every read of it shows.
 */
async function observeRecord(
  deps: Deps,
  client: Sm8Client,
  vendorId: string,
  object: WatchedObject,
  uuid: string,
  options: ObserveOptions = {},
): Promise<Observation> {
  const key = { vendorId, object, uuid };
  // Taken before the read: a change that lands while it is under way counts as not seen.
  const readAt = options.readAt ?? deps.clock.now();
  const read = options.record
    ? { record: options.record, done: () => {} }
    : await readUnlessSeenSince(deps, client, key, options.changedBy, options.newReads);
  if ('skipped' in read) return { events: [], fresh: [], skipped: read.skipped };
  try {
    return await deriveAndSave(deps, key, read.record, readAt, options);
  } finally {
    read.done();
  }
}

type RecordKey = { vendorId: string; object: WatchedObject; uuid: string };

type ObserveOptions = {
  created?: boolean;
  record?: Sm8Record;
  /** When `record` was read; now when it is read here. */
  readAt?: Date;
  changedBy?: Date | 'ever';
  /** The delivery's share of reads of records the vendor has never seen. */
  newReads?: NewRecordReads;
  source?: 'webhook' | 'reconcile';
  extra?: (record: Sm8Record) => DerivedEvent[];
};

/** Derives the events of the record's change against its snapshot, and stores both in one transaction. */
async function deriveAndSave(
  deps: Deps,
  key: RecordKey,
  fresh: Sm8Record | null | typeof SEEN,
  readAt: Date,
  options: ObserveOptions,
): Promise<Observation> {
  if (fresh === null) return { events: [], fresh: [] };
  const [observation] = await deriveAndSaveAll(deps, key.vendorId, key.object, [
    { uuid: key.uuid, fresh, readAt, options },
  ]);
  return observation ?? { events: [], fresh: [] };
}

/**
 * Observes records of one object a listing answered (read at `readAt`, oldest change first): each
 * one's events derived against its snapshot, and the snapshots and events of all stored together.
 * Answers each record's new events with the record as listed, in the order given.
 */
export function observeListedRecords(
  deps: Deps,
  vendorId: string,
  object: WatchedObject,
  records: ReadonlyArray<{ uuid: string; record: Sm8Record }>,
  readAt: Date,
): Promise<Observation[]> {
  return deriveAndSaveAll(
    deps,
    vendorId,
    object,
    records.map(({ uuid, record }) => ({ uuid, fresh: record, readAt, options: { source: 'reconcile' as const } })),
  );
}

type Observed = { uuid: string; fresh: Sm8Record | typeof SEEN; readAt: Date; options: ObserveOptions };

/**
 * Derives the events of each record's change against its snapshot, and stores the snapshots and the
 * events of all of them in one transaction, a statement for each kind of row whatever their number:
 * the snapshots locked, the new ones saved, our recent writes to them (the loop guard), the events.
 * Each record appears once in `items`.
 */
async function deriveAndSaveAll(
  deps: Deps,
  vendorId: string,
  object: WatchedObject,
  items: readonly Observed[],
): Promise<Observation[]> {
  if (items.length === 0) return [];
  const baselineTaken = await isBaselineTaken(deps, vendorId, object);
  const now = deps.clock.now();
  const eventsOf = await deps.database.db.transaction(async (tx) => {
    const snapshots = await lockSnapshots(tx, { vendorId, object, uuids: items.map((item) => item.uuid) });
    const changes: Array<{
      index: number;
      uuid: string;
      after: Sm8Record;
      derived: DerivedEvent[];
      source: ObserveOptions['source'];
    }> = [];
    const saves: SnapshotRow[] = [];
    const observedChanges: NewRecordChange[] = [];
    const movedBookings: string[] = [];
    for (const [index, { uuid, fresh, readAt, options }] of items.entries()) {
      const snapshot = snapshots.get(uuid);
      const after = fresh === SEEN ? snapshot?.data : fresh;
      if (!after) continue;
      const editDate = typeof after.edit_date === 'string' ? after.edit_date : null;
      // A read older than what we hold (two deliveries processed out of order) changes nothing.
      if (snapshot?.editDate && editDate && editDate < snapshot.editDate) continue;
      const derived = [
        ...deriveEvents({
          object,
          before: snapshot?.data ?? null,
          after,
          created: options.created === true || (!snapshot && baselineTaken),
          revision: snapshot?.revision ?? 0,
        }),
        ...(options.extra?.(after) ?? []),
      ];
      if (fresh !== SEEN) {
        saves.push({
          vendorId,
          object,
          uuid,
          data: after,
          editDate,
          revision: snapshot ? snapshot.revision + 1 : 0,
          seenAt: readAt,
        });
        if (object === 'jobactivity' && snapshot && bookingMoved(snapshot.data, after)) movedBookings.push(uuid);
      }
      if (derived.length > 0) changes.push({ index, uuid, after, derived, source: options.source });
      // Activity keeps every change read after the baseline (a record first seen while it is taken is
      // none); a delivery announcing again what the snapshot shows (an event webhook after the object's)
      // adds nothing.
      const fields = fresh === SEEN ? [] : describeChange(object, snapshot?.data ?? null, after);
      const changed =
        fresh !== SEEN && (snapshot ? editDate !== snapshot.editDate || fields.length > 0 : baselineTaken);
      if (changed) {
        observedChanges.push({
          vendorId,
          object,
          recordUuid: uuid,
          ...recordOwners(object, after),
          source: options.source ?? 'webhook',
          changes: fields,
          events: derived.map(({ event, occurrenceKey }) => ({ event, occurrenceKey })),
          after,
          observedAt: now,
        });
      }
    }
    await saveSnapshotsAndChanges(tx, saves, observedChanges);
    // A booking moved or cancelled: the runs timed from its start are checked against it now.
    for (const uuid of movedBookings) await wakeBookingRuns(deps, tx, vendorId, uuid);
    if (changes.length === 0) return new Map<number, EventRow[]>();
    const writes = await recentWrites(
      tx,
      { vendorId, object, uuids: changes.map((change) => change.uuid) },
      new Date(now.getTime() - ECHO_WINDOW_MS),
    );
    const rows = await insertEvents(
      tx,
      changes.flatMap(({ uuid, after, derived, source }) =>
        derived.map((event) => {
          const cause = findCause(writes.get(uuid) ?? [], event, after);
          return {
            vendorId,
            event: event.event,
            occurrenceKey: event.occurrenceKey,
            jobUuid: event.jobUuid,
            clientUuid: event.clientUuid,
            formResponseUuid: event.formResponseUuid,
            source: source ?? 'webhook',
            causedByRunId: cause?.runId ?? null,
            causedByTriggerId: cause?.triggerId ?? null,
            cascadeDepth: cause ? cause.cascadeDepth + 1 : 0,
            occurredAt: now,
          };
        }),
      ),
    );
    const stored = new Map(rows.map((row) => [row.occurrenceKey, row]));
    return new Map(
      changes.map(({ index, derived }) => [index, derived.flatMap((event) => stored.get(event.occurrenceKey) ?? [])]),
    );
  });
  return items.map(({ fresh }, index) => ({
    events: eventsOf.get(index) ?? [],
    fresh: fresh === SEEN ? [] : [{ object, record: fresh }],
  }));
}

/**
 * The accounts and objects whose baseline this process has seen taken. A baseline, once taken, is
 * never removed (its cursor only moves on), so a delivery asks the database only until it is.
 */
const baselinesTaken = new Set<string>();

async function isBaselineTaken(deps: Deps, vendorId: string, object: WatchedObject): Promise<boolean> {
  const key = `${vendorId}/${object}`;
  if (baselinesTaken.has(key)) return true;
  if ((await findCursor(deps.database.db, vendorId, object)) === null) return false;
  baselinesTaken.add(key);
  return true;
}

/** Stands for "the snapshot already shows the change": the record was not read again. */
const SEEN = Symbol('seen in the snapshot');

/**
 * The observations of records under way in this process (read, then saved as the snapshot), by vendor,
 * object and uuid, with when each read started. A new job brings two deliveries at once (the object's
 * and job.created), processed side by side: the second takes the first's read instead of making its
 * own ServiceM8 call, and once the first has saved its snapshot, that snapshot.
 */
const observationsUnderWay = new Map<string, { startedAt: Date; record: Promise<Sm8Record | null> }>();

/**
 * The record as ServiceM8 has it (null when it is gone), or SEEN when the snapshot was read after
 * `changedBy`; `done` ends the observation once its snapshot is saved. Or why it was not read: ServiceM8
 * lately answered that it does not have it, or the vendor has never seen it and the reads allowed for
 * such records are used up (`record-read-limits.ts`).
 */
async function readUnlessSeenSince(
  deps: Deps,
  client: Sm8Client,
  key: RecordKey,
  changedBy: Date | 'ever' | undefined,
  newReads: NewRecordReads = { left: Number.POSITIVE_INFINITY },
): Promise<{ record: Sm8Record | null | typeof SEEN; done: () => void } | { skipped: ReadSkipped }> {
  const nothingToEnd = () => {};
  const shows = (readAt: Date) => changedBy === 'ever' || (changedBy !== undefined && readAt > changedBy);
  const missingSince = new Date(deps.clock.now().getTime() - MISSING_RECORD_REMEMBERED_MS);
  const { seenAt, missingAt } = await findRecordStanding(deps.database.db, key, missingSince);
  if (seenAt && shows(seenAt)) return { record: SEEN, done: nothingToEnd };
  if (missingAt && (!seenAt || missingAt > seenAt)) return { skipped: 'missing' };
  const readKey = `${key.vendorId}/${key.object}/${key.uuid}`;
  const underWay = observationsUnderWay.get(readKey);
  // Only a read that started after the change was announced is sure to show it.
  if (underWay && shows(underWay.startedAt)) return { record: await underWay.record, done: nothingToEnd };
  if (!seenAt) {
    const refused = await takeNewRecordRead(deps, key, newReads);
    if (refused) return { skipped: refused };
  }
  const observation = { startedAt: deps.clock.now(), record: client.get(key.object, key.uuid, AnyRecord) };
  observationsUnderWay.set(readKey, observation);
  const done = () => {
    if (observationsUnderWay.get(readKey) === observation) observationsUnderWay.delete(readKey);
  };
  try {
    const record = await observation.record;
    if (record === null) await rememberMissingRecord(deps.database.db, key, deps.clock.now());
    return { record, done };
  } catch (error) {
    done();
    throw error;
  }
}

/**
 * The loop guard's question: did one of our runs make this change? It did when it recently wrote
 * every field the event is about with the value the record now has (or created the record).
 * `writes`: our recent writes to the record, newest first.
 */
function findCause(writes: readonly WriteRow[], event: DerivedEvent, after: Sm8Record): WriteRow | undefined {
  if (event.fields.length === 0) return writes.find((write) => write.created === 1);
  return writes.find((write) =>
    event.fields.every(
      (field) => Object.hasOwn(write.fields, field) && sameValue(field, write.fields[field], after[field]),
    ),
  );
}

function sameValue(field: string, written: unknown, now: unknown): boolean {
  if (field === 'badges') {
    const set = (value: unknown) => new Set(typeof value === 'string' ? parseBadgeList(value) : []);
    const a = set(written);
    const b = set(now);
    return a.size === b.size && [...a].every((badge) => b.has(badge));
  }
  return String(written ?? '') === String(now ?? '');
}
