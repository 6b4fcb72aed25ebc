import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { type Sm8Record, WATCHED_OBJECTS } from '../../engine/events/derive-events.ts';
import { sm8ClientForVendor } from '../servicem8/sm8-access.ts';
import { findCursor, saveCursor, saveSnapshot } from './automation.repository.ts';
import { observeRecord } from './event-intake.service.ts';
import { matchEvent } from './trigger-matching.service.ts';

const AnyRecord = z.record(z.string(), z.unknown());

/**
 * DESIGN.md §5 guard rails: asks ServiceM8 for each watched object's records changed since the
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
  const client = await sm8ClientForVendor(deps, vendorId);
  const db = deps.database.db;
  const summary: Record<string, { read: number; events: number; baseline: boolean }> = {};
  for (const object of WATCHED_OBJECTS) {
    const cursor = await findCursor(db, vendorId, object);
    const filter = cursor ? `edit_date gt '${cursor}'` : undefined;
    const records = await client.list(object, AnyRecord, filter ? { filter } : {});
    // Oldest first, so a crash part-way leaves the cursor at a record that was handled.
    records.sort((a, b) => editDateOf(a).localeCompare(editDateOf(b)));
    let events = 0;
    for (const record of records) {
      const uuid = typeof record.uuid === 'string' ? record.uuid : '';
      if (!uuid) continue;
      if (cursor) {
        const stored = await observeRecord(deps, client, vendorId, object, uuid, { record, source: 'reconcile' });
        for (const event of stored) await matchEvent(deps, event, client);
        events += stored.length;
      } else {
        await saveSnapshot(db, {
          vendorId,
          object,
          uuid,
          data: record,
          editDate: editDateOf(record) || null,
          revision: 0,
          seenAt: deps.clock.now(),
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
