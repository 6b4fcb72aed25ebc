import { z } from 'zod';
import { atMost, say } from './field-words.ts';
import { TriggerRun } from './trigger-lists.ts';
import { AutomationAction, TRIGGER_LIMITS, TriggerDefinition } from './triggers.ts';

/**
 * The automation API's records (vendor triggers, their runs and the vendor email
 * templates): what the server answers and the web app reads.
 */

// ---------------------------------------------------------------------------------------------
// Triggers

/** A file uploaded for a Job_SendAttachment action. */
export const TriggerAttachment = z.object({
  id: z.string(),
  actionId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type TriggerAttachment = z.infer<typeof TriggerAttachment>;

export const TRIGGER_ATTACHMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** What ServiceM8 shows in a job diary and email clients open. */
  contentTypes: [
    'application/pdf',
    'image/png',
    'image/jpeg',
    'image/gif',
    'text/plain',
    'text/csv',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
} as const;

/** A saved trigger: its definition plus who owns it and which version it is at. */
export const Trigger = z.object({
  id: z.string(),
  vendorId: z.string(),
  version: z.number().int(),
  definition: TriggerDefinition,
  attachments: z.array(TriggerAttachment),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trigger = z.infer<typeof Trigger>;

// ---------------------------------------------------------------------------------------------
// Runs

/** What a run's step log records: the condition check, or one action. */
export const STEP_KINDS = ['Conditions', 'Action'] as const;
export const StepKind = z.enum(STEP_KINDS);
/**
 * `Started` is written before an action calls ServiceM8; a step still Started after a crash is checked before it is
 * retried. `Uncertain`: a message step interrupted after it may have sent, whose message could not be found or ruled
 * out in the job diary; it is not sent again and the vendor is asked to look. `Waiting`: a client message held by quiet
 hours until the business opens (the run is Scheduled for then); the step says when it sends.
 */
export const STEP_STATUSES = ['Started', 'Succeeded', 'Failed', 'Skipped', 'Uncertain', 'Waiting'] as const;
export const StepStatus = z.enum(STEP_STATUSES);
export type StepStatus = z.infer<typeof StepStatus>;

export const RunStep = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: StepKind,
  actionId: z.string().nullable(),
  actionType: AutomationAction.nullable(),
  status: StepStatus,
  /** What the step was asked to do, e.g. the badge, or the rendered email. */
  input: z.record(z.string(), z.unknown()),
  /** A sentence for the vendor: what happened, or why not. */
  outcome: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RunStep = z.infer<typeof RunStep>;

export const TriggerRunDetail = TriggerRun.extend({ steps: z.array(RunStep) });
export type TriggerRunDetail = z.infer<typeof TriggerRunDetail>;

// ---------------------------------------------------------------------------------------------
// Dry run

/** A condition's or group's result, as the engine's evaluation reports it. */
export type DryRunConditionResult =
  | { kind: 'condition'; where: string; type: string; result: boolean; reason: string }
  | {
      kind: 'group';
      where: string;
      combiner: 'And' | 'Or';
      result: boolean;
      reason: string;
      items: DryRunConditionResult[];
    };
export const DryRunConditionResult: z.ZodType<DryRunConditionResult> = z
  .lazy(() =>
    z.union([
      z.object({
        kind: z.literal('condition'),
        where: z.string(),
        type: z.string(),
        result: z.boolean(),
        reason: z.string(),
      }),
      z.object({
        kind: z.literal('group'),
        where: z.string(),
        combiner: z.enum(['And', 'Or']),
        result: z.boolean(),
        reason: z.string(),
        items: z.array(DryRunConditionResult),
      }),
    ]),
  )
  .register(z.globalRegistry, { id: 'DryRunConditionResult' });

export const DryRunRequest = z
  .object({
    jobUuid: z.string().trim().min(1).optional(),
    clientUuid: z.string().trim().min(1).optional(),
    formResponseUuid: z.string().trim().min(1).optional(),
    /** The definition being edited, to test it before saving; the saved one when left out. */
    definition: TriggerDefinition.optional(),
  })
  .refine((value) => value.jobUuid || value.clientUuid || value.formResponseUuid, {
    message: 'Pick a job, client or submitted form to test the trigger on.',
    path: ['jobUuid'],
  });
export type DryRunRequest = z.input<typeof DryRunRequest>;

export const DryRunAction = z.object({
  actionId: z.string(),
  type: AutomationAction,
  /** What the action would do, in a sentence. */
  description: z.string(),
  /** The rendered texts (email subject/body, SMS, note) and the resolved recipient. */
  preview: z.record(z.string(), z.unknown()),
  /** Set when the action could not run on this record, e.g. "The client has no email address." */
  problem: z.string().nullable(),
});
export type DryRunAction = z.infer<typeof DryRunAction>;

export const DryRunResult = z.object({
  wouldRun: z.boolean(),
  /**
   * Whether the record as it is now is in the state the event leads to ("the job is completed"), in a
   * sentence that says, when it is not, what would have to happen in ServiceM8 for a real run to start.
   */
  eventFit: z.object({ fits: z.boolean(), sentence: z.string() }),
  /**
   * When a real run starting now would act (the delay, then quiet hours for its client messages), and
   * the sentence that says so; `at` is null when it would act at once.
   */
  timing: z.object({ at: z.string().nullable(), sentence: z.string() }),
  /** What a real run would record as warnings: messages it could not send, opt-outs, contact limits. */
  warnings: z.array(z.string()),
  conditions: DryRunConditionResult,
  actions: z.array(DryRunAction),
  /** Merge fields that had no value on this record (they render as empty). */
  missingMergeFields: z.array(z.string()),
});
export type DryRunResult = z.infer<typeof DryRunResult>;

// ---------------------------------------------------------------------------------------------
// Vendor email templates

export const EMAIL_TEMPLATE_LIMITS = {
  nameMax: 100,
  subjectMax: TRIGGER_LIMITS.subjectMax,
  bodyMax: TRIGGER_LIMITS.textMax,
} as const;

export const EmailTemplateInput = z.object({
  name: z
    .string(say('Name', 'give the template a name'))
    .trim()
    .min(1, say('Name', 'give the template a name'))
    .max(EMAIL_TEMPLATE_LIMITS.nameMax, atMost('Name', EMAIL_TEMPLATE_LIMITS.nameMax)),
  subject: z
    .string(say('Subject', 'write the subject'))
    .trim()
    .min(1, say('Subject', 'write the subject'))
    .max(EMAIL_TEMPLATE_LIMITS.subjectMax, atMost('Subject', EMAIL_TEMPLATE_LIMITS.subjectMax)),
  body: z
    .string(say('Body', 'write the email'))
    .trim()
    .min(1, say('Body', 'write the email'))
    .max(EMAIL_TEMPLATE_LIMITS.bodyMax, atMost('Body', EMAIL_TEMPLATE_LIMITS.bodyMax)),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateInput>;

export const EmailTemplate = z.object({
  id: z.string(),
  vendorId: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;
