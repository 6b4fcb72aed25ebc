import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import { type Sm8Record, WATCHED_OBJECTS, type WatchedObject } from '../../../engine/events/derive-events.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';
import { type Sm8Connection, sm8ClientFor, sm8ConnectionOf } from '../../servicem8/sm8-access.ts';
import { findCursor, findSnapshotStates, saveCursor, saveSnapshots } from '../automation.repository.ts';
import { matchEvents } from '../match/trigger-matching.service.ts';
import { observeListedRecords } from './event-intake.service.ts';
import { editDateBefore, LISTING_OVERLAP_MS } from './reconcile-cursor.ts';
import { settleRestore } from './restore-baseline.service.ts';

const AnyRecord = z.record(z.string(), z.unknown());

/** What listing one object's changes found. `filterIgnored`: ServiceM8 answered records older than asked for. */
export type ListedChanges = { read: number; events: number; baseline: boolean; filterIgnored: boolean };

/**
 * The guard rail against missed webhooks: asks ServiceM8 for each watched object's records changed since the
 * newest `edit_date` seen, and feeds them through the same path as webhooks; a change already
 * seen through a webhook derives nothing new (same snapshot, same occurrence keys).
 *
 * The first pass for an account takes the baseline: every record is stored as a snapshot and no
 * event is derived. From then on a record without a snapshot is a new one (it was created).
 */
export async function reconcileVendor(deps: Deps, vendorId: string): Promise<Record<string, ListedChanges>> {
  const connection = await sm8ConnectionOf(deps, vendorId);
  const client = sm8ClientFor(deps, connection);
  const summary: Record<string, ListedChanges> = {};
  for (const object of WATCHED_OBJECTS) {
    // The guard rail reads everything ServiceM8 answers, filtered or not: nothing changed is missed.
    summary[object] = await observeChangesSince(deps, { client, connection, vendorId, object, ifIgnored: 'process' });
  }
  return summary;
}

/**
 * Lists one object's records changed since the newest `edit_date` seen (the cursor) with one call per
 * page, and observes each: its events are derived against its snapshot, stored and matched. The cursor
 * moves to the newest `edit_date` ServiceM8 answered (its clock, not ours).
 *
 * ServiceM8 silently ignores a filter it cannot read and answers every record. When the answer holds
 * records older than the cursor, `ifIgnored: 'stop'` observes nothing and says so (the caller reads the
 * records it knows changed one by one); `'process'` observes them all (the snapshots tell what changed).
 */
export async function observeChangesSince(
  deps: Deps,
  options: {
    client: Sm8Client;
    connection: Sm8Connection;
    vendorId: string;
    object: WatchedObject;
    ifIgnored: 'stop' | 'process';
  },
): Promise<ListedChanges> {
  const { client, connection, vendorId, object } = options;
  const db = deps.database.db;
  await settleRestore(deps, vendorId, client);
  const cursor = await findCursor(db, vendorId, object);
  // From a minute before the cursor (ServiceM8 filters know gt, not ge, and edit_date has whole seconds):
  // a record changed within the cursor's own second, or one a listing did not show yet when a later one
  // was answered, is listed again rather than missed; listed again unchanged, it is skipped.
  const since = cursor ? editDateBefore(cursor, LISTING_OVERLAP_MS) : null;
  const listedAt = deps.clock.now();
  const records = await client.list(object, AnyRecord, since ? { filter: `edit_date gt '${since}'` } : {});
  const filterIgnored = since !== null && records.some((record) => editDateOf(record) < since);
  if (filterIgnored) {
    deps.logger.warn(
      { vendorId, object, records: records.length },
      'ServiceM8 ignored the edit_date filter and answered every record',
    );
    if (options.ifIgnored === 'stop') return { read: records.length, events: 0, baseline: false, filterIgnored };
  }
  // Oldest first, so events are derived in the order the changes happened.
  records.sort((a, b) => editDateOf(a).localeCompare(editDateOf(b)));
  // A record listed again just as its snapshot has it (the overlap of the cursor's second, or an answer
  // that ignored the filter) has not changed since it was observed: one statement tells which.
  const observed = cursor
    ? await findSnapshotStates(db, { vendorId, object, uuids: records.map(uuidOf).filter(Boolean) })
    : new Map<string, { data: Record<string, unknown> }>();
  // Each record once (its newest listing), unless listed again just as its snapshot has it.
  const changed = new Map<string, Sm8Record>();
  for (const record of records) {
    const uuid = uuidOf(record);
    if (uuid && !(cursor && isDeepStrictEqual(observed.get(uuid)?.data, record))) changed.set(uuid, record);
  }
  const listed = [...changed].map(([uuid, record]) => ({ uuid, record }));
  let events = 0;
  for (let from = 0; from < listed.length; from += OBSERVED_TOGETHER) {
    const some = listed.slice(from, from + OBSERVED_TOGETHER);
    if (!cursor) {
      // The baseline: what the account holds, with no events.
      await saveSnapshots(
        db,
        some.map(({ uuid, record }) => ({
          vendorId,
          object,
          uuid,
          data: record,
          editDate: editDateOf(record) || null,
          revision: 0,
          seenAt: listedAt,
        })),
      );
      continue;
    }
    const observed = (await observeListedRecords(deps, vendorId, object, some, listedAt)).flatMap(
      ({ events: stored, fresh }) => stored.map((event) => ({ event, fresh })),
    );
    await matchEvents(deps, observed, connection);
    events += observed.length;
  }
  const newest = records.map(editDateOf).reduce((max, date) => (date > max ? date : max), cursor ?? '');
  // The baseline is recorded even for an empty account, so records created later count as new.
  if (newest || !cursor) await saveCursor(db, vendorId, object, newest || '0000-00-00 00:00:00', deps.clock.now());
  return { read: records.length, events, baseline: !cursor, filterIgnored };
}

function uuidOf(record: Sm8Record): string {
  return typeof record.uuid === 'string' ? record.uuid : '';
}

function editDateOf(record: Sm8Record): string {
  return typeof record.edit_date === 'string' ? record.edit_date : '';
}

/**
 * How many listed records are observed in one transaction: a burst's 500 changed jobs are stored in a
 * few statements, and no transaction holds its locks for long.
 */
const OBSERVED_TOGETHER = 200;
