import type { RecordChange } from '../objects/change-feed.ts';
import { parseJsonStringArray } from '../objects/field-input.ts';
import type { SimRecord } from '../objects/record-store.ts';
import { EMPTY_DATETIME } from '../time/account-time.ts';

/** The 25 event-webhook names. */
export const EVENT_NAMES = [
  'job.created',
  'job.updated',
  'job.status_changed',
  'job.completed',
  'job.queued',
  'job.badge_added',
  'job.badge_removed',
  'job.quote_sent',
  'job.quote_accepted',
  'job.invoice_sent',
  'job.invoice_paid',
  'job.review_received',
  'job.note_added',
  'job.photo_added',
  'job.video_added',
  'job.checked_in',
  'job.checked_out',
  'company.created',
  'company.updated',
  'form.response_created',
  'inbox.message_received',
  'proposal.sent',
  'proposal.viewed',
  'staff.clocked_on',
  'staff.clocked_off',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(name: string): name is EventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}

/** An event to deliver: its name and the record it is about. */
export type DerivedEvent = { type: EventName; data: SimRecord };

const PHOTO_TYPES = ['.jpg', '.jpeg', '.png', '.gif', '.heic', '.webp'];
const VIDEO_TYPES = ['.mp4', '.mov', '.m4v', '.avi'];

const flipped = (change: RecordChange, flag: string) =>
  Number(change.after[flag]) === 1 && Number(change.before?.[flag] ?? 0) !== 1;

function badgesOf(record: SimRecord | undefined): string[] {
  return parseJsonStringArray(String(record?.badges ?? '[]')) ?? [];
}

/**
 * The business events a record change raises. Which writes raise which events is not documented;
 * these follow the event names' descriptions. Events the simulator cannot observe (quote accepted,
 * review, proposal, inbox, clock on/off) are raised through POST /__sim/events.
 */
export function deriveEvents(change: RecordChange): DerivedEvent[] {
  const { after, before } = change;
  const events: DerivedEvent[] = [];
  const add = (type: EventName) => events.push({ type, data: after });
  if (change.object === 'job') {
    if (change.kind === 'create') return [{ type: 'job.created', data: after }];
    add('job.updated');
    if (before?.status !== after.status) {
      add('job.status_changed');
      if (after.status === 'Completed') add('job.completed');
    }
    if (after.queue_uuid !== '' && before?.queue_uuid !== after.queue_uuid) add('job.queued');
    const had = badgesOf(before);
    const has = badgesOf(after);
    if (has.some((badge) => !had.includes(badge))) add('job.badge_added');
    if (had.some((badge) => !has.includes(badge))) add('job.badge_removed');
    if (flipped(change, 'quote_sent')) add('job.quote_sent');
    if (flipped(change, 'invoice_sent')) add('job.invoice_sent');
    if (flipped(change, 'payment_received')) add('job.invoice_paid');
    return events;
  }
  if (change.object === 'company')
    return [{ type: change.kind === 'create' ? 'company.created' : 'company.updated', data: after }];
  if (change.kind === 'create' && change.object === 'formresponse') add('form.response_created');
  if (change.kind === 'create' && change.object === 'note' && after.related_object === 'job') add('job.note_added');
  if (change.kind === 'create' && change.object === 'attachment' && after.related_object === 'job') {
    const fileType = String(after.file_type).toLowerCase();
    if (PHOTO_TYPES.includes(fileType)) add('job.photo_added');
    if (VIDEO_TYPES.includes(fileType)) add('job.video_added');
  }
  if (change.object === 'jobactivity' && Number(after.activity_was_recorded) === 1) {
    if (change.kind === 'create') add('job.checked_in');
    else if (before?.end_date === EMPTY_DATETIME && after.end_date !== EMPTY_DATETIME) add('job.checked_out');
  }
  return events;
}
