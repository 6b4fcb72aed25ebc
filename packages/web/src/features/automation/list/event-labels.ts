import type { TriggerEvent } from '@automate/contract';

/** Each event in the words a vendor uses (SPEC.md §4 lists the events). */
export const EVENT_LABELS: Readonly<Record<TriggerEvent, string>> = {
  JobIsCreated: 'A job is created',
  JobStatusChanged: 'A job’s status changes',
  JobCategoryChanged: 'A job’s category changes',
  JobIsScheduled: 'A job is scheduled',
  JobCompleted: 'A job is completed',
  JobAddedToQueue: 'A job is added to a queue',
  JobAddedToQuote: 'A job becomes a quote',
  JobQuoteSent: 'A quote is sent',
  JobQuoteApproved: 'A quote is accepted',
  JobInvoiceSent: 'An invoice is sent',
  JobInvoiceApproved: 'An invoice is paid in full',
  JobPaymentMade: 'A payment is made',
  ClientIsCreated: 'A client is created',
  JobBadgesChanged: 'A job’s badges change',
  FormIsSubmitted: 'A form is submitted',
};

export function eventLabel(event: TriggerEvent): string {
  return EVENT_LABELS[event] ?? event;
}
