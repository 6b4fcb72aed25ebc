import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { type Sm8Record, WATCHED_OBJECTS } from '../../engine/events/derive-events.ts';
import { sm8ClientFor, sm8ConnectionOf } from '../servicem8/sm8-access.ts';
import { findCursor, saveCursor, saveSnapshot } from './automation.repository.ts';
import { observeRecord } from './event-intake.service.ts';
import { matchEvent } from './trigger-matching.service.ts';

const AnyRecord = z.record(z.string(), z.unknown());

/**
 * The guard rail against missed webhooks: asks ServiceM8 for each watched object's records changed since the
 * newest `edit_date` seen, and feeds them through the same path as webhooks; a change already
 * seen through a webhook derives nothing new (same snapshot, same occurrence keys).
 *
 * The first pass for an account takes the baseline: every record is stored as a snapshot and no
 * event is derived. From then on a record without a snapshot is a new one (it was created).
 */
export async function reconcileVendor(
  deps: Deps,
  vendorId: string,
): Promise<Record<string, { read: number; events: number; baseline: boolean }>> {
  const connection = await sm8ConnectionOf(deps, vendorId);
  const client = sm8ClientFor(deps, connection);
  const db = deps.database.db;
  const summary: Record<string, { read: number; events: number; baseline: boolean }> = {};
  for (const object of WATCHED_OBJECTS) {
    const cursor = await findCursor(db, vendorId, object);
    // From the second before the cursor (ServiceM8 filters know gt, not ge): a record changed later
    // within the cursor's own second is read again rather than missed; reading again derives nothing.
    const filter = cursor ? `edit_date gt '${secondBefore(cursor)}'` : undefined;
    const listedAt = deps.clock.now();
    const records = await client.list(object, AnyRecord, filter ? { filter } : {});
    // Oldest first, so events are derived in the order the changes happened.
    records.sort((a, b) => editDateOf(a).localeCompare(editDateOf(b)));
    let events = 0;
    for (const record of records) {
      const uuid = typeof record.uuid === 'string' ? record.uuid : '';
      if (!uuid) continue;
      if (cursor) {
        const observed = await observeRecord(deps, client, vendorId, object, uuid, {
          record,
          readAt: listedAt,
          source: 'reconcile',
        });
        for (const event of observed.events) await matchEvent(deps, event, observed.fresh, connection);
        events += observed.events.length;
      } else {
        await saveSnapshot(db, {
          vendorId,
          object,
          uuid,
          data: record,
          editDate: editDateOf(record) || null,
          revision: 0,
          seenAt: listedAt,
        });
      }
    }
    const newest = records.map(editDateOf).reduce((max, date) => (date > max ? date : max), cursor ?? '');
    // The baseline is recorded even for an empty account, so records created later count as new.
    if (newest || !cursor) await saveCursor(db, vendorId, object, newest || '0000-00-00 00:00:00', deps.clock.now());
    summary[object] = { read: records.length, events, baseline: !cursor };
  }
  return summary;
}

function editDateOf(record: Sm8Record): string {
  return typeof record.edit_date === 'string' ? record.edit_date : '';
}

/** ServiceM8's `YYYY-MM-DD HH:MM:SS` one second earlier (the baseline's zero date stays as it is). */
export function secondBefore(editDate: string): string {
  const time = Date.parse(`${editDate.replace(' ', 'T')}Z`);
  if (Number.isNaN(time)) return editDate;
  return new Date(time - 1000).toISOString().slice(0, 19).replace('T', ' ');
}
