import { z } from 'zod';
import { ACTIVITY_KEPT_DAYS } from './activity.ts';
import { TriggerEvent } from './enums.ts';
import { AutomationAction, TriggerDefinition } from './triggers.ts';

/**
 * "Preview on the last 30 days" (`POST /vendor/{vendorId}/Trigger/preview`): the changes kept for the
 * business replayed through a trigger definition that need not be saved, listing the runs it would have
 * started (when each would have acted, what it would have said) and the changes it would have skipped,
 * with why. Nothing is sent and ServiceM8 is not asked.
 */

/** How far back a preview looks: as long as changes are kept. */
export const PREVIEW_DAYS = ACTIVITY_KEPT_DAYS;
/** A preview lists at most this many runs, and this many skipped changes, newest first (it counts them all). */
export const PREVIEW_LISTED_MAX = 50;

export const PreviewRequest = z.object({
  definition: TriggerDefinition,
  /**
   * The saved trigger being edited, if any: a change one of its own runs wrote does not start it
   * again, as in a real run.
   */
  triggerId: z.uuid('triggerId must be the id of one of your triggers.').optional(),
});
export type PreviewRequest = z.input<typeof PreviewRequest>;

/** What the change was about, as Activity names it. */
const PreviewSubject = {
  /** The observed change (its Activity entry). */
  changeId: z.string(),
  /** When the change was seen, which is when the event happened. */
  occurredAt: z.string(),
  event: TriggerEvent,
  object: z.string(),
  recordUuid: z.string(),
  jobUuid: z.string().nullable(),
  jobNumber: z.string().nullable(),
  clientName: z.string().nullable(),
};

export const PreviewAction = z.object({
  actionId: z.string(),
  type: AutomationAction,
  /** The action in the editor's words ("Text the client"). */
  label: z.string(),
  /** Its texts filled in from the record as the change left it, by the editor's label ("Message"). */
  texts: z.array(z.object({ label: z.string(), text: z.string() })),
  /** Merge fields that had no value on that record (they would have been empty). */
  missingMergeFields: z.array(z.string()),
  /** Why it could not have been done, when that is known without ServiceM8 (a deleted email template). */
  problem: z.string().nullable(),
});
export type PreviewAction = z.infer<typeof PreviewAction>;

export const PreviewRun = z.object({
  ...PreviewSubject,
  /** When its actions would have happened: the delay, the booking's start, then quiet hours for client messages. */
  actsAt: z.string(),
  /** The same in a sentence, in the business's time zone. */
  timing: z.string(),
  actions: z.array(PreviewAction),
});
export type PreviewRun = z.infer<typeof PreviewRun>;

/**
 * Why a change with the trigger's event would not have started a run: its conditions were false (which,
 * with the value found); the record does not fit the automation's kind; the event had happened before
 * (already ran); it was this automation's own change; the chain of automations was at its limit; or the
 * booking it counts back from was gone or had started (a real run would be recorded as Skipped).
 */
export const PREVIEW_SKIP_REASONS = [
  'conditions',
  'kind',
  'already-ran',
  'own-change',
  'cascade-limit',
  'booking',
] as const;
export const PreviewSkipReason = z.enum(PREVIEW_SKIP_REASONS);
export type PreviewSkipReason = z.infer<typeof PreviewSkipReason>;

export const PREVIEW_SKIP_LABELS: Readonly<Record<PreviewSkipReason, string>> = {
  conditions: 'Conditions not met',
  kind: 'Record does not fit',
  'already-ran': 'Event had happened before',
  'own-change': 'Its own change',
  'cascade-limit': 'Chain of automations stopped',
  booking: 'Booking gone or started',
};

export const PreviewSkip = z.object({
  ...PreviewSubject,
  reason: PreviewSkipReason,
  explanation: z.string(),
});
export type PreviewSkip = z.infer<typeof PreviewSkip>;

export const PreviewResult = z.object({
  /** The period the changes cover: from the first change kept (at most 30 days back) to now. */
  period: z.object({ from: z.string().nullable(), to: z.string(), days: z.number().int() }),
  /** The period in a sentence, saying why it may be shorter than 30 days. */
  coverage: z.string(),
  /** Changes in the period that had the trigger's event. */
  changesWithEvent: z.number().int(),
  runCount: z.number().int(),
  /** The newest runs, at most `PREVIEW_LISTED_MAX`. */
  runs: z.array(PreviewRun),
  skippedCount: z.number().int(),
  skippedByReason: z.record(PreviewSkipReason, z.number().int()),
  /** The newest skipped changes, at most `PREVIEW_LISTED_MAX`. */
  skipped: z.array(PreviewSkip),
  /** What the replay could not know as it was then, in sentences (records from today's copy, contacts). */
  limits: z.array(z.string()),
});
export type PreviewResult = z.infer<typeof PreviewResult>;
