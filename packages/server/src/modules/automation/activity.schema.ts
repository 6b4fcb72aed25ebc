import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FieldChange } from '../../engine/events/describe-change.ts';
import { ownedByVendor } from '../vendors/vendors.schema.ts';
import { automationEvents, eventSource } from './automation.schema.ts';

/** An event an observed change made, by its occurrence key (the event's row, new or seen before). */
export type ChangeEvent = { event: string; occurrenceKey: string };

/**
 * Every change the engine observed in a ServiceM8 record (Automation › Activity): the record, the
 * fields that matter before → after, and the events the change made. Written with the snapshot, in the
 * same statement. Kept 30 days (`automation.forget-old-activity`).
 */
export const recordChanges = pgTable(
  'record_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    object: text().notNull(),
    recordUuid: text().notNull(),
    jobUuid: text(),
    clientUuid: text(),
    source: eventSource().notNull(),
    changes: jsonb().$type<FieldChange[]>().notNull().default([]),
    events: jsonb().$type<ChangeEvent[]>().notNull().default([]),
    /**
     * The record as ServiceM8 answered it after the change: what "Preview on the last 30 days" evaluates
     * an unsaved automation's conditions and texts against. Null for changes kept before it was stored.
     */
    after: jsonb().$type<Record<string, unknown>>(),
    observedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // Activity, newest first, paged by (observed_at, id); a job's timeline; a client's; the nightly
    // forgetting. Ascending, scanned backward: a `desc` key column is DESC NULLS LAST, which an
    // `order by … desc` (NULLS FIRST) cannot use, so every page sorted the vendor's whole range.
    index('record_changes_vendor_observed_idx').on(t.vendorId, t.observedAt, t.id),
    index('record_changes_vendor_job_observed_idx').on(t.vendorId, t.jobUuid, t.observedAt, t.id),
    index('record_changes_vendor_client_observed_idx').on(t.vendorId, t.clientUuid, t.observedAt, t.id),
    index('record_changes_observed_idx').on(t.observedAt),
    // The Event filter (`events @> '[{"event": …}]'`) for an event too rare to find by walking the range.
    // Without a pending list: each search would read the inserts not yet merged (up to 4 MB) first.
    index('record_changes_events_idx').using('gin', t.events.op('jsonb_path_ops')).with({ fastupdate: false }),
  ],
);

/**
 * Why an automation listening to an event did not get a run, decided when the event was matched (an
 * automation that got one is found by its run). `reason`: `switched-off`, `conditions`, `kind`,
 * `own-change`, `cascade-limit`; `detail` says it in a sentence. Kept 30 days.
 */
export const eventOutcomes = pgTable(
  'event_outcomes',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    eventId: uuid()
      .notNull()
      .references(() => automationEvents.id, { onDelete: 'cascade' }),
    triggerId: uuid().notNull(),
    reason: text().notNull(),
    detail: text().notNull(),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('event_outcomes_event_idx').on(t.eventId), index('event_outcomes_decided_idx').on(t.decidedAt)],
);
