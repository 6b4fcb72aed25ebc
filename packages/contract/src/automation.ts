import { z } from 'zod';
import { RunStatus, TriggerEvent } from './enums.ts';
import { cursorSearchPage } from './envelope.ts';
import { atMost, say } from './field-words.ts';
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

/** One row of `GET …/Trigger/search`: the definition's headline, not its conditions and actions. */
export const TriggerSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  event: TriggerEvent,
  enabled: z.boolean(),
  version: z.number().int(),
  actionCount: z.number().int(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TriggerSummary = z.infer<typeof TriggerSummary>;

/** A saved trigger that breaks a rule its event sets (saved before the rule existed): it fails when it runs. */
export const TriggerAttention = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** Each problem as a sentence, in the order the editor shows the items. */
  problems: z.array(z.string()),
});
export type TriggerAttention = z.infer<typeof TriggerAttention>;

// ---------------------------------------------------------------------------------------------
// Runs

/** A run in one of these never changes again. */
export const FINISHED_RUN_STATUSES: readonly RunStatus[] = ['Succeeded', 'Failed', 'Skipped', 'Cancelled'];

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

export const TriggerRun = z.object({
  id: z.string(),
  vendorId: z.string(),
  triggerId: z.string(),
  triggerName: z.string(),
  triggerVersion: z.number().int(),
  event: TriggerEvent,
  status: RunStatus,
  jobUuid: z.string().nullable(),
  jobNumber: z.string().nullable(),
  clientUuid: z.string().nullable(),
  formResponseUuid: z.string().nullable(),
  /** When the actions are due (the event time plus the trigger's delay). */
  dueAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why it was skipped, failed or cancelled. */
  reason: z.string().nullable(),
  /**
   * For a Scheduled run: what its messages will miss when due, found when it was scheduled and again
   * within the hour before it is due ("Job 1042: the client has no contact with an email address —
   * “Email the client” will not be sent."). Empty when all is well.
   */
  warnings: z.array(z.string()),
  /** 0 for a change made in ServiceM8; 1 or more when our own action caused the event. */
  cascadeDepth: z.number().int(),
  /** Requests sent to ServiceM8 to match the event that started the run and to execute it (every attempt). */
  sm8Calls: z.number().int(),
  /**
   * A Running run whose last attempt failed for a reason a retry may fix (ServiceM8 busy or down): how
   * many attempts failed of how many it gets, when the next starts at the latest, and the last error.
   */
  retry: z
    .object({
      failedAttempts: z.number().int(),
      attemptsAllowed: z.number().int(),
      nextAttemptBy: z.string(),
      lastError: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TriggerRun = z.infer<typeof TriggerRun>;

/** An Admin's notice in the header's bell: runs failing for a cause they can fix, or the daily digest. */
export const Notice = z.object({
  id: z.uuid(),
  kind: z.enum(['failure', 'digest']),
  title: z.string(),
  body: z.string(),
  /** Where in the app it leads (a path such as `/app/automation/logs`). */
  link: z.string(),
  createdAt: z.iso.datetime(),
});
export type Notice = z.infer<typeof Notice>;

/** A run search counts the matching runs up to this many; with more it says "10,000+" (`totalCapped`). */
export const RUN_COUNT_CAP = 10_000;

/** A page of `…/Trigger/runs` (and `…/Trigger/{id}/runs`), which take a `CursorSearchQuery`. */
export const TriggerRunPage = cursorSearchPage(TriggerRun);
export type TriggerRunPage = z.infer<typeof TriggerRunPage>;

/** A run in the super admin's list of every vendor's runs (`GET /Admin/runs`): the run and its vendor's name. */
export const AdminTriggerRun = TriggerRun.extend({ vendorName: z.string() });
export type AdminTriggerRun = z.infer<typeof AdminTriggerRun>;

export const AdminTriggerRunPage = cursorSearchPage(AdminTriggerRun);
export type AdminTriggerRunPage = z.infer<typeof AdminTriggerRunPage>;

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
export const DryRunConditionResult: z.ZodType<DryRunConditionResult> = z.lazy(() =>
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
);

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
