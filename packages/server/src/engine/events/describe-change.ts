import { isBooking, type Sm8Record, type WatchedObject } from './derive-events.ts';

/**
 * What changed in a record, for Automation › Activity: the fields that matter to automations (a job's
 * status, badges, queue and category; a booking's time), before → after, as ServiceM8 holds them (ids,
 * which the Activity page names). A record never seen before is `created`.
 */

export type FieldChange = { field: string; before: string | null; after: string | null };

const JOB_FIELDS: ReadonlyArray<[field: string, key: string]> = [
  ['status', 'status'],
  ['badges', 'badges'],
  ['queue', 'queue_uuid'],
  ['category', 'category_uuid'],
];

export function describeChange(object: WatchedObject, before: Sm8Record | null, after: Sm8Record): FieldChange[] {
  if (!before) return [{ field: 'created', before: null, after: object }];
  if (object === 'job') {
    return JOB_FIELDS.flatMap(([field, key]) => {
      const was = comparable(before[key], key);
      const is = comparable(after[key], key);
      return was === is ? [] : [{ field, before: was, after: is }];
    });
  }
  if (object === 'jobactivity') {
    const was = bookedAt(before);
    const is = bookedAt(after);
    return was === is ? [] : [{ field: 'schedule', before: was, after: is }];
  }
  return [];
}

/** The record's job and client, as far as the record itself says. */
export function recordOwners(
  object: WatchedObject,
  record: Sm8Record,
): { jobUuid: string | null; clientUuid: string | null } {
  switch (object) {
    case 'job':
      return { jobUuid: trimmed(record.uuid), clientUuid: trimmed(record.company_uuid) };
    case 'company':
      return { jobUuid: null, clientUuid: trimmed(record.uuid) };
    case 'formresponse': {
      const regarding = trimmed(record.regarding_object)?.toLowerCase();
      const uuid = trimmed(record.regarding_object_uuid);
      return { jobUuid: regarding === 'job' ? uuid : null, clientUuid: regarding === 'company' ? uuid : null };
    }
    default:
      return { jobUuid: trimmed(record.job_uuid), clientUuid: null };
  }
}

/** A booking's start, or null when the activity is not a booking (unscheduled, deleted). */
function bookedAt(activity: Sm8Record): string | null {
  return isBooking(activity) ? trimmed(activity.start_date) : null;
}

/** Badges compared as a set: the same badges in another order are no change. */
function comparable(value: unknown, key: string): string | null {
  const plain = trimmed(value);
  if (key !== 'badges' || plain === null) return plain;
  try {
    const list = JSON.parse(plain);
    return Array.isArray(list) && list.length > 0 ? JSON.stringify([...list].map(String).sort()) : null;
  } catch {
    return plain;
  }
}

function trimmed(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const inner = value.trim();
  return inner === '' ? null : inner;
}
