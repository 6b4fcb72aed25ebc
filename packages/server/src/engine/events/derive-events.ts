import { parseBadgeList, type TriggerEvent } from '@automate/contract';

/**
 * Pure mapping from a ServiceM8 change to the trigger events. The table in
 * docs/engine.md ("Events") says the same in words; keep them together.
 *
 * A change is one record read from ServiceM8 (`after`) compared with the snapshot we kept
 * (`before`). Each derived event carries an occurrence key: the same real change seen twice
 * (a repeated delivery, a delivery and reconciliation, an event webhook and an object webhook)
 * gives the same key, and the key is unique per vendor, so it becomes one event.
 */

/** The ServiceM8 objects the engine watches (their webhooks are subscribed at activation). */
export const WATCHED_OBJECTS = ['job', 'company', 'jobactivity', 'jobpayment', 'formresponse'] as const;
export type WatchedObject = (typeof WATCHED_OBJECTS)[number];

export function isWatchedObject(object: string): object is WatchedObject {
  return (WATCHED_OBJECTS as readonly string[]).includes(object);
}

export type Sm8Record = Record<string, unknown>;

export type RecordChange = {
  object: WatchedObject;
  /** The snapshot we kept, or null when we never saw the record. */
  before: Sm8Record | null;
  after: Sm8Record;
  /**
   * The record is new: ServiceM8 said it was created (an event webhook), or it appeared after the
   * account's baseline was taken. A record we merely never saw before is not new.
   */
  created: boolean;
  /**
   * Which state of the snapshot `before` is (it counts up with every change we saw). It is part of
   * the keys of changes found by comparison, so a value that returns (A → B → A) within the second
   * that `edit_date` resolves is still a new change.
   */
  revision?: number;
};

export type DerivedEvent = {
  event: TriggerEvent;
  occurrenceKey: string;
  jobUuid: string | null;
  clientUuid: string | null;
  formResponseUuid: string | null;
  /** The fields whose change raised it, for the loop guard (empty for a creation). */
  fields: readonly string[];
};

export function deriveEvents(change: RecordChange): DerivedEvent[] {
  switch (change.object) {
    case 'job':
      return deriveJobEvents(change);
    case 'company':
      return change.created ? [clientEvent('ClientIsCreated', change.after)] : [];
    case 'jobactivity':
      return deriveActivityEvents(change);
    case 'jobpayment':
      return derivePaymentEvents(change);
    case 'formresponse':
      return change.created ? deriveFormEvents(change.after) : [];
  }
}

/** ServiceM8 event webhooks that say something object webhooks cannot. */
export const EVENT_WEBHOOKS = {
  'job.created': { object: 'job', created: true },
  'company.created': { object: 'company', created: true },
  'form.response_created': { object: 'formresponse', created: true },
  'job.quote_accepted': { object: 'job', created: false },
} as const satisfies Record<string, { object: WatchedObject; created: boolean }>;
export type EventWebhook = keyof typeof EVENT_WEBHOOKS;

export function isEventWebhook(type: string): type is EventWebhook {
  return Object.hasOwn(EVENT_WEBHOOKS, type);
}

/** Events only an event webhook can tell: the client accepted the quote (online, in ServiceM8's portal). */
export function deriveEventWebhookEvents(type: EventWebhook, record: Sm8Record): DerivedEvent[] {
  if (type === 'job.quote_accepted') return [jobEvent('JobQuoteApproved', record, `${text(record.uuid)}`, ['status'])];
  return [];
}

// ---------------------------------------------------------------------------------------------

const EMPTY_DATETIME = '0000-00-00 00:00:00';

function deriveJobEvents({ before, after, created, revision = 0 }: RecordChange): DerivedEvent[] {
  const uuid = text(after.uuid);
  if (created) return [jobEvent('JobIsCreated', after, uuid, [])];
  // A job we never saw (it predates the baseline) has nothing to compare with.
  if (!before) return [];
  const events: DerivedEvent[] = [];
  const at = `${text(after.edit_date)}:r${revision}`;
  const statusBefore = text(before.status);
  const status = text(after.status);
  if (status !== statusBefore && status) {
    events.push(jobEvent('JobStatusChanged', after, `${uuid}:${statusBefore}>${status}:${at}`, ['status']));
    if (status === 'Completed') {
      events.push(jobEvent('JobCompleted', after, `${uuid}:${stampOr(after.completion_date, at)}`, ['status']));
    }
    if (status === 'Quote') events.push(jobEvent('JobAddedToQuote', after, `${uuid}:${at}`, ['status']));
    if (statusBefore === 'Quote' && (status === 'Work Order' || status === 'Completed')) {
      // The same key as the job.quote_accepted event webhook: whichever arrives first counts.
      events.push(jobEvent('JobQuoteApproved', after, uuid, ['status']));
    }
  }
  const category = text(after.category_uuid);
  if (category !== text(before.category_uuid)) {
    events.push(jobEvent('JobCategoryChanged', after, `${uuid}:${category || 'none'}:${at}`, ['category_uuid']));
  }
  const queue = text(after.queue_uuid);
  if (queue && queue !== text(before.queue_uuid)) {
    events.push(jobEvent('JobAddedToQueue', after, `${uuid}:${queue}:${at}`, ['queue_uuid']));
  }
  const badgesBefore = badgeSet(before.badges);
  const badges = badgeSet(after.badges);
  if (!sameSet(badgesBefore, badges)) {
    events.push(jobEvent('JobBadgesChanged', after, `${uuid}:${[...badges].sort().join(',')}:${at}`, ['badges']));
  }
  if (flippedOn(before, after, 'quote_sent')) {
    events.push(jobEvent('JobQuoteSent', after, `${uuid}:${stampOr(after.quote_sent_stamp, at)}`, ['quote_sent']));
  }
  if (flippedOn(before, after, 'invoice_sent')) {
    events.push(
      jobEvent('JobInvoiceSent', after, `${uuid}:${stampOr(after.invoice_sent_stamp, at)}`, ['invoice_sent']),
    );
  }
  if (flippedOn(before, after, 'payment_received')) {
    events.push(
      jobEvent('JobInvoiceApproved', after, `${uuid}:${stampOr(after.payment_received_stamp, at)}`, [
        'payment_received',
      ]),
    );
  }
  return events;
}

const SCHEDULED_KEY = 'JobIsScheduled:';

/** An activity that is a booking in the schedule (not a time record, not deleted). */
export function isBooking(activity: Sm8Record): boolean {
  return isOn(activity.activity_was_scheduled) && isActive(activity);
}

/** The occurrence key of the JobIsScheduled event of a booking (`jobactivity`). */
export function bookingEventKey(bookingUuid: string): string {
  return `${SCHEDULED_KEY}${bookingUuid}`;
}

/** The uuid of the booking (`jobactivity`) a JobIsScheduled event is about, from its occurrence key. */
export function bookingUuidOf(occurrenceKey: string): string | null {
  return occurrenceKey.startsWith(SCHEDULED_KEY) ? occurrenceKey.slice(SCHEDULED_KEY.length) || null : null;
}

/**
 * A booking that changed in a way a run timed from its start cares about: it moved (`start_date`), or
 * it is no longer a booking (deleted, or taken off the schedule).
 */
export function bookingMoved(before: Sm8Record, after: Sm8Record): boolean {
  if (!isBooking(before)) return false;
  return !isBooking(after) || text(before.start_date) !== text(after.start_date);
}

/** A booking (`activity_was_scheduled`) that appears, or an activity that becomes one, schedules its job. */
function deriveActivityEvents({ before, after, created }: RecordChange): DerivedEvent[] {
  if (!isBooking(after)) return [];
  const wasBooking = before !== null && isBooking(before);
  if (wasBooking || (!before && !created)) return [];
  const jobUuid = text(after.job_uuid);
  if (!jobUuid) return [];
  return [
    {
      event: 'JobIsScheduled',
      occurrenceKey: bookingEventKey(text(after.uuid)),
      jobUuid,
      clientUuid: null,
      formResponseUuid: null,
      fields: ['activity_was_scheduled'],
    },
  ];
}

function derivePaymentEvents({ before, after, created }: RecordChange): DerivedEvent[] {
  if (!isActive(after) || before || !created) return [];
  const jobUuid = text(after.job_uuid);
  if (!jobUuid) return [];
  return [
    {
      event: 'JobPaymentMade',
      occurrenceKey: `JobPaymentMade:${text(after.uuid)}`,
      jobUuid,
      clientUuid: null,
      formResponseUuid: null,
      fields: [],
    },
  ];
}

function deriveFormEvents(after: Sm8Record): DerivedEvent[] {
  const regarding = text(after.regarding_object).toLowerCase();
  const regardingUuid = text(after.regarding_object_uuid) || null;
  return [
    {
      event: 'FormIsSubmitted',
      occurrenceKey: `FormIsSubmitted:${text(after.uuid)}`,
      jobUuid: regarding === 'job' ? regardingUuid : null,
      clientUuid: regarding === 'company' ? regardingUuid : null,
      formResponseUuid: text(after.uuid),
      fields: [],
    },
  ];
}

function jobEvent(event: TriggerEvent, job: Sm8Record, key: string, fields: string[]): DerivedEvent {
  return {
    event,
    occurrenceKey: `${event}:${key}`,
    jobUuid: text(job.uuid),
    clientUuid: text(job.company_uuid) || null,
    formResponseUuid: null,
    fields,
  };
}

function clientEvent(event: TriggerEvent, company: Sm8Record): DerivedEvent {
  return {
    event,
    occurrenceKey: `${event}:${text(company.uuid)}`,
    jobUuid: null,
    clientUuid: text(company.uuid),
    formResponseUuid: null,
    fields: [],
  };
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

function isActive(record: Sm8Record): boolean {
  return record.active === undefined || isOn(record.active);
}

function flippedOn(before: Sm8Record, after: Sm8Record, flag: string): boolean {
  return isOn(after[flag]) && !isOn(before[flag]);
}

function stampOr(stamp: unknown, fallback: string): string {
  const value = text(stamp);
  return value && value !== EMPTY_DATETIME ? value : fallback;
}

function badgeSet(value: unknown): Set<string> {
  if (Array.isArray(value)) return new Set(value.map(String));
  return new Set(typeof value === 'string' ? parseBadgeList(value) : []);
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}
