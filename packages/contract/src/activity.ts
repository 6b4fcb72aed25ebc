import { z } from 'zod';
import { RunStatus, TriggerEvent } from './enums.ts';

/**
 * Automation › Activity: every change the engine observed in the business's ServiceM8 records, what it
 * changed, the events it made and, for each automation listening to one of them, the run it started
 * or why it did not (`GET /vendor/{vendorId}/Trigger/changes`).
 */

/** How long the changes are kept. */
export const ACTIVITY_KEPT_DAYS = 30;

/**
 * Why an automation listening to an event did not run (or, for `suspended` and `no-plan`, why its run
 * was skipped): switched off; its conditions did not hold; the record is not of the kind it works on;
 * it already ran for this event (the change was seen before); the change was its own write; the chain
 * of automations reached its depth limit; the business's automations are suspended; no active plan.
 */
export const ACTIVITY_REASONS = [
  'switched-off',
  'conditions',
  'kind',
  'already-ran',
  'own-change',
  'cascade-limit',
  'suspended',
  'no-plan',
] as const;
export const ActivityReason = z.enum(ACTIVITY_REASONS);
export type ActivityReason = z.infer<typeof ActivityReason>;

export const ACTIVITY_REASON_LABELS: Readonly<Record<ActivityReason, string>> = {
  'switched-off': 'Switched off',
  conditions: 'Conditions not met',
  kind: 'Record does not fit',
  'already-ran': 'Already ran for this event',
  'own-change': 'Its own change',
  'cascade-limit': 'Chain of automations stopped',
  suspended: 'Automations suspended',
  'no-plan': 'No active plan',
};

/** A field that matters to automations, before → after, in the business's words (names, not ids). */
export const ActivityFieldChange = z.object({
  field: z.enum(['status', 'badges', 'queue', 'category', 'schedule', 'created']),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ActivityFieldChange = z.infer<typeof ActivityFieldChange>;

/** One automation listening to an event: the run it started (linked) and/or why it did not run. */
export const ActivityAutomation = z.object({
  triggerId: z.string(),
  /** Null when the automation has been deleted since. */
  triggerName: z.string().nullable(),
  run: z.object({ id: z.string(), status: RunStatus, reason: z.string().nullable() }).nullable(),
  reason: ActivityReason.nullable(),
  /** The reason in a sentence ("The job's status is Completed? no: it is Quote."), or null for a run that went ahead. */
  explanation: z.string().nullable(),
});
export type ActivityAutomation = z.infer<typeof ActivityAutomation>;

export const ActivityEvent = z.object({
  event: TriggerEvent,
  /** The change had been seen before (this event already happened): it is not matched again. */
  seenBefore: z.boolean(),
  /** Not matched yet (matching follows the observation within seconds). */
  pending: z.boolean(),
  automations: z.array(ActivityAutomation),
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const ActivityEntry = z.object({
  id: z.string(),
  observedAt: z.string(),
  /** The ServiceM8 object: job, company, jobactivity, jobpayment, formresponse. */
  object: z.string(),
  recordUuid: z.string(),
  /** `webhook`: a delivery rang for it; `reconcile`: the regular check of what changed found it. */
  source: z.enum(['webhook', 'reconcile']),
  jobUuid: z.string().nullable(),
  jobNumber: z.string().nullable(),
  clientUuid: z.string().nullable(),
  clientName: z.string().nullable(),
  changes: z.array(ActivityFieldChange),
  /** Set when the change was written by one of our own runs (the engine does not let it start that automation again). */
  ownWrite: z.object({ runId: z.string(), triggerName: z.string().nullable() }).nullable(),
  events: z.array(ActivityEvent),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityPage = z.object({
  items: z.array(ActivityEntry),
  /** Pass as `Cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

export const ACTIVITY_PAGE_SIZE_MAX = 100;

/** A moment with its offset (`Z` or `+13:00`), as the document's `date-time` format says. */
const isoDate = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time such as 2026-03-01T00:00:00Z.` }).optional();

export const ActivityQuery = z.object({
  Job: z.string().trim().max(40, 'Job must be a job number of at most 40 characters.').optional(),
  Client: z.string().trim().max(200, 'Client must be at most 200 characters.').optional(),
  Event: z.enum(TriggerEvent.options, `Event must be one of ${TriggerEvent.options.join(', ')}.`).optional(),
  From: isoDate('From').describe('Changes observed at or after this time.'),
  To: isoDate('To').describe('Changes observed before this time.'),
  Cursor: z
    .string()
    .max(200, 'Cursor must be the nextCursor of a page.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Cursor must be the nextCursor of a page.')
    .optional(),
  PageSize: z.coerce
    .number({ error: 'PageSize must be a number.' })
    .int('PageSize must be a whole number.')
    .min(1, 'PageSize must be at least 1.')
    .max(ACTIVITY_PAGE_SIZE_MAX, `PageSize must be at most ${ACTIVITY_PAGE_SIZE_MAX}.`)
    .default(25),
});
export type ActivityQuery = z.output<typeof ActivityQuery>;
