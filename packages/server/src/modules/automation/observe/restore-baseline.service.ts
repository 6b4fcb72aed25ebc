import { isDeepStrictEqual } from 'node:util';
import { TRIGGER_EVENT_LABELS } from '@automate/contract';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import {
  deriveEvents,
  type Sm8Record,
  WATCHED_OBJECTS,
  type WatchedObject,
} from '../../../engine/events/derive-events.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';
import { AUTOMATE_ACTOR, recordAudit } from '../../audit/audit.service.ts';
import { vendorAdminContacts } from '../../users/memberships.service.ts';
import {
  findCursor,
  findSnapshotStates,
  type SnapshotRow,
  saveCursor,
  saveSnapshots,
} from '../automation.repository.ts';
import { insertNotice } from '../notices/notices.repository.ts';
import { editDateBefore, LISTING_OVERLAP_MS } from './reconcile-cursor.ts';
import {
  claimRestoreBaseline,
  deleteRestoreBaseline,
  listRestoreBaselineVendors,
  markRestored,
  releaseRestoreBaseline,
} from './restore-baseline.repository.ts';

/**
 * After `npm run restore` the database is as it was at the backup, and ServiceM8 is not: the changes
 * made since were automated already, but their runs and step log went back with the rest. Observing
 * them again would do every action a second time (a second note, a second email to the client).
 *
 * So the first observation of each account after a restore takes a new baseline: every object's
 * changes since its cursor are stored as snapshots and the cursors move to what ServiceM8 shows now,
 * with no event derived. The Admins are told which changes those were (a notice and an Activity entry)
 * and decide what to do about them; then the account's row goes, so it happens once.
 */

const AnyRecord = z.record(z.string(), z.unknown());
/** A claim older than this was left by a process that died while taking the baseline. */
const CLAIM_STALE_MS = 3 * 60_000;
const CLAIM_POLL_MS = 500;
/** How many changes the notice names; the Activity entry holds them all. */
const NAMED_IN_NOTICE = 20;
const ACTIVITY_PATH = '/app/account/activity';

/** Called by `npm run restore` on the restored database, after its migrations. */
export function recordRestore(db: Db, at: { backupCreatedAt: Date; restoredAt: Date }) {
  return markRestored(db, at);
}

/**
 * Per database, the accounts this process has still to see re-baselined (read once: a restore happens
 * only while no server runs, so a process started after it finds every row it will ever need), and
 * the new baselines under way in this process, which any other observation of the account joins.
 */
const stateByDatabase = new WeakMap<object, { pending: Promise<Set<string>>; underWay: Map<string, Promise<void>> }>();

/**
 * Before any change of the account is observed: takes the new baseline the restore asked for, or waits
 * for the process taking it. Costs nothing once the account has none waiting.
 */
export async function settleRestore(deps: Deps, vendorId: string, client: Sm8Client): Promise<void> {
  const state = stateOf(deps);
  const pending = await state.pending;
  if (!pending.has(vendorId)) return;
  let running = state.underWay.get(vendorId);
  if (!running) {
    running = takeWhenClaimed(deps, vendorId, client).finally(() => state.underWay.delete(vendorId));
    state.underWay.set(vendorId, running);
  }
  await running;
  pending.delete(vendorId);
}

function stateOf(deps: Deps) {
  let state = stateByDatabase.get(deps.database);
  if (!state) {
    const pending = listRestoreBaselineVendors(deps.database.db).then((ids) => new Set(ids));
    pending.catch(() => stateByDatabase.delete(deps.database));
    state = { pending, underWay: new Map() };
    stateByDatabase.set(deps.database, state);
  }
  return state;
}

async function takeWhenClaimed(deps: Deps, vendorId: string, client: Sm8Client): Promise<void> {
  for (;;) {
    const now = deps.clock.now();
    const claim = await claimRestoreBaseline(deps.database.db, vendorId, {
      now,
      staleBefore: new Date(now.getTime() - CLAIM_STALE_MS),
    });
    if (claim === 'done') return;
    if (claim !== 'taken') {
      try {
        return await takeNewBaseline(deps, vendorId, client, claim.backupCreatedAt);
      } catch (error) {
        // ServiceM8 or the database failed it: the next observation takes it again, at once.
        await releaseRestoreBaseline(deps.database.db, vendorId).catch(() => {});
        throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

type SkippedChange = { object: string; uuid: string; words: string };
type NewBaseline = {
  snapshots: SnapshotRow[];
  cursors: Array<{ object: WatchedObject; lastEditDate: string }>;
  skipped: SkippedChange[];
};

/** Reads what ServiceM8 shows now, then stores it, tells the Admins and removes the row in one transaction. */
async function takeNewBaseline(deps: Deps, vendorId: string, client: Sm8Client, backupCreatedAt: Date) {
  const baseline = await readNewBaseline(deps, vendorId, client);
  await storeNewBaseline(deps, vendorId, baseline, backupCreatedAt);
}

async function readNewBaseline(deps: Deps, vendorId: string, client: Sm8Client): Promise<NewBaseline> {
  const db = deps.database.db;
  const baseline: NewBaseline = { snapshots: [], cursors: [], skipped: [] };
  for (const object of WATCHED_OBJECTS) {
    const cursor = await findCursor(db, vendorId, object);
    // No baseline yet for the object: its first listing takes one, acting on nothing.
    if (!cursor) continue;
    const listedAt = deps.clock.now();
    const since = editDateBefore(cursor, LISTING_OVERLAP_MS);
    const records = await client.list(object, AnyRecord, { filter: `edit_date gt '${since}'` });
    // Oldest first, as the changes happened.
    records.sort((a, b) => String(a.edit_date ?? '').localeCompare(String(b.edit_date ?? '')));
    const uuids = records.map((record) => String(record.uuid ?? '')).filter(Boolean);
    const snapshots = await findSnapshotStates(db, { vendorId, object, uuids });
    let newest = cursor;
    for (const record of records) {
      const uuid = String(record.uuid ?? '');
      const editDate = typeof record.edit_date === 'string' ? record.edit_date : null;
      if (editDate && editDate > newest) newest = editDate;
      const snapshot = snapshots.get(uuid);
      if (!uuid || (snapshot && isDeepStrictEqual(snapshot.data, record))) continue;
      const words = changeWords(object, snapshot?.data ?? null, record);
      if (words) baseline.skipped.push({ object, uuid, words });
      const revision = snapshot ? snapshot.revision + 1 : 0;
      baseline.snapshots.push({ vendorId, object, uuid, data: record, editDate, revision, seenAt: listedAt });
      snapshots.set(uuid, { data: record, revision });
    }
    baseline.cursors.push({ object, lastEditDate: newest });
  }
  return baseline;
}

/** "job 1042 (a job’s status changes)", or null for a change no trigger could start on. */
function changeWords(object: WatchedObject, before: Sm8Record | null, after: Sm8Record): string | null {
  const events = deriveEvents({
    object,
    before,
    after,
    created: before === null,
  });
  if (events.length === 0) return null;
  const what = events.map((event) => TRIGGER_EVENT_LABELS[event.event].toLowerCase()).join(', ');
  return `${recordName(object, after)} (${what})`;
}

function recordName(object: string, record: Sm8Record): string {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const job = text(record.generated_job_id);
  if (object === 'job') return `job ${job ?? text(record.uuid)}`;
  if (object === 'company') return `client ${text(record.name) ?? text(record.uuid)}`;
  if (object === 'formresponse') return `form response ${text(record.uuid)}`;
  if (object === 'jobpayment') return `payment ${text(record.uuid)}`;
  return `booking ${text(record.uuid)}`;
}

async function storeNewBaseline(deps: Deps, vendorId: string, baseline: NewBaseline, backupCreatedAt: Date) {
  const now = deps.clock.now();
  const { skipped } = baseline;
  const listed = skipped.map((change) => change.words);
  const named =
    listed.length > NAMED_IN_NOTICE
      ? `${listed.slice(0, NAMED_IN_NOTICE).join(', ')} and ${listed.length - NAMED_IN_NOTICE} more (Activity lists them all)`
      : listed.join(', ');
  const summary =
    listed.length === 0
      ? `Automate was restored from a backup of ${backupCreatedAt.toISOString()}; no change made in ServiceM8 since then is one a trigger can start on.`
      : `Changes made while Automate was being restored were not automated: ${named}. Check these jobs and do by hand what your triggers would have done.`;
  await deps.database.db.transaction(async (tx) => {
    // Each record once (its last listing), a few hundred a statement.
    const snapshots = [
      ...new Map(baseline.snapshots.map((snapshot) => [`${snapshot.object}/${snapshot.uuid}`, snapshot])).values(),
    ];
    for (let from = 0; from < snapshots.length; from += 500) {
      await saveSnapshots(tx, snapshots.slice(from, from + 500));
    }
    for (const cursor of baseline.cursors) await saveCursor(tx, vendorId, cursor.object, cursor.lastEditDate, now);
    if (listed.length > 0) {
      for (const admin of await vendorAdminContacts(tx, vendorId)) {
        await insertNotice(tx, {
          vendorId,
          userId: admin.id,
          kind: 'restore',
          title: 'Changes not automated after a restore',
          body: summary,
          link: ACTIVITY_PATH,
          createdAt: now,
        });
      }
    }
    await recordAudit(tx, AUTOMATE_ACTOR, now, {
      action: 'automation.restore',
      summary:
        listed.length === 0
          ? summary
          : `Changes made while Automate was being restored were not automated: ${listed.join(', ')}.`,
      vendorId,
      after: { backupCreatedAt: backupCreatedAt.toISOString(), skipped },
    });
    await deleteRestoreBaseline(tx, vendorId);
  });
}
