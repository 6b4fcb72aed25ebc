import type { TriggerActionOf, TriggerActionType } from '@automate/contract';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import type { DeliveryAnswer } from '../../integrations/web-address/web-delivery.ts';
import type { Sm8Record } from '../events/derive-events.ts';
import type { RunRecords } from '../records/run-records.ts';

/**
 * What an action may use while it runs. Everything that reaches ServiceM8 goes through `client`
 * (the production client: rate-limited, retried); writes are announced with `noteWrite` first, so
 * the webhook they cause is recognised as ours (the loop guard).
 */
export type ActionEnv = {
  client: Sm8Client;
  /** The run's records, each read on first use. */
  records: RunRecords;
  /**
   * Renders merge fields for a message to `contact`, reading the records the text uses; missing
   * values render empty and are listed.
   */
  render(text: string, contact: Sm8Record | null): Promise<{ text: string; missing: string[] }>;
  emailTemplate(id: string): Promise<{ subject: string; body: string } | null>;
  attachment(id: string): Promise<{ fileName: string; contentType: string; bytes: Uint8Array } | null>;
  noteWrite(object: string, uuid: string, fields: Record<string, unknown>, created?: boolean): Promise<void>;
  newUuid(): string;
  /**
   * The unsubscribe link for an automated email to this contact of the run's client; null when the run
   * has no client to opt out.
   */
  unsubscribeLink(contact: { name: string; email: string }): Promise<string | null>;
  /** Names for uuids (badges, queues, categories, materials) from the synced reference data. */
  nameOf(kind: 'badge' | 'queue' | 'category' | 'material', uuid: string): string;
  webAddress: WebAddressEnv;
};

/** What sending to a web address uses: what the run is about, the vendor's daily room, the signed delivery. */
export type WebAddressEnv = {
  /** What the run is about, for a body that carries the record. */
  about(): Promise<{ runId: string; event: string; business: { id: string; name: string } }>;
  /**
   * How many deliveries the vendor may still start today, and the sentence a step gives when none are
   * left (it names the limit, and the plan that sets it).
   */
  roomToday(): Promise<{ left: number; usedUp: string }>;
  /**
   * Posts a planned delivery: its header values (stored sealed) opened, signed with the vendor's
   * signing secret. Throws `DeliveryRefused` (never allowed) or `DeliveryNetworkError` (no answer).
   */
  send(delivery: PlannedDelivery): Promise<DeliveryAnswer>;
};

export type PlannedDelivery = {
  url: string;
  body: string;
  contentType: string;
  /** Values as stored: sealed. */
  headers: ReadonlyArray<{ name: string; value: string }>;
  idempotencyKey: string;
};

/** The step an action is performed for: its id (a web address's idempotency key) and when it was first planned. */
export type PerformedStep = { id: string; startedAt: Date };

/**
 * What an action will do, decided before anything is sent and stored as the step's input: the
 * rendered texts, the recipient, the uuids of records it will create. A retry performs the same plan.
 */
export type ActionPlan = {
  input: Record<string, unknown>;
  /** A sentence for the log and the dry run, e.g. `Add badge "Warranty" to job 1042.` */
  description: string;
  /** Merge fields that had no value. */
  missingMergeFields: string[];
};

/**
 * One action type. `perform` must be safe to call again with the same plan after a crash: it
 * checks what is already done (the badge is there, the record with the planned uuid exists, the
 * message is in the job diary) before changing anything. `resumed` says a previous attempt started.
 */
export type ActionExecutor<T extends TriggerActionType> = {
  plan(params: TriggerActionOf<T>['params'], env: ActionEnv): Promise<ActionPlan>;
  perform(input: Record<string, unknown>, env: ActionEnv, resumed: boolean, step: PerformedStep): Promise<string>;
};

/** What an action lacked: a deleted email template or file, a contact's email or mobile, or something else. */
export type ActionProblemKind = 'missing-template' | 'missing-file' | 'missing-contact' | 'other';

/** A problem retrying cannot fix, in words a vendor understands ("The client has no email address."). */
export class ActionProblem extends Error {
  readonly kind: ActionProblemKind;
  constructor(message: string, kind: ActionProblemKind = 'other') {
    super(message);
    this.name = 'ActionProblem';
    this.kind = kind;
  }
}

/** A text of the action that cannot be filled in: it does not parse, or filling it in passes a limit. */
export class TextProblem extends ActionProblem {
  constructor(message: string) {
    super(message);
    this.name = 'TextProblem';
  }
}

/**
 * The action could not be done now and may be later (the web address was busy, away or did not
 * answer): the run waits, then performs the same step with the same plan. `retryAfterMs` is what the
 * other side asked for, if anything;
 */
export class TryAgainLater extends Error {
  readonly retryAfterMs: number | null;
  constructor(message: string, retryAfterMs: number | null = null) {
    super(message);
    this.name = 'TryAgainLater';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * An interrupted step that may already have done its work, where ServiceM8 cannot show whether it did
 * (a message with no job diary to look in, diary entries that cannot be read, or the diary refused).
 * The step is not performed again; it ends Uncertain and the vendor is asked to look.
 */
export class UncertainOutcome extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UncertainOutcome';
  }
}

/** The run's job; a run without one, or whose job was deleted in ServiceM8, cannot act on it. */
export async function requireJob(env: ActionEnv): Promise<Sm8Record> {
  const job = await env.records.job();
  if (!job) {
    throw new ActionProblem(
      env.records.subject.jobUuid
        ? 'The job was deleted in ServiceM8 (it can no longer be read), so nothing was done to it.'
        : 'This run has no job to act on.',
    );
  }
  if (String(job.active) === '0') {
    throw new ActionProblem(`${capitalized(jobLabel(job))} was deleted in ServiceM8, so nothing was done to it.`);
  }
  return job;
}

export function jobLabel(job: Sm8Record): string {
  const number =
    typeof job.generated_job_id === 'string' || typeof job.generated_job_id === 'number'
      ? String(job.generated_job_id)
      : '';
  return number ? `job ${number}` : 'the job';
}

/** The job as the plan named it (`job 1042`), for the step's sentence; plans stored before it was kept say "the job". */
export function plannedJob(input: Record<string, unknown>): string {
  return inputText(input, 'job') || 'the job';
}

export const capitalized = (words: string) => `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`;

export function inputText(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  return typeof value === 'string' ? value : '';
}
