import { z } from 'zod';
import { RunStatus, TriggerEvent } from './enums.ts';
import { cursorSearchPage } from './envelope.ts';

/**
 * What the lists of triggers and runs read (the automations list, the run log, the dashboard, the bell):
 * apart from the trigger definition's schemas, which these answers do not carry and which take a phone
 * a moment to build.
 */

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

/** A run in one of these never changes again. */
export const FINISHED_RUN_STATUSES: readonly RunStatus[] = ['Succeeded', 'Failed', 'Skipped', 'Cancelled'];

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

/**
 * An Admin's notice in the header's bell: runs failing for a cause they can fix, the daily digest, or
 * the changes a restore from a backup did not automate.
 */
export const NOTICE_KINDS = ['failure', 'digest', 'restore'] as const;
export const Notice = z.object({
  id: z.uuid(),
  kind: z.enum(NOTICE_KINDS),
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
