import type { TriggerEvent } from './enums.ts';
import { groupOf, MERGE_FIELDS, type MergeFieldGroup, type MergeFieldName } from './merge-fields.ts';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_CONDITIONS,
  type AutomationAction,
  type AutomationCondition,
} from './triggers.ts';

/**
 * What each event gives a run to work with, and so which conditions, actions and merge fields a
 * trigger on it can use. The editor offers only these, and the server refuses a definition that uses
 * anything else: a client event has no job, a form event has its form response and, when the form
 * was filled in on a job, that job and its client, and only a scheduling event has a booking.
 */

/**
 * A record a run can read: the job, its (or the event's) client, the form response that started it,
 * the booking (a scheduled visit) that scheduled the job.
 */
export type RunRecord = 'job' | 'client' | 'form' | 'booking';

export const RUN_RECORD_WORDS: Readonly<Record<RunRecord, string>> = {
  job: 'a job',
  client: 'a client',
  form: 'a form response',
  booking: 'a booking',
};

const JOB_EVENT: readonly RunRecord[] = ['job', 'client'];

export const EVENT_RECORDS: Readonly<Record<TriggerEvent, readonly RunRecord[]>> = {
  JobIsCreated: JOB_EVENT,
  JobStatusChanged: JOB_EVENT,
  JobCategoryChanged: JOB_EVENT,
  JobIsScheduled: [...JOB_EVENT, 'booking'],
  JobCompleted: JOB_EVENT,
  JobAddedToQueue: JOB_EVENT,
  JobAddedToQuote: JOB_EVENT,
  JobQuoteSent: JOB_EVENT,
  JobQuoteApproved: JOB_EVENT,
  JobInvoiceSent: JOB_EVENT,
  JobInvoiceApproved: JOB_EVENT,
  JobPaymentMade: JOB_EVENT,
  ClientIsCreated: ['client'],
  JobBadgesChanged: JOB_EVENT,
  FormIsSubmitted: ['form', 'job', 'client'],
};

/** The record each condition reads (null: it reads only the event). */
export const CONDITION_RECORD: Readonly<Record<AutomationCondition, RunRecord | null>> = {
  IsCreated: null,
  JobIsStatus: 'job',
  JobIsCategory: 'job',
  JobIsScheduled: 'job',
  JobIsCompleted: 'job',
  JobIsInQueue: 'job',
  JobQuoted: 'job',
  JobQuoteSent: 'job',
  JobQuoteApproved: 'job',
  JobInvoiceSent: 'job',
  JobInvoiceApproved: 'job',
  JobPaymentMade: 'job',
  ClientHasBadge: 'client',
  JobHasBadge: 'job',
  JobHasAllBadges: 'job',
  ClientHasAllBadges: 'client',
  FormIsType: 'form',
  JobExcludesBadges: 'job',
  JobExcludesCategories: 'job',
  JobExcludesQueues: 'job',
  JobExcludesStatuses: 'job',
  ClientExcludesBadges: 'client',
  FormFieldTextIncludes: 'form',
  FormFieldNumberMatches: 'form',
  FormFieldChoiceMatches: 'form',
  FormFieldDateMatches: 'form',
  FormFieldMultiChoiceIncludes: 'form',
};

/**
 * The record each action works on: `Job_…` on the job, `JobClient_…` on the client; null for an action
 * any event can use (sending to a web address sends whatever record the event has).
 */
export const ACTION_RECORD: Readonly<Record<AutomationAction, RunRecord | null>> = Object.fromEntries(
  AUTOMATION_ACTIONS.map((type) => [
    type,
    type.startsWith('JobClient_') ? 'client' : type.startsWith('Job_') ? 'job' : null,
  ]),
) as Record<AutomationAction, RunRecord | null>;

/** The record each group of merge fields is read from (null: always there). */
export const MERGE_FIELD_GROUP_RECORD: Readonly<Record<MergeFieldGroup, RunRecord | null>> = {
  job: 'job',
  client: 'client',
  // The contact a message goes to is the job's or the client's.
  contact: 'client',
  // The staff member who created the job.
  staff: 'job',
  booking: 'booking',
  vendor: null,
};

const has = (event: TriggerEvent, record: RunRecord | null) => record === null || EVENT_RECORDS[event].includes(record);

export function conditionsFor(event: TriggerEvent): AutomationCondition[] {
  return AUTOMATION_CONDITIONS.filter((type) => has(event, CONDITION_RECORD[type]));
}

export function actionsFor(event: TriggerEvent): AutomationAction[] {
  return AUTOMATION_ACTIONS.filter((type) => has(event, ACTION_RECORD[type]));
}

export function mergeFieldsFor(event: TriggerEvent): MergeFieldName[] {
  return MERGE_FIELDS.map((field) => field.name).filter((name) => has(event, MERGE_FIELD_GROUP_RECORD[groupOf(name)]));
}
