import type { ComparisonOperator, LogicalCombiner, TargetKind, TimeUnit, TriggerEvent } from '@automate/contract';

/** The editor's words for the contract's names: a label and a line of help for each. */

type Words = { label: string; help: string };

/** A line of help under the event select (the labels are the list's, `eventLabel`). */
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

export const TARGET_KIND_WORDS: Record<TargetKind, Words> = {
  Job: { label: 'Job', help: 'Conditions and actions work on the job.' },
  Client: { label: 'Client', help: 'Conditions and actions work on the client.' },
  CustomField: { label: 'Custom field', help: 'Conditions and actions work on the job’s custom fields.' },
  Form: { label: 'Form response', help: 'Conditions work on the submitted form and its job.' },
};

export const COMBINER_WORDS: Record<LogicalCombiner, string> = {
  And: 'All of these hold (And)',
  Or: 'Any of these holds (Or)',
};

export const TIME_UNIT_WORDS: Record<TimeUnit, string> = {
  Minute: 'minutes',
  Hour: 'hours',
  Day: 'days',
  Month: 'months',
  Year: 'years',
};

/** Operators in reading order, for the comparison selects. */
export const OPERATOR_ORDER: readonly ComparisonOperator[] = ['Eq', 'NotEq', 'Lt', 'LtEq', 'Gt', 'GtEq'];

/** `1536` → `1.5 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}
