import { TRIGGER_EVENTS, type TriggerEvent } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import {
  bookingEventKey,
  bookingMoved,
  bookingUuidOf,
  type DerivedEvent,
  deriveEvents,
  deriveEventWebhookEvents,
  isEventWebhook,
  isWatchedObject,
  type RecordChange,
  type Sm8Record,
} from './derive-events.ts';

const JOB = 'job-1';
const CLIENT = 'client-1';
const EMPTY = '0000-00-00 00:00:00';
const T0 = '2026-03-02 08:00:00';
const T1 = '2026-03-02 09:15:00';
const T2 = '2026-03-02 10:40:00';

/** A ServiceM8 job as the API returns it: 0/1 flags (numbers or strings), badges as a JSON string. */
function job(fields: Sm8Record = {}): Sm8Record {
  return {
    uuid: JOB,
    active: 1,
    company_uuid: CLIENT,
    status: 'Work Order',
    category_uuid: 'cat-a',
    queue_uuid: '',
    badges: '[]',
    quote_sent: '0',
    quote_sent_stamp: EMPTY,
    invoice_sent: 0,
    invoice_sent_stamp: EMPTY,
    payment_processed: '0',
    payment_received: '0',
    payment_received_stamp: EMPTY,
    completion_date: EMPTY,
    edit_date: T0,
    ...fields,
  };
}

/** A known job edited: `before` fields on the kept snapshot, `after` fields on the fresh read (at T1). */
function edit(before: Sm8Record, after: Sm8Record): RecordChange {
  return { object: 'job', before: job(before), after: job({ ...before, edit_date: T1, ...after }), created: false };
}

const BOOKING = {
  uuid: 'activity-1',
  active: 1,
  job_uuid: JOB,
  activity_was_scheduled: '1',
  activity_was_recorded: '0',
};
const PAYMENT = { uuid: 'payment-1', active: 1, job_uuid: JOB, amount: '150.00', method: 'Cash', timestamp: T1 };
const COMPANY = { uuid: CLIENT, active: 1, name: 'Acme Plumbing' };
const FORM_RESPONSE = {
  uuid: 'response-1',
  active: 1,
  form_uuid: 'form-1',
  regarding_object: 'job',
  regarding_object_uuid: JOB,
  field_data: '[]',
};

const names = (events: DerivedEvent[]) => events.map((event) => event.event).sort();

function single(events: DerivedEvent[], name: TriggerEvent): DerivedEvent {
  const found = events.filter((event) => event.event === name);
  expect(found).toHaveLength(1);
  return found[0] as DerivedEvent;
}

const onJob = { jobUuid: JOB, clientUuid: CLIENT, formResponseUuid: null };

type Derives = {
  event: TriggerEvent;
  why: string;
  change: RecordChange;
  /** Every event the change raises (just `event` when left out). */
  all?: TriggerEvent[];
  ids: Pick<DerivedEvent, 'jobUuid' | 'clientUuid' | 'formResponseUuid'>;
};

const DERIVES: Derives[] = [
  {
    event: 'JobIsCreated',
    why: 'a job ServiceM8 says was created (a Quote in a queue, with badges: still only the creation)',
    change: {
      object: 'job',
      before: null,
      after: job({ status: 'Quote', queue_uuid: 'queue-1', badges: '["badge-a"]', quote_sent: 1 }),
      created: true,
    },
    ids: onJob,
  },
  {
    event: 'JobStatusChanged',
    why: 'status Work Order → Unsuccessful',
    change: edit({ status: 'Work Order' }, { status: 'Unsuccessful' }),
    ids: onJob,
  },
  {
    event: 'JobCategoryChanged',
    why: 'category changed to another',
    change: edit({ category_uuid: 'cat-a' }, { category_uuid: 'cat-b' }),
    ids: onJob,
  },
  {
    event: 'JobCategoryChanged',
    why: 'a category given to a job without one',
    change: edit({ category_uuid: '' }, { category_uuid: 'cat-b' }),
    ids: onJob,
  },
  {
    event: 'JobCategoryChanged',
    why: 'category cleared',
    change: edit({ category_uuid: 'cat-a' }, { category_uuid: '' }),
    ids: onJob,
  },
  {
    event: 'JobIsScheduled',
    why: 'a new booking',
    change: { object: 'jobactivity', before: null, after: BOOKING, created: true },
    ids: { jobUuid: JOB, clientUuid: null, formResponseUuid: null },
  },
  {
    event: 'JobIsScheduled',
    why: 'a known activity that becomes an active booking (a cancelled booking restored)',
    change: { object: 'jobactivity', before: { ...BOOKING, active: '0' }, after: BOOKING, created: false },
    ids: { jobUuid: JOB, clientUuid: null, formResponseUuid: null },
  },
  {
    event: 'JobCompleted',
    why: 'status Work Order → Completed',
    change: edit({ status: 'Work Order' }, { status: 'Completed', completion_date: T1 }),
    all: ['JobStatusChanged', 'JobCompleted'],
    ids: onJob,
  },
  {
    event: 'JobAddedToQueue',
    why: 'a job put in a queue',
    change: edit({ queue_uuid: '' }, { queue_uuid: 'queue-1' }),
    ids: onJob,
  },
  {
    event: 'JobAddedToQueue',
    why: 'a job moved to another queue',
    change: edit({ queue_uuid: 'queue-1' }, { queue_uuid: 'queue-2' }),
    ids: onJob,
  },
  {
    event: 'JobAddedToQuote',
    why: 'status Work Order → Quote',
    change: edit({ status: 'Work Order' }, { status: 'Quote' }),
    all: ['JobStatusChanged', 'JobAddedToQuote'],
    ids: onJob,
  },
  {
    event: 'JobQuoteSent',
    why: 'quote_sent "0" → "1"',
    change: edit({ quote_sent: '0' }, { quote_sent: '1', quote_sent_stamp: T1 }),
    ids: onJob,
  },
  {
    event: 'JobQuoteSent',
    why: 'quote_sent 0 → 1 (numbers), no stamp yet',
    change: edit({ quote_sent: 0 }, { quote_sent: 1 }),
    ids: onJob,
  },
  {
    event: 'JobQuoteApproved',
    why: 'status Quote → Work Order',
    change: edit({ status: 'Quote' }, { status: 'Work Order' }),
    all: ['JobStatusChanged', 'JobQuoteApproved'],
    ids: onJob,
  },
  {
    event: 'JobQuoteApproved',
    why: 'status Quote → Completed',
    change: edit({ status: 'Quote' }, { status: 'Completed', completion_date: T1 }),
    all: ['JobStatusChanged', 'JobCompleted', 'JobQuoteApproved'],
    ids: onJob,
  },
  {
    event: 'JobInvoiceSent',
    why: 'invoice_sent 0 → 1',
    change: edit({ invoice_sent: 0 }, { invoice_sent: 1, invoice_sent_stamp: T1 }),
    ids: onJob,
  },
  {
    event: 'JobInvoiceApproved',
    why: 'payment_received "0" → "1" (paid in full)',
    change: edit({ payment_received: '0' }, { payment_received: '1', payment_received_stamp: T1 }),
    ids: onJob,
  },
  {
    event: 'JobPaymentMade',
    why: 'a new payment on the job',
    change: { object: 'jobpayment', before: null, after: PAYMENT, created: true },
    ids: { jobUuid: JOB, clientUuid: null, formResponseUuid: null },
  },
  {
    event: 'ClientIsCreated',
    why: 'a new client',
    change: { object: 'company', before: null, after: COMPANY, created: true },
    ids: { jobUuid: null, clientUuid: CLIENT, formResponseUuid: null },
  },
  {
    event: 'JobBadgesChanged',
    why: 'a badge added',
    change: edit({ badges: '[]' }, { badges: '["badge-a"]' }),
    ids: onJob,
  },
  {
    event: 'JobBadgesChanged',
    why: 'a badge removed',
    change: edit({ badges: '["badge-a","badge-b"]' }, { badges: '["badge-b"]' }),
    ids: onJob,
  },
  {
    event: 'JobBadgesChanged',
    why: 'a badge swapped for another',
    change: edit({ badges: '["badge-a"]' }, { badges: '["badge-b"]' }),
    ids: onJob,
  },
  {
    event: 'FormIsSubmitted',
    why: 'a new form response about a job',
    change: { object: 'formresponse', before: null, after: FORM_RESPONSE, created: true },
    ids: { jobUuid: JOB, clientUuid: null, formResponseUuid: 'response-1' },
  },
  {
    event: 'FormIsSubmitted',
    why: 'a new form response about a client',
    change: {
      object: 'formresponse',
      before: null,
      after: { ...FORM_RESPONSE, regarding_object: 'company', regarding_object_uuid: CLIENT },
      created: true,
    },
    ids: { jobUuid: null, clientUuid: CLIENT, formResponseUuid: 'response-1' },
  },
  {
    event: 'FormIsSubmitted',
    why: 'a new form response about an asset',
    change: {
      object: 'formresponse',
      before: null,
      after: { ...FORM_RESPONSE, regarding_object: 'asset', regarding_object_uuid: 'asset-1' },
      created: true,
    },
    ids: { jobUuid: null, clientUuid: null, formResponseUuid: 'response-1' },
  },
];

type Misses = { event: TriggerEvent; why: string; change: RecordChange; all?: TriggerEvent[] };

const MISSES: Misses[] = [
  {
    event: 'JobIsCreated',
    why: 'a job seen for the first time that is not new (it predates the baseline)',
    change: { object: 'job', before: null, after: job({ status: 'Quote', badges: '["badge-a"]' }), created: false },
  },
  {
    event: 'JobIsCreated',
    why: 'a known job edited',
    change: edit({ status: 'Quote' }, { status: 'Work Order' }),
    all: ['JobStatusChanged', 'JobQuoteApproved'],
  },
  {
    event: 'JobStatusChanged',
    why: 'status unchanged, other fields edited',
    change: edit({ status: 'Work Order' }, { job_description: 'Replace the hot water cylinder' }),
  },
  {
    event: 'JobCategoryChanged',
    why: 'category unchanged',
    change: edit({ category_uuid: 'cat-a' }, { category_uuid: 'cat-a', job_address: '1 Queen St' }),
  },
  {
    event: 'JobIsScheduled',
    why: 'a new booking that is cancelled (inactive)',
    change: { object: 'jobactivity', before: null, after: { ...BOOKING, active: 0 }, created: true },
  },
  {
    event: 'JobIsScheduled',
    why: 'a booking becoming inactive',
    change: { object: 'jobactivity', before: BOOKING, after: { ...BOOKING, active: '0' }, created: false },
  },
  {
    event: 'JobIsScheduled',
    why: 'a recorded check-in activity that is not a booking',
    change: {
      object: 'jobactivity',
      before: null,
      after: { ...BOOKING, activity_was_scheduled: '0', activity_was_recorded: '1' },
      created: true,
    },
  },
  {
    event: 'JobIsScheduled',
    why: 'a booking seen for the first time that is not new',
    change: { object: 'jobactivity', before: null, after: BOOKING, created: false },
  },
  {
    event: 'JobIsScheduled',
    why: 'a known booking rescheduled',
    change: {
      object: 'jobactivity',
      before: { ...BOOKING, start_date: '2026-03-03 09:00:00' },
      after: { ...BOOKING, start_date: '2026-03-04 09:00:00' },
      created: false,
    },
  },
  {
    event: 'JobIsScheduled',
    why: 'a new booking on no job',
    change: { object: 'jobactivity', before: null, after: { ...BOOKING, job_uuid: '' }, created: true },
  },
  {
    event: 'JobCompleted',
    why: 'a completed job edited (status unchanged)',
    change: edit({ status: 'Completed', completion_date: T0 }, { work_done_description: 'Done' }),
  },
  {
    event: 'JobCompleted',
    why: 'a completed job reopened (Completed → Work Order)',
    change: edit({ status: 'Completed', completion_date: T0 }, { status: 'Work Order' }),
    all: ['JobStatusChanged'],
  },
  {
    event: 'JobAddedToQueue',
    why: 'queue cleared',
    change: edit({ queue_uuid: 'queue-1' }, { queue_uuid: '' }),
  },
  {
    event: 'JobAddedToQueue',
    why: 'queue unchanged',
    change: edit({ queue_uuid: 'queue-1' }, { queue_uuid: 'queue-1', job_description: 'Call first' }),
  },
  {
    event: 'JobAddedToQuote',
    why: 'a quote edited (status unchanged)',
    change: edit({ status: 'Quote' }, { job_description: 'Two options' }),
  },
  {
    event: 'JobAddedToQuote',
    why: 'a quote lost (Quote → Unsuccessful)',
    change: edit({ status: 'Quote' }, { status: 'Unsuccessful' }),
    all: ['JobStatusChanged'],
  },
  {
    event: 'JobQuoteSent',
    why: 'quote_sent already on ("1" → 1)',
    change: edit({ quote_sent: '1', quote_sent_stamp: T0 }, { quote_sent: 1 }),
  },
  {
    event: 'JobQuoteSent',
    why: 'quote_sent turned off',
    change: edit({ quote_sent: '1', quote_sent_stamp: T0 }, { quote_sent: '0' }),
  },
  {
    event: 'JobQuoteApproved',
    why: 'a work order completed (never a quote)',
    change: edit({ status: 'Work Order' }, { status: 'Completed', completion_date: T1 }),
    all: ['JobStatusChanged', 'JobCompleted'],
  },
  {
    event: 'JobQuoteApproved',
    why: 'a quote lost (Quote → Unsuccessful)',
    change: edit({ status: 'Quote' }, { status: 'Unsuccessful' }),
    all: ['JobStatusChanged'],
  },
  {
    event: 'JobInvoiceSent',
    why: 'invoice_sent already on',
    change: edit({ invoice_sent: 1, invoice_sent_stamp: T0 }, { invoice_sent: '1' }),
  },
  {
    event: 'JobInvoiceApproved',
    why: 'payment_received already on',
    change: edit({ payment_received: '1', payment_received_stamp: T0 }, { payment_received: 1 }),
  },
  {
    event: 'JobInvoiceApproved',
    why: 'exported to accounting (payment_processed), not paid',
    change: edit({ payment_processed: '0' }, { payment_processed: '1' }),
  },
  {
    event: 'JobPaymentMade',
    why: 'a payment seen for the first time that is not new',
    change: { object: 'jobpayment', before: null, after: PAYMENT, created: false },
  },
  {
    event: 'JobPaymentMade',
    why: 'a new payment already deleted (inactive)',
    change: { object: 'jobpayment', before: null, after: { ...PAYMENT, active: 0 }, created: true },
  },
  {
    event: 'JobPaymentMade',
    why: 'a known payment edited',
    change: { object: 'jobpayment', before: PAYMENT, after: { ...PAYMENT, note: 'Receipt sent' }, created: false },
  },
  {
    event: 'ClientIsCreated',
    why: 'a client seen for the first time that is not new',
    change: { object: 'company', before: null, after: COMPANY, created: false },
  },
  {
    event: 'ClientIsCreated',
    why: 'a known client edited',
    change: { object: 'company', before: COMPANY, after: { ...COMPANY, name: 'Acme Plumbing Ltd' }, created: false },
  },
  {
    event: 'JobBadgesChanged',
    why: 'badge order changed only',
    change: edit({ badges: '["badge-a","badge-b"]' }, { badges: '["badge-b","badge-a"]' }),
  },
  {
    event: 'JobBadgesChanged',
    why: 'no badges written as "" and as "[]"',
    change: edit({ badges: '' }, { badges: '[]' }),
  },
  {
    event: 'FormIsSubmitted',
    why: 'a form response seen for the first time that is not new (it predates the baseline)',
    change: { object: 'formresponse', before: null, after: FORM_RESPONSE, created: false },
  },
  {
    event: 'FormIsSubmitted',
    why: 'a known form response edited',
    change: {
      object: 'formresponse',
      before: FORM_RESPONSE,
      after: { ...FORM_RESPONSE, document_attachment_uuid: 'attachment-1' },
      created: false,
    },
  },
];

describe('deriveEvents: the change that raises each event', () => {
  it('covers all 15 events, each with a near miss', () => {
    expect(new Set(DERIVES.map((row) => row.event))).toEqual(new Set(TRIGGER_EVENTS));
    expect(new Set(MISSES.map((row) => row.event))).toEqual(new Set(TRIGGER_EVENTS));
  });

  it.each(DERIVES)('$event from $why', ({ event, change, all, ids }) => {
    const events = deriveEvents(change);
    expect(names(events)).toEqual([...(all ?? [event])].sort());
    expect(single(events, event)).toMatchObject(ids);
  });
});

describe('deriveEvents: near misses', () => {
  it.each(MISSES)('no $event from $why', ({ event, change, all }) => {
    const events = deriveEvents(change);
    expect(names(events)).not.toContain(event);
    expect(names(events)).toEqual([...(all ?? [])].sort());
  });
});

describe('deriveEvents: one change, several events', () => {
  it('a job created derives only JobIsCreated, with no status, queue, badge or flag events', () => {
    for (const status of ['Quote', 'Work Order', 'Completed']) {
      const after = job({ status, queue_uuid: 'queue-1', badges: '["badge-a"]', invoice_sent: 1 });
      expect(names(deriveEvents({ object: 'job', before: null, after, created: true }))).toEqual(['JobIsCreated']);
    }
  });

  it('status → Completed with badges changed gives JobStatusChanged, JobCompleted and JobBadgesChanged', () => {
    const events = deriveEvents(
      edit(
        { status: 'Work Order', badges: '["badge-a"]' },
        { status: 'Completed', badges: '["badge-a","badge-done"]' },
      ),
    );
    expect(names(events)).toEqual(['JobBadgesChanged', 'JobCompleted', 'JobStatusChanged']);
    for (const event of events) expect(event).toMatchObject(onJob);
    expect(new Set(events.map((event) => event.occurrenceKey)).size).toBe(events.length);
  });

  it('every field of a job can change at once, each raising its own event with a distinct key', () => {
    const events = deriveEvents(
      edit(
        { status: 'Quote' },
        {
          status: 'Work Order',
          category_uuid: 'cat-b',
          queue_uuid: 'queue-1',
          badges: '["badge-a"]',
          quote_sent: '1',
          invoice_sent: '1',
          payment_received: '1',
        },
      ),
    );
    expect(names(events)).toEqual(
      [
        'JobStatusChanged',
        'JobQuoteApproved',
        'JobCategoryChanged',
        'JobAddedToQueue',
        'JobBadgesChanged',
        'JobQuoteSent',
        'JobInvoiceSent',
        'JobInvoiceApproved',
      ].sort(),
    );
    expect(new Set(events.map((event) => event.occurrenceKey)).size).toBe(events.length);
  });

  it.each([
    ['JobStatusChanged', 'status'],
    ['JobCategoryChanged', 'category_uuid'],
    ['JobAddedToQueue', 'queue_uuid'],
    ['JobBadgesChanged', 'badges'],
    ['JobQuoteSent', 'quote_sent'],
    ['JobInvoiceSent', 'invoice_sent'],
    ['JobInvoiceApproved', 'payment_received'],
  ] as const)('%s names %s as the field that raised it (for the loop guard)', (event, field) => {
    const events = deriveEvents(
      edit(
        { status: 'Work Order' },
        {
          status: 'Unsuccessful',
          category_uuid: 'cat-b',
          queue_uuid: 'queue-1',
          badges: '["badge-a"]',
          quote_sent: 1,
          invoice_sent: 1,
          payment_received: 1,
        },
      ),
    );
    expect(single(events, event).fields).toContain(field);
  });

  it('a creation names no fields', () => {
    const events = deriveEvents({ object: 'job', before: null, after: job(), created: true });
    expect(single(events, 'JobIsCreated').fields).toEqual([]);
  });
});

describe('occurrence keys', () => {
  const key = (change: RecordChange, event: TriggerEvent) => single(deriveEvents(change), event).occurrenceKey;

  it.each(DERIVES)('the same change derived twice gives the same $event key ($why)', ({ event, change }) => {
    expect(key(structuredClone(change), event)).toBe(key(change, event));
  });

  it('the same change derived twice gives identical events', () => {
    const change = () =>
      edit({ status: 'Work Order', badges: '[]' }, { status: 'Completed', badges: '["b"]', completion_date: T1 });
    expect(deriveEvents(change())).toEqual(deriveEvents(change()));
  });

  it('status Quote → Work Order at two different edit dates gives two JobStatusChanged keys', () => {
    const first = edit({ status: 'Quote' }, { status: 'Work Order', edit_date: T1 });
    const second = edit({ status: 'Quote' }, { status: 'Work Order', edit_date: T2 });
    expect(key(first, 'JobStatusChanged')).not.toBe(key(second, 'JobStatusChanged'));
  });

  it.each<[TriggerEvent, Sm8Record, Sm8Record, Sm8Record]>([
    ['JobStatusChanged', { status: 'Quote' }, { status: 'Work Order', edit_date: T1 }, { status: 'Unsuccessful' }],
    ['JobCategoryChanged', { category_uuid: 'cat-a' }, { category_uuid: 'cat-b', edit_date: T1 }, { edit_date: T2 }],
    ['JobAddedToQueue', { queue_uuid: '' }, { queue_uuid: 'queue-1', edit_date: T1 }, { edit_date: T2 }],
    ['JobAddedToQueue', { queue_uuid: '' }, { queue_uuid: 'queue-1' }, { queue_uuid: 'queue-2' }],
    ['JobAddedToQuote', { status: 'Work Order' }, { status: 'Quote', edit_date: T1 }, { edit_date: T2 }],
    ['JobBadgesChanged', { badges: '[]' }, { badges: '["badge-a"]', edit_date: T1 }, { edit_date: T2 }],
    ['JobBadgesChanged', { badges: '[]' }, { badges: '["badge-a"]' }, { badges: '["badge-b"]' }],
    ['JobCompleted', { status: 'Work Order' }, { status: 'Completed', completion_date: T1 }, { completion_date: T2 }],
    ['JobQuoteSent', { quote_sent: 0 }, { quote_sent: 1, quote_sent_stamp: T1 }, { quote_sent_stamp: T2 }],
    ['JobInvoiceSent', { invoice_sent: 0 }, { invoice_sent: 1, invoice_sent_stamp: T1 }, { invoice_sent_stamp: T2 }],
    [
      'JobInvoiceApproved',
      { payment_received: 0 },
      { payment_received: 1, payment_received_stamp: T1 },
      { payment_received_stamp: T2 },
    ],
  ])('two different %s changes of the same job have different keys', (event, before, first, differs) => {
    const a = edit(before, first);
    const b = edit(before, { ...first, ...differs });
    expect(key(a, event)).not.toBe(key(b, event));
  });

  it('a job completed twice with no completion_date yet (empty datetime) gives two JobCompleted keys', () => {
    const first = edit({ status: 'Work Order' }, { status: 'Completed', completion_date: EMPTY, edit_date: T1 });
    const again = edit({ status: 'Work Order' }, { status: 'Completed', completion_date: EMPTY, edit_date: T2 });
    expect(key(first, 'JobCompleted')).not.toBe(key(again, 'JobCompleted'));
  });

  it('a flag with no stamp yet still gives a key per change (falls back to the edit date)', () => {
    const first = edit({ quote_sent: '0' }, { quote_sent: '1', quote_sent_stamp: EMPTY, edit_date: T1 });
    const again = edit({ quote_sent: '0' }, { quote_sent: '1', quote_sent_stamp: EMPTY, edit_date: T2 });
    expect(key(first, 'JobQuoteSent')).not.toBe(key(again, 'JobQuoteSent'));
  });

  it.each<[TriggerEvent, Sm8Record, Sm8Record]>([
    ['JobQuoteSent', { quote_sent: 0 }, { quote_sent: 1, quote_sent_stamp: T1 }],
    ['JobInvoiceSent', { invoice_sent: 0 }, { invoice_sent: 1, invoice_sent_stamp: T1 }],
    ['JobInvoiceApproved', { payment_received: 0 }, { payment_received: 1, payment_received_stamp: T1 }],
    ['JobCompleted', { status: 'Work Order' }, { status: 'Completed', completion_date: T1 }],
  ])('%s read again after a later unrelated edit keeps its key (its own stamp)', (event, before, after) => {
    const soon = edit(before, { ...after, edit_date: T1 });
    const later = edit(before, { ...after, edit_date: T2, job_description: 'edited since' });
    expect(key(later, event)).toBe(key(soon, event));
  });

  it('the same change on two jobs gives different keys', () => {
    const one = edit({ status: 'Quote' }, { status: 'Work Order' });
    const other = edit({ uuid: 'job-2', status: 'Quote' }, { status: 'Work Order' });
    for (const event of ['JobStatusChanged', 'JobQuoteApproved'] as const) {
      expect(key(one, event)).not.toBe(key(other, event));
    }
  });

  it('the same kind of record under two uuids gives different keys', () => {
    const created = (object: RecordChange['object'], after: Sm8Record): RecordChange => ({
      object,
      before: null,
      after,
      created: true,
    });
    expect(key(created('jobactivity', BOOKING), 'JobIsScheduled')).not.toBe(
      key(created('jobactivity', { ...BOOKING, uuid: 'activity-2' }), 'JobIsScheduled'),
    );
    expect(key(created('jobpayment', PAYMENT), 'JobPaymentMade')).not.toBe(
      key(created('jobpayment', { ...PAYMENT, uuid: 'payment-2' }), 'JobPaymentMade'),
    );
    expect(key(created('company', COMPANY), 'ClientIsCreated')).not.toBe(
      key(created('company', { ...COMPANY, uuid: 'client-2' }), 'ClientIsCreated'),
    );
    expect(key(created('formresponse', FORM_RESPONSE), 'FormIsSubmitted')).not.toBe(
      key(created('formresponse', { ...FORM_RESPONSE, uuid: 'response-2' }), 'FormIsSubmitted'),
    );
    expect(key(created('job', job()), 'JobIsCreated')).not.toBe(
      key(created('job', job({ uuid: 'job-2' })), 'JobIsCreated'),
    );
  });

  it('a new booking seen by its creation and again as a restored booking is one occurrence', () => {
    const asNew = deriveEvents({ object: 'jobactivity', before: null, after: BOOKING, created: true });
    const asRestored = deriveEvents({
      object: 'jobactivity',
      before: { ...BOOKING, active: 0 },
      after: BOOKING,
      created: false,
    });
    expect(single(asRestored, 'JobIsScheduled').occurrenceKey).toBe(single(asNew, 'JobIsScheduled').occurrenceKey);
  });
});

describe('deriveEventWebhookEvents', () => {
  it('job.quote_accepted derives JobQuoteApproved for the job and its client', () => {
    const events = deriveEventWebhookEvents('job.quote_accepted', job({ status: 'Work Order' }));
    expect(names(events)).toEqual(['JobQuoteApproved']);
    expect(events[0]).toMatchObject(onJob);
  });

  it.each([
    ['Quote → Work Order', 'Work Order'],
    ['Quote → Completed', 'Completed'],
  ])('job.quote_accepted has the same key as the status change %s, so they de-duplicate', (_, status) => {
    const accepted = single(
      deriveEventWebhookEvents('job.quote_accepted', job({ status, edit_date: T1 })),
      'JobQuoteApproved',
    );
    const fromStatus = single(deriveEvents(edit({ status: 'Quote' }, { status, edit_date: T2 })), 'JobQuoteApproved');
    expect(accepted.occurrenceKey).toBe(fromStatus.occurrenceKey);
  });

  it.each(['job.created', 'company.created', 'form.response_created'] as const)(
    '%s adds nothing beyond what the created record derives',
    (type) => {
      expect(deriveEventWebhookEvents(type, job())).toEqual([]);
    },
  );
});

describe('isWatchedObject', () => {
  it.each([
    ['job', true],
    ['company', true],
    ['jobactivity', true],
    ['jobpayment', true],
    ['formresponse', true],
    ['attachment', false],
    ['note', false],
    ['jobmaterial', false],
    ['', false],
  ])('%s → %s', (object, watched) => {
    expect(isWatchedObject(object)).toBe(watched);
  });
});

describe('isEventWebhook', () => {
  it.each([
    ['job.created', true],
    ['company.created', true],
    ['form.response_created', true],
    ['job.quote_accepted', true],
    ['job.updated', false],
    ['job.status_changed', false],
    ['job.invoice_paid', false],
    ['toString', false],
    ['hasOwnProperty', false],
    ['', false],
  ])('%s → %s', (type, known) => {
    expect(isEventWebhook(type)).toBe(known);
  });
});

describe('a value that returns within one second', () => {
  it('is a new change each time, told apart by the snapshot revision', () => {
    const at = { edit_date: '2026-11-22 10:00:00' };
    const keyOf = (before: Sm8Record, after: Sm8Record, revision: number) =>
      deriveEvents({ object: 'job', before, after, created: false, revision }).find(
        (event) => event.event === 'JobCategoryChanged',
      )?.occurrenceKey;
    const a = job({ ...at, category_uuid: 'cat-a' });
    const b = job({ ...at, category_uuid: 'cat-b' });
    const first = keyOf(a, b, 1);
    const back = keyOf(b, a, 2);
    const again = keyOf(a, b, 3);
    expect(new Set([first, back, again]).size).toBe(3);
    expect(keyOf(a, b, 1)).toBe(first);
  });
});

describe('a booking a run is timed from', () => {
  const booked = { ...BOOKING, start_date: '2026-03-03 09:00:00' };

  it('is named by the occurrence key of its JobIsScheduled event', () => {
    const [event] = deriveEvents({ object: 'jobactivity', before: null, after: booked, created: true });
    expect(event?.occurrenceKey).toBe(bookingEventKey('activity-1'));
    expect(bookingUuidOf(event?.occurrenceKey ?? '')).toBe('activity-1');
    expect(bookingUuidOf('JobPaymentMade:payment-1')).toBeNull();
  });

  it('moved when its start changes, is deleted or leaves the schedule; not when only its end changes', () => {
    expect(bookingMoved(booked, { ...booked, start_date: '2026-03-04 09:00:00' })).toBe(true);
    expect(bookingMoved(booked, { ...booked, active: 0 })).toBe(true);
    expect(bookingMoved(booked, { ...booked, activity_was_scheduled: '0' })).toBe(true);
    expect(bookingMoved(booked, { ...booked, end_date: '2026-03-03 12:00:00' })).toBe(false);
    expect(bookingMoved({ ...booked, active: 0 }, { ...booked, start_date: '2026-03-04 09:00:00' })).toBe(false);
  });
});
