import type { TriggerEvent } from './enums.ts';
import type { AutomationAction, AutomationCondition } from './triggers.ts';

/**
 * The words a vendor sees for each condition and action: the editor's menus, the run log and the
 * server's messages all name them so. `help` is the line under the menu entry.
 */

type Words = { label: string; help: string };

/** A line of help for each event, under the editor's event select and in the help (its label is `TRIGGER_EVENT_LABELS`). */
export const EVENT_HELP: Record<TriggerEvent, string> = {
  JobIsCreated: 'A new job appears in ServiceM8.',
  JobStatusChanged: 'A job moves between Quote, Work Order, Completed and Unsuccessful.',
  JobCategoryChanged: 'A job is given a different category.',
  JobIsScheduled: 'A staff member is booked to the job.',
  JobCompleted: 'A job is marked Completed.',
  JobAddedToQueue: 'A job is put into a queue, e.g. “Parts on order”.',
  JobAddedToQuote: 'A job’s status is set to Quote.',
  JobQuoteSent: 'The quote is sent to the client from ServiceM8.',
  JobQuoteApproved: 'The client accepts the quote online.',
  JobInvoiceSent: 'The invoice is sent to the client.',
  JobInvoiceApproved: 'ServiceM8 marks the payment received.',
  JobPaymentMade: 'A payment is recorded against the job.',
  ClientIsCreated: 'A new client (company or person) is added.',
  JobBadgesChanged: 'A badge is added to or removed from a job.',
  FormIsSubmitted: 'A staff member submits a form on a job.',
};

export const CONDITION_WORDS: Record<AutomationCondition, Words> = {
  IsCreated: { label: 'Was just created', help: 'The job or client was just created.' },
  JobIsStatus: { label: 'Job has status', help: 'The job has the status you pick.' },
  JobIsCategory: { label: 'Job is in category', help: 'The job is in the category you pick.' },
  JobIsScheduled: { label: 'Job is scheduled', help: 'The job has a visit booked.' },
  JobIsCompleted: { label: 'Job is completed', help: 'The job is completed.' },
  JobIsInQueue: { label: 'Job is in queue', help: 'The job is in the queue you pick.' },
  JobQuoted: { label: 'Job is a quote', help: 'The job is a quote.' },
  JobQuoteSent: { label: 'Quote was sent', help: 'The quote has been sent.' },
  JobQuoteApproved: { label: 'Quote was accepted', help: 'The client accepted the quote.' },
  JobInvoiceSent: { label: 'Invoice was sent', help: 'The invoice has been sent.' },
  JobInvoiceApproved: { label: 'Invoice is paid', help: 'The invoice is paid in full.' },
  JobPaymentMade: { label: 'A payment was made', help: 'At least one payment has been recorded.' },
  ClientHasBadge: { label: 'Client has badge', help: 'The client has the badge you pick.' },
  JobHasBadge: { label: 'Job has badge', help: 'The job has the badge you pick.' },
  JobHasAllBadges: {
    label: 'Job has all badges',
    help: 'The job has every one of the badges you pick.',
  },
  ClientHasAllBadges: {
    label: 'Client has all badges',
    help: 'The client has every one of the badges you pick.',
  },
  FormIsType: { label: 'Form is', help: 'The submitted form is the form you pick.' },
  JobExcludesBadges: {
    label: 'Job has none of the badges',
    help: 'The job has none of the badges you pick.',
  },
  JobExcludesCategories: {
    label: 'Job is in none of the categories',
    help: 'The job is in none of the categories you pick.',
  },
  JobExcludesQueues: {
    label: 'Job is in none of the queues',
    help: 'The job is in none of the queues you pick.',
  },
  JobExcludesStatuses: {
    label: 'Job has none of the statuses',
    help: 'The job has none of the statuses you pick.',
  },
  ClientExcludesBadges: {
    label: 'Client has none of the badges',
    help: 'The client has none of the badges you pick.',
  },
  FormFieldTextIncludes: {
    label: 'Form text field contains',
    help: 'A text field of the submitted form contains the words you give.',
  },
  FormFieldNumberMatches: {
    label: 'Form number field compares',
    help: 'A number field compares to your number.',
  },
  FormFieldChoiceMatches: {
    label: 'Form choice field is',
    help: 'A choice field has the answer you pick.',
  },
  FormFieldDateMatches: {
    label: 'Form date field compares',
    help: 'A date field compares to your date.',
  },
  FormFieldMultiChoiceIncludes: {
    label: 'Form multiple-choice field includes',
    help: 'A multiple-choice field includes the answer you pick.',
  },
};

export const ACTION_WORDS: Record<AutomationAction, Words> = {
  Job_AddBadge: { label: 'Add a badge to the job', help: 'Adds a badge to the job (never twice).' },
  Job_RemoveBadge: { label: 'Remove a badge from the job', help: 'Removes a badge from the job.' },
  Job_SendEmail: {
    label: 'Email the job contact',
    help: 'Emails the job contact from your ServiceM8 account; it appears in the job diary.',
  },
  Job_ChangeStatus: { label: 'Change the job status', help: 'Sets the job status.' },
  Job_AddToQueue: { label: 'Add the job to a queue', help: 'Puts the job into a queue.' },
  Job_AddNote: { label: 'Add a note to the job', help: 'Adds a note to the job diary.' },
  Job_AddDescription: { label: 'Add to the job description', help: 'Appends text to the job description.' },
  Job_AddWorkDoneDescription: {
    label: 'Add to the work done description',
    help: 'Appends text to the work done description.',
  },
  Job_AddService: { label: 'Add a service to the job', help: 'Adds a line item from your price list.' },
  Job_SendText: { label: 'Text the job contact', help: 'Texts the job contact; it appears in the job diary.' },
  Job_SendAttachment: {
    label: 'Email a file to the job contact',
    help: 'Emails the job contact a file you upload here.',
  },
  JobClient_SendEmail: { label: 'Email the client', help: 'Emails the client’s primary contact.' },
  JobClient_CreateJob: { label: 'Create a job for the client', help: 'Creates a follow-up job for the same client.' },
  JobClient_SendText: { label: 'Text the client', help: 'Texts the client’s primary contact.' },
  SendToWebAddress: {
    label: 'Send to a web address',
    help: 'Posts the record (or a text you write) to another system’s web address, signed so it can check the sender.',
  },
};

/** How messages name an action: `Action 3, “Add a badge to the job”` (numbered as the editor shows them). */
export function actionName(index: number, type: AutomationAction): string {
  return `Action ${index + 1}, “${ACTION_WORDS[type].label}”`;
}

/** How messages name a condition: `Condition “Job has badge”`. */
export function conditionName(type: AutomationCondition): string {
  return `Condition “${CONDITION_WORDS[type].label}”`;
}
