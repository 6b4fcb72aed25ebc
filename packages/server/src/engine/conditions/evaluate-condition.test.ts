import {
  AUTOMATION_CONDITIONS,
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  type Condition,
} from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './evaluate-condition.ts';
import {
  buildClient,
  buildContext,
  buildFormResponse,
  buildJob,
  buildCondition as condition,
  IDS,
  uuid,
} from './evaluation-context.factory.ts';
import type { EvaluationContext, FormAnswer, JobFacts } from './evaluation-context.ts';

/**
 * One row per case. `kind` says what the row shows: `true` and `false` with data present, `missing`
 * when the data the condition is about is absent (no job, no badges, no answer…).
 */
type Case = {
  kind: 'true' | 'false' | 'missing';
  title: string;
  condition: Condition;
  context: EvaluationContext;
  expected: boolean;
  reason?: string;
};

const withJob = (job: Partial<JobFacts>, rest: Partial<EvaluationContext> = {}) =>
  buildContext({ job: buildJob(job), ...rest });
const noJob = (rest: Partial<EvaluationContext> = {}) => buildContext({ job: null, ...rest });
const withAnswers = (answers: Array<[string, FormAnswer['value']]>, form = IDS.safetyForm) =>
  buildContext({ formResponse: buildFormResponse(answers, { form_uuid: form }) });

const textField = { formUuid: IDS.safetyForm, field: IDS.notesField };
const ratingField = { formUuid: IDS.safetyForm, field: IDS.ratingField };
const recommendField = { formUuid: IDS.safetyForm, field: IDS.recommendField };
const hazardsField = { formUuid: IDS.safetyForm, field: IDS.hazardsField };
const dateField = { formUuid: IDS.safetyForm, field: IDS.visitDateField };

const CASES: Case[] = [
  // IsCreated
  {
    kind: 'true',
    title: 'the record was just created',
    condition: condition('IsCreated', {}),
    context: buildContext({ isCreated: true }),
    expected: true,
    reason: 'The record was just created? yes.',
  },
  {
    kind: 'false',
    title: 'an existing record changed',
    condition: condition('IsCreated', {}),
    context: buildContext({ isCreated: false }),
    expected: false,
    reason: 'The record was just created? no: this run comes from a change to an existing record.',
  },
  {
    kind: 'missing',
    title: 'nothing says whether it was created',
    condition: condition('IsCreated', {}),
    context: buildContext({ isCreated: undefined }),
    expected: false,
    reason: 'The record was just created? no: nothing says it was just created.',
  },

  // JobIsStatus
  {
    kind: 'true',
    title: 'the status is the one asked',
    condition: condition('JobIsStatus', { status: 'Quote' }),
    context: withJob({ status: 'Quote' }),
    expected: true,
    reason: "The job's status is Quote? yes: it is Quote.",
  },
  {
    kind: 'true',
    title: 'the status differs only in case and spaces',
    condition: condition('JobIsStatus', { status: 'Work Order' }),
    context: withJob({ status: ' work order ' }),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the status is another',
    condition: condition('JobIsStatus', { status: 'Quote' }),
    context: withJob({ status: 'Work Order' }),
    expected: false,
    reason: "The job's status is Quote? no: it is Work Order.",
  },
  {
    kind: 'missing',
    title: 'the job has no status',
    condition: condition('JobIsStatus', { status: 'Quote' }),
    context: withJob({ status: null }),
    expected: false,
    reason: "The job's status is Quote? no: the job has no status.",
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobIsStatus', { status: 'Quote' }),
    context: noJob(),
    expected: false,
    reason: "The job's status is Quote? no: there is no job.",
  },

  // JobIsCategory
  {
    kind: 'true',
    title: 'the job is in the category',
    condition: condition('JobIsCategory', { categoryUuid: IDS.plumbing }),
    context: withJob({ category_uuid: IDS.plumbing }),
    expected: true,
    reason: 'The job is in the category Plumbing? yes: it is in Plumbing.',
  },
  {
    kind: 'false',
    title: 'the job is in another category',
    condition: condition('JobIsCategory', { categoryUuid: IDS.plumbing }),
    context: withJob({ category_uuid: IDS.gasFitting }),
    expected: false,
    reason: 'The job is in the category Plumbing? no: it is in Gas fitting.',
  },
  {
    kind: 'missing',
    title: 'the job has no category',
    condition: condition('JobIsCategory', { categoryUuid: IDS.plumbing }),
    context: withJob({ category_uuid: '' }),
    expected: false,
    reason: 'The job is in the category Plumbing? no: it has no category.',
  },
  {
    kind: 'missing',
    title: 'there is no job (names unknown: uuids shown)',
    condition: condition('JobIsCategory', { categoryUuid: IDS.plumbing }),
    context: noJob({ names: null }),
    expected: false,
    reason: `The job is in the category ${IDS.plumbing}? no: there is no job.`,
  },

  // JobIsScheduled
  {
    kind: 'true',
    title: 'a visit is booked',
    condition: condition('JobIsScheduled', {}),
    context: withJob({ job_is_scheduled_until_stamp: '2025-03-04 10:00:00' }),
    expected: true,
    reason: 'The job is scheduled? yes: it is booked until 2025-03-04 10:00:00.',
  },
  {
    kind: 'false',
    title: 'no visit is booked (ServiceM8 empty datetime)',
    condition: condition('JobIsScheduled', {}),
    context: withJob({ job_is_scheduled_until_stamp: '0000-00-00 00:00:00' }),
    expected: false,
    reason: 'The job is scheduled? no: it has no scheduled visit.',
  },
  {
    kind: 'missing',
    title: 'the stamp was not read',
    condition: condition('JobIsScheduled', {}),
    context: withJob({ job_is_scheduled_until_stamp: undefined }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobIsScheduled', {}),
    context: noJob(),
    expected: false,
    reason: 'The job is scheduled? no: there is no job.',
  },

  // JobIsCompleted
  {
    kind: 'true',
    title: 'the job is completed',
    condition: condition('JobIsCompleted', {}),
    context: withJob({ status: 'Completed' }),
    expected: true,
    reason: 'The job is completed? yes: its status is Completed.',
  },
  {
    kind: 'false',
    title: 'the job is a work order',
    condition: condition('JobIsCompleted', {}),
    context: withJob({ status: 'Work Order' }),
    expected: false,
    reason: 'The job is completed? no: its status is Work Order.',
  },
  {
    kind: 'missing',
    title: 'the job has no status',
    condition: condition('JobIsCompleted', {}),
    context: withJob({ status: '' }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobIsCompleted', {}),
    context: noJob(),
    expected: false,
  },

  // JobIsInQueue
  {
    kind: 'true',
    title: 'the job is in the queue',
    condition: condition('JobIsInQueue', { queueUuid: IDS.partsOnOrder }),
    context: withJob({ queue_uuid: IDS.partsOnOrder }),
    expected: true,
    reason: 'The job is in the queue Parts on order? yes: it is in the queue Parts on order.',
  },
  {
    kind: 'true',
    title: 'the uuid differs only in case',
    condition: condition('JobIsInQueue', { queueUuid: IDS.partsOnOrder }),
    context: withJob({ queue_uuid: IDS.partsOnOrder.toUpperCase() }),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the job is in another queue',
    condition: condition('JobIsInQueue', { queueUuid: IDS.partsOnOrder }),
    context: withJob({ queue_uuid: IDS.awaitingApproval }),
    expected: false,
    reason: 'The job is in the queue Parts on order? no: it is in the queue Awaiting approval.',
  },
  {
    kind: 'missing',
    title: 'the job is in no queue (empty queue_uuid)',
    condition: condition('JobIsInQueue', { queueUuid: IDS.partsOnOrder }),
    context: withJob({ queue_uuid: '' }),
    expected: false,
    reason: 'The job is in the queue Parts on order? no: it is in no queue.',
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobIsInQueue', { queueUuid: IDS.partsOnOrder }),
    context: noJob(),
    expected: false,
  },

  // JobQuoted
  {
    kind: 'true',
    title: 'the job is a quote',
    condition: condition('JobQuoted', {}),
    context: withJob({ status: 'Quote' }),
    expected: true,
    reason: 'The job is a quote? yes: its status is Quote.',
  },
  {
    kind: 'false',
    title: 'the job is a work order',
    condition: condition('JobQuoted', {}),
    context: withJob({ status: 'Work Order' }),
    expected: false,
    reason: 'The job is a quote? no: its status is Work Order.',
  },
  {
    kind: 'missing',
    title: 'the job has no status',
    condition: condition('JobQuoted', {}),
    context: withJob({ status: undefined }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobQuoted', {}),
    context: noJob(),
    expected: false,
  },

  // JobQuoteSent
  {
    kind: 'true',
    title: 'quote_sent is 1, with its stamp',
    condition: condition('JobQuoteSent', {}),
    context: withJob({ status: 'Quote', quote_sent: 1, quote_sent_stamp: '2025-03-01 09:30:00' }),
    expected: true,
    reason: 'The quote has been sent? yes: on 2025-03-01 09:30:00.',
  },
  {
    kind: 'true',
    title: 'quote_sent is the string "1"',
    condition: condition('JobQuoteSent', {}),
    context: withJob({ quote_sent: '1', quote_sent_stamp: null }),
    expected: true,
    reason: 'The quote has been sent? yes.',
  },
  {
    kind: 'false',
    title: 'quote_sent is "0"',
    condition: condition('JobQuoteSent', {}),
    context: withJob({ quote_sent: '0' }),
    expected: false,
    reason: 'The quote has been sent? no: the quote is not marked sent.',
  },
  {
    kind: 'missing',
    title: 'quote_sent was not read',
    condition: condition('JobQuoteSent', {}),
    context: withJob({ quote_sent: undefined }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobQuoteSent', {}),
    context: noJob(),
    expected: false,
    reason: 'The quote has been sent? no: there is no job.',
  },

  // JobQuoteApproved
  {
    kind: 'true',
    title: 'a sent quote became a work order',
    condition: condition('JobQuoteApproved', {}),
    context: withJob({ status: 'Work Order', quote_sent: 1 }),
    expected: true,
    reason: 'The client accepted the quote? yes: the quote became a Work Order.',
  },
  {
    kind: 'true',
    title: 'a quoted job (quote_date set) is completed',
    condition: condition('JobQuoteApproved', {}),
    context: withJob({ status: 'Completed', quote_date: '2025-02-01 08:00:00' }),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the job is still a quote',
    condition: condition('JobQuoteApproved', {}),
    context: withJob({ status: 'Quote', quote_sent: 1 }),
    expected: false,
    reason: 'The client accepted the quote? no: the job is still a quote.',
  },
  {
    kind: 'false',
    title: 'the quote was unsuccessful',
    condition: condition('JobQuoteApproved', {}),
    context: withJob({ status: 'Unsuccessful', quote_sent: 1 }),
    expected: false,
    reason: 'The client accepted the quote? no: its status is Unsuccessful.',
  },
  {
    kind: 'missing',
    title: 'the job was never quoted',
    condition: condition('JobQuoteApproved', {}),
    context: withJob({ status: 'Work Order', quote_sent: 0, quote_date: '0000-00-00 00:00:00' }),
    expected: false,
    reason: 'The client accepted the quote? no: the job was never quoted.',
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobQuoteApproved', {}),
    context: noJob(),
    expected: false,
  },

  // JobInvoiceSent
  {
    kind: 'true',
    title: 'invoice_sent is true',
    condition: condition('JobInvoiceSent', {}),
    context: withJob({ invoice_sent: true, invoice_sent_stamp: '2025-03-05 12:00:00' }),
    expected: true,
    reason: 'The invoice has been sent? yes: on 2025-03-05 12:00:00.',
  },
  {
    kind: 'false',
    title: 'invoice_sent is 0',
    condition: condition('JobInvoiceSent', {}),
    context: withJob({ invoice_sent: 0 }),
    expected: false,
    reason: 'The invoice has been sent? no: the invoice is not marked sent.',
  },
  {
    kind: 'missing',
    title: 'invoice_sent was not read',
    condition: condition('JobInvoiceSent', {}),
    context: withJob({ invoice_sent: null }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobInvoiceSent', {}),
    context: noJob(),
    expected: false,
  },

  // JobInvoiceApproved
  {
    kind: 'true',
    title: 'payment_received is "1"',
    condition: condition('JobInvoiceApproved', {}),
    context: withJob({ payment_received: '1', payment_received_stamp: '2025-03-06 16:00:00' }),
    expected: true,
    reason: 'The invoice is paid in full? yes: on 2025-03-06 16:00:00.',
  },
  {
    kind: 'false',
    title: 'payment_received is 0',
    condition: condition('JobInvoiceApproved', {}),
    context: withJob({ payment_received: 0 }),
    expected: false,
    reason: 'The invoice is paid in full? no: the job is not marked paid in full.',
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobInvoiceApproved', {}),
    context: noJob(),
    expected: false,
  },

  // JobPaymentMade
  {
    kind: 'true',
    title: 'two payments are recorded',
    condition: condition('JobPaymentMade', {}),
    context: buildContext({ payments: { count: 2, total: 350 } }),
    expected: true,
    reason: 'A payment has been recorded? yes: 2 payments totalling 350.00.',
  },
  {
    kind: 'true',
    title: 'payments were not read but the job is paid in full',
    condition: condition('JobPaymentMade', {}),
    context: withJob({ payment_received: 1 }, { payments: null }),
    expected: true,
    reason: 'A payment has been recorded? yes: the job is marked paid in full.',
  },
  {
    kind: 'false',
    title: 'no payment is recorded',
    condition: condition('JobPaymentMade', {}),
    context: buildContext({ payments: { count: 0, total: 0 } }),
    expected: false,
    reason: 'A payment has been recorded? no: no payment is recorded.',
  },
  {
    kind: 'missing',
    title: 'payments were not read and the job is not paid',
    condition: condition('JobPaymentMade', {}),
    context: buildContext({ payments: undefined }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no job and no payments',
    condition: condition('JobPaymentMade', {}),
    context: noJob({ payments: null }),
    expected: false,
    reason: 'A payment has been recorded? no: there is no job.',
  },

  // ClientHasBadge
  {
    kind: 'true',
    title: 'the client has the badge',
    condition: condition('ClientHasBadge', { badgeUuid: IDS.vip }),
    context: buildContext({ client: buildClient({ badges: [IDS.warranty, IDS.vip] }) }),
    expected: true,
    reason: 'The client has the badge VIP? yes.',
  },
  {
    kind: 'false',
    title: 'the client has other badges',
    condition: condition('ClientHasBadge', { badgeUuid: IDS.vip }),
    context: buildContext({ client: buildClient({ badges: [IDS.warranty] }) }),
    expected: false,
    reason: 'The client has the badge VIP? no: it has Warranty.',
  },
  {
    kind: 'missing',
    title: 'the client has no badges',
    condition: condition('ClientHasBadge', { badgeUuid: IDS.vip }),
    context: buildContext({ client: buildClient({ badges: [] }) }),
    expected: false,
    reason: 'The client has the badge VIP? no: it has no badges.',
  },
  {
    kind: 'missing',
    title: 'the client badges were not read',
    condition: condition('ClientHasBadge', { badgeUuid: IDS.vip }),
    context: buildContext({ client: buildClient({ badges: null }) }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no client',
    condition: condition('ClientHasBadge', { badgeUuid: IDS.vip }),
    context: buildContext({ client: null }),
    expected: false,
    reason: 'The client has the badge VIP? no: there is no client.',
  },

  // JobHasBadge
  {
    kind: 'true',
    title: 'the job has the badge',
    condition: condition('JobHasBadge', { badgeUuid: IDS.warranty }),
    context: withJob({ badges: [IDS.warranty] }),
    expected: true,
    reason: 'The job has the badge Warranty? yes.',
  },
  {
    kind: 'false',
    title: 'the job has other badges',
    condition: condition('JobHasBadge', { badgeUuid: IDS.warranty }),
    context: withJob({ badges: [IDS.vip, IDS.urgent] }),
    expected: false,
    reason: 'The job has the badge Warranty? no: it has VIP and Urgent.',
  },
  {
    kind: 'missing',
    title: 'the job has no badges',
    condition: condition('JobHasBadge', { badgeUuid: IDS.warranty }),
    context: withJob({ badges: [] }),
    expected: false,
    reason: 'The job has the badge Warranty? no: it has no badges.',
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobHasBadge', { badgeUuid: IDS.warranty }),
    context: noJob(),
    expected: false,
  },

  // JobHasAllBadges
  {
    kind: 'true',
    title: 'the job has all the badges and more',
    condition: condition('JobHasAllBadges', { badgeUuids: [IDS.warranty, IDS.vip] }),
    context: withJob({ badges: [IDS.urgent, IDS.vip, IDS.warranty] }),
    expected: true,
    reason: 'The job has all of the badges Warranty and VIP? yes.',
  },
  {
    kind: 'false',
    title: 'the job lacks one',
    condition: condition('JobHasAllBadges', { badgeUuids: [IDS.warranty, IDS.vip] }),
    context: withJob({ badges: [IDS.warranty] }),
    expected: false,
    reason: 'The job has all of the badges Warranty and VIP? no: it lacks VIP.',
  },
  {
    kind: 'missing',
    title: 'the job has no badges',
    condition: condition('JobHasAllBadges', { badgeUuids: [IDS.warranty] }),
    context: withJob({ badges: undefined }),
    expected: false,
    reason: 'The job has all of the badges Warranty? no: it has no badges.',
  },
  {
    kind: 'missing',
    title: 'there is no job',
    condition: condition('JobHasAllBadges', { badgeUuids: [IDS.warranty] }),
    context: noJob(),
    expected: false,
  },

  // ClientHasAllBadges
  {
    kind: 'true',
    title: 'the client has all the badges',
    condition: condition('ClientHasAllBadges', { badgeUuids: [IDS.vip, IDS.urgent] }),
    context: buildContext({ client: buildClient({ badges: [IDS.urgent, IDS.vip] }) }),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the client lacks two',
    condition: condition('ClientHasAllBadges', { badgeUuids: [IDS.vip, IDS.urgent, IDS.warranty] }),
    context: buildContext({ client: buildClient({ badges: [IDS.vip] }) }),
    expected: false,
    reason: 'The client has all of the badges VIP, Urgent and Warranty? no: it lacks Urgent and Warranty.',
  },
  {
    kind: 'missing',
    title: 'the client has no badges',
    condition: condition('ClientHasAllBadges', { badgeUuids: [IDS.vip] }),
    context: buildContext({ client: buildClient({ badges: [] }) }),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'there is no client',
    condition: condition('ClientHasAllBadges', { badgeUuids: [IDS.vip] }),
    context: buildContext({ client: undefined }),
    expected: false,
  },

  // FormIsType
  {
    kind: 'true',
    title: 'the submitted form is the one asked',
    condition: condition('FormIsType', { formUuid: IDS.safetyForm }),
    context: withAnswers([]),
    expected: true,
    reason: 'The submitted form is Job Safety Assessment? yes: it is Job Safety Assessment.',
  },
  {
    kind: 'false',
    title: 'another form was submitted',
    condition: condition('FormIsType', { formUuid: IDS.safetyForm }),
    context: withAnswers([], IDS.surveyForm),
    expected: false,
    reason: 'The submitted form is Job Safety Assessment? no: it is Customer Survey.',
  },
  {
    kind: 'missing',
    title: 'there is no form response',
    condition: condition('FormIsType', { formUuid: IDS.safetyForm }),
    context: buildContext({ formResponse: null }),
    expected: false,
    reason: 'The submitted form is Job Safety Assessment? no: there is no form response.',
  },
  {
    kind: 'missing',
    title: 'the response names no form',
    condition: condition('FormIsType', { formUuid: IDS.safetyForm }),
    context: buildContext({ formResponse: buildFormResponse([], { form_uuid: null }) }),
    expected: false,
  },

  // JobExcludesBadges
  {
    kind: 'true',
    title: 'the job has only other badges',
    condition: condition('JobExcludesBadges', { badgeUuids: [IDS.warranty, IDS.vip] }),
    context: withJob({ badges: [IDS.urgent] }),
    expected: true,
    reason: 'The job has none of the badges Warranty and VIP? yes: it has only Urgent.',
  },
  {
    kind: 'false',
    title: 'the job has one of them',
    condition: condition('JobExcludesBadges', { badgeUuids: [IDS.warranty, IDS.vip] }),
    context: withJob({ badges: [IDS.urgent, IDS.vip] }),
    expected: false,
    reason: 'The job has none of the badges Warranty and VIP? no: it has VIP.',
  },
  {
    kind: 'missing',
    title: 'the job has no badges (true)',
    condition: condition('JobExcludesBadges', { badgeUuids: [IDS.warranty] }),
    context: withJob({ badges: [] }),
    expected: true,
    reason: 'The job has none of the badges Warranty? yes: it has no badges.',
  },
  {
    kind: 'missing',
    title: 'there is no job (true)',
    condition: condition('JobExcludesBadges', { badgeUuids: [IDS.warranty] }),
    context: noJob(),
    expected: true,
    reason: 'The job has none of the badges Warranty? yes: there is no job.',
  },

  // JobExcludesCategories
  {
    kind: 'true',
    title: 'the job is in another category',
    condition: condition('JobExcludesCategories', { categoryUuids: [IDS.gasFitting] }),
    context: withJob({ category_uuid: IDS.plumbing }),
    expected: true,
    reason: 'The job is in none of the categories Gas fitting? yes: it is in Plumbing.',
  },
  {
    kind: 'false',
    title: 'the job is in an excluded category',
    condition: condition('JobExcludesCategories', { categoryUuids: [IDS.plumbing, IDS.gasFitting] }),
    context: withJob({ category_uuid: IDS.gasFitting }),
    expected: false,
    reason: 'The job is in none of the categories Plumbing and Gas fitting? no: it is in Gas fitting.',
  },
  {
    kind: 'missing',
    title: 'the job has no category (true)',
    condition: condition('JobExcludesCategories', { categoryUuids: [IDS.plumbing] }),
    context: withJob({ category_uuid: null }),
    expected: true,
    reason: 'The job is in none of the categories Plumbing? yes: it has no category.',
  },
  {
    kind: 'missing',
    title: 'there is no job (true)',
    condition: condition('JobExcludesCategories', { categoryUuids: [IDS.plumbing] }),
    context: noJob(),
    expected: true,
  },

  // JobExcludesQueues
  {
    kind: 'true',
    title: 'the job is in another queue',
    condition: condition('JobExcludesQueues', { queueUuids: [IDS.partsOnOrder] }),
    context: withJob({ queue_uuid: IDS.awaitingApproval }),
    expected: true,
    reason: 'The job is in none of the queues Parts on order? yes: it is in the queue Awaiting approval.',
  },
  {
    kind: 'false',
    title: 'the job is in an excluded queue',
    condition: condition('JobExcludesQueues', { queueUuids: [IDS.partsOnOrder, IDS.awaitingApproval] }),
    context: withJob({ queue_uuid: IDS.partsOnOrder }),
    expected: false,
    reason:
      'The job is in none of the queues Parts on order and Awaiting approval? no: it is in the queue Parts on order.',
  },
  {
    kind: 'missing',
    title: 'the job is in no queue (true)',
    condition: condition('JobExcludesQueues', { queueUuids: [IDS.partsOnOrder] }),
    context: withJob({ queue_uuid: '' }),
    expected: true,
    reason: 'The job is in none of the queues Parts on order? yes: it is in no queue.',
  },
  {
    kind: 'missing',
    title: 'there is no job (true)',
    condition: condition('JobExcludesQueues', { queueUuids: [IDS.partsOnOrder] }),
    context: noJob(),
    expected: true,
  },

  // JobExcludesStatuses
  {
    kind: 'true',
    title: 'the status is not excluded',
    condition: condition('JobExcludesStatuses', { statuses: ['Completed', 'Unsuccessful'] }),
    context: withJob({ status: 'Quote' }),
    expected: true,
    reason: "The job's status is none of Completed and Unsuccessful? yes: it is Quote.",
  },
  {
    kind: 'false',
    title: 'the status is excluded',
    condition: condition('JobExcludesStatuses', { statuses: ['Completed', 'Unsuccessful'] }),
    context: withJob({ status: 'Completed' }),
    expected: false,
    reason: "The job's status is none of Completed and Unsuccessful? no: it is Completed.",
  },
  {
    kind: 'missing',
    title: 'the job has no status (true)',
    condition: condition('JobExcludesStatuses', { statuses: ['Completed'] }),
    context: withJob({ status: null }),
    expected: true,
    reason: "The job's status is none of Completed? yes: the job has no status.",
  },
  {
    kind: 'missing',
    title: 'there is no job (true)',
    condition: condition('JobExcludesStatuses', { statuses: ['Completed'] }),
    context: noJob(),
    expected: true,
  },

  // ClientExcludesBadges
  {
    kind: 'true',
    title: 'the client has only other badges',
    condition: condition('ClientExcludesBadges', { badgeUuids: [IDS.vip] }),
    context: buildContext({ client: buildClient({ badges: [IDS.warranty] }) }),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the client has an excluded badge',
    condition: condition('ClientExcludesBadges', { badgeUuids: [IDS.vip] }),
    context: buildContext({ client: buildClient({ badges: [IDS.vip] }) }),
    expected: false,
    reason: 'The client has none of the badges VIP? no: it has VIP.',
  },
  {
    kind: 'missing',
    title: 'the client has no badges (true)',
    condition: condition('ClientExcludesBadges', { badgeUuids: [IDS.vip] }),
    context: buildContext({ client: buildClient({ badges: null }) }),
    expected: true,
  },
  {
    kind: 'missing',
    title: 'there is no client (true)',
    condition: condition('ClientExcludesBadges', { badgeUuids: [IDS.vip] }),
    context: buildContext({ client: null }),
    expected: true,
    reason: 'The client has none of the badges VIP? yes: there is no client.',
  },

  // FormFieldTextIncludes
  {
    kind: 'true',
    title: 'the answer contains the text, ignoring case',
    condition: condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }),
    context: withAnswers([[IDS.notesField, 'Found ASBESTOS in the ceiling']]),
    expected: true,
    reason: 'The answer to Notes includes "asbestos"? yes: it is "Found ASBESTOS in the ceiling".',
  },
  {
    kind: 'false',
    title: 'the answer does not contain the text',
    condition: condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }),
    context: withAnswers([[IDS.notesField, 'All clear']]),
    expected: false,
    reason: 'The answer to Notes includes "asbestos"? no: it is "All clear".',
  },
  {
    kind: 'missing',
    title: 'the answer is empty',
    condition: condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }),
    context: withAnswers([[IDS.notesField, '  ']]),
    expected: false,
    reason: 'The answer to Notes includes "asbestos"? no: the answer is empty.',
  },
  {
    kind: 'missing',
    title: 'the form has no such field',
    condition: condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }),
    context: withAnswers([[IDS.ratingField, '5']]),
    expected: false,
    reason:
      'The answer to Notes includes "asbestos"? no: the form answer \'Notes\' could not be read from the form response (none of its answers has that field’s id or name).',
  },
  {
    kind: 'missing',
    title: 'the answers of the form response could not be read',
    condition: condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }),
    context: buildContext({
      formResponse: { ...buildFormResponse([], { form_uuid: IDS.safetyForm }), fieldsUnreadable: true },
    }),
    expected: false,
    reason:
      'The answer to Notes includes "asbestos"? no: the form answer \'Notes\' could not be read from the form response (its answers are in a layout that could not be read).',
  },
  {
    kind: 'missing',
    title: 'another form was submitted',
    condition: condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }),
    context: withAnswers([[IDS.notesField, 'asbestos']], IDS.surveyForm),
    expected: false,
    reason:
      'The answer to Notes includes "asbestos"? no: the submitted form is Customer Survey, not Job Safety Assessment.',
  },
  {
    kind: 'missing',
    title: 'there is no form response',
    condition: condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }),
    context: buildContext({ formResponse: null }),
    expected: false,
    reason: 'The answer to Notes includes "asbestos"? no: there is no form response.',
  },

  // FormFieldNumberMatches
  {
    kind: 'true',
    title: 'the number is at least the value',
    condition: condition('FormFieldNumberMatches', { ...ratingField, operator: 'GtEq', value: 4 }),
    context: withAnswers([[IDS.ratingField, '5']]),
    expected: true,
    reason: 'The answer to Rating is at least 4? yes: it is 5.',
  },
  {
    kind: 'true',
    title: 'a number with thousands separators',
    condition: condition('FormFieldNumberMatches', { ...ratingField, operator: 'Gt', value: 1000 }),
    context: withAnswers([[IDS.ratingField, '1,250.50']]),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the number is not less than the value',
    condition: condition('FormFieldNumberMatches', { ...ratingField, operator: 'Lt', value: 3 }),
    context: withAnswers([[IDS.ratingField, 5]]),
    expected: false,
    reason: 'The answer to Rating is less than 3? no: it is 5.',
  },
  {
    kind: 'missing',
    title: 'the answer is empty (false even for NotEq)',
    condition: condition('FormFieldNumberMatches', { ...ratingField, operator: 'NotEq', value: 3 }),
    context: withAnswers([[IDS.ratingField, '']]),
    expected: false,
    reason: 'The answer to Rating is not equal to 3? no: the answer is empty.',
  },
  {
    kind: 'missing',
    title: 'the answer is not a number',
    condition: condition('FormFieldNumberMatches', { ...ratingField, operator: 'NotEq', value: 3 }),
    context: withAnswers([[IDS.ratingField, 'five']]),
    expected: false,
    reason: 'The answer to Rating is not equal to 3? no: "five" is not a number.',
  },
  {
    kind: 'missing',
    title: 'there is no form response',
    condition: condition('FormFieldNumberMatches', { ...ratingField, operator: 'Eq', value: 3 }),
    context: buildContext({ formResponse: undefined }),
    expected: false,
  },

  // FormFieldChoiceMatches
  {
    kind: 'true',
    title: 'the choice matches, ignoring case',
    condition: condition('FormFieldChoiceMatches', { ...recommendField, choice: 'Yes' }),
    context: withAnswers([[IDS.recommendField, 'yes']]),
    expected: true,
    reason: 'The answer to Recommend is Yes? yes: it is yes.',
  },
  {
    kind: 'true',
    title: 'a list holding only that choice',
    condition: condition('FormFieldChoiceMatches', { ...recommendField, choice: 'Yes' }),
    context: withAnswers([[IDS.recommendField, ['Yes']]]),
    expected: true,
  },
  {
    kind: 'true',
    title: 'a choice that itself holds a comma',
    condition: condition('FormFieldChoiceMatches', { ...recommendField, choice: 'Yes, definitely' }),
    context: withAnswers([[IDS.recommendField, 'Yes, definitely']]),
    expected: true,
  },
  {
    kind: 'false',
    title: 'another choice',
    condition: condition('FormFieldChoiceMatches', { ...recommendField, choice: 'Yes' }),
    context: withAnswers([[IDS.recommendField, 'No']]),
    expected: false,
    reason: 'The answer to Recommend is Yes? no: it is No.',
  },
  {
    kind: 'false',
    title: 'several choices are not one choice',
    condition: condition('FormFieldChoiceMatches', { ...recommendField, choice: 'Yes' }),
    context: withAnswers([[IDS.recommendField, ['Yes', 'No']]]),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'the answer is empty',
    condition: condition('FormFieldChoiceMatches', { ...recommendField, choice: 'Yes' }),
    context: withAnswers([[IDS.recommendField, null]]),
    expected: false,
    reason: 'The answer to Recommend is Yes? no: the answer is empty.',
  },
  {
    kind: 'missing',
    title: 'the form has no such field',
    condition: condition('FormFieldChoiceMatches', { ...recommendField, choice: 'Yes' }),
    context: withAnswers([]),
    expected: false,
  },

  // FormFieldDateMatches
  {
    kind: 'true',
    title: 'the date is before the value',
    condition: condition('FormFieldDateMatches', { ...dateField, operator: 'Lt', value: '2025-03-31' }),
    context: withAnswers([[IDS.visitDateField, '2025-03-30']]),
    expected: true,
    reason: 'The answer to Visit date is before 2025-03-31? yes: it is 2025-03-30.',
  },
  {
    kind: 'true',
    title: 'a ServiceM8 datetime is read by its date',
    condition: condition('FormFieldDateMatches', { ...dateField, operator: 'Eq', value: '2025-03-31' }),
    context: withAnswers([[IDS.visitDateField, '2025-03-31 16:45:00']]),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the date is after the value',
    condition: condition('FormFieldDateMatches', { ...dateField, operator: 'LtEq', value: '2025-03-31' }),
    context: withAnswers([[IDS.visitDateField, '2025-04-01']]),
    expected: false,
    reason: 'The answer to Visit date is on or before 2025-03-31? no: it is 2025-04-01.',
  },
  {
    kind: 'missing',
    title: 'the date is not written YYYY-MM-DD',
    condition: condition('FormFieldDateMatches', { ...dateField, operator: 'NotEq', value: '2025-03-31' }),
    context: withAnswers([[IDS.visitDateField, '31/03/2025']]),
    expected: false,
    reason: 'The answer to Visit date is not on 2025-03-31? no: "31/03/2025" is not a date.',
  },
  {
    kind: 'missing',
    title: 'the ServiceM8 empty date',
    condition: condition('FormFieldDateMatches', { ...dateField, operator: 'Lt', value: '2025-03-31' }),
    context: withAnswers([[IDS.visitDateField, '0000-00-00 00:00:00']]),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'a date that does not exist',
    condition: condition('FormFieldDateMatches', { ...dateField, operator: 'Lt', value: '2025-03-31' }),
    context: withAnswers([[IDS.visitDateField, '2025-02-30']]),
    expected: false,
  },
  {
    kind: 'missing',
    title: 'the answer is empty',
    condition: condition('FormFieldDateMatches', { ...dateField, operator: 'Gt', value: '2025-03-31' }),
    context: withAnswers([[IDS.visitDateField, '']]),
    expected: false,
    reason: 'The answer to Visit date is after 2025-03-31? no: the answer is empty.',
  },

  // FormFieldMultiChoiceIncludes
  {
    kind: 'true',
    title: 'a list includes the choice',
    condition: condition('FormFieldMultiChoiceIncludes', { ...hazardsField, choice: 'Asbestos' }),
    context: withAnswers([[IDS.hazardsField, ['Working at heights', 'Asbestos']]]),
    expected: true,
    reason: 'The answers to Hazards include Asbestos? yes: they are Working at heights and Asbestos.',
  },
  {
    kind: 'true',
    title: 'a JSON array in text includes the choice',
    condition: condition('FormFieldMultiChoiceIncludes', { ...hazardsField, choice: 'asbestos' }),
    context: withAnswers([[IDS.hazardsField, '["Asbestos","Confined space"]']]),
    expected: true,
  },
  {
    kind: 'true',
    title: 'lines of text include the choice',
    condition: condition('FormFieldMultiChoiceIncludes', { ...hazardsField, choice: 'Confined space' }),
    context: withAnswers([[IDS.hazardsField, 'Asbestos\nConfined space']]),
    expected: true,
  },
  {
    kind: 'false',
    title: 'the choices do not include it',
    condition: condition('FormFieldMultiChoiceIncludes', { ...hazardsField, choice: 'Asbestos' }),
    context: withAnswers([[IDS.hazardsField, 'None']]),
    expected: false,
    reason: 'The answers to Hazards include Asbestos? no: they are None.',
  },
  {
    kind: 'missing',
    title: 'nothing was chosen',
    condition: condition('FormFieldMultiChoiceIncludes', { ...hazardsField, choice: 'Asbestos' }),
    context: withAnswers([[IDS.hazardsField, []]]),
    expected: false,
    reason: 'The answers to Hazards include Asbestos? no: the answer is empty.',
  },
  {
    kind: 'missing',
    title: 'there is no form response',
    condition: condition('FormFieldMultiChoiceIncludes', { ...hazardsField, choice: 'Asbestos' }),
    context: buildContext({ formResponse: null }),
    expected: false,
  },
];

describe('evaluateCondition', () => {
  it.each(CASES.map((row) => ({ ...row, type: row.condition.type })))(
    '$type ($kind): $title',
    ({ condition, context, expected, reason }) => {
      const outcome = evaluateCondition(condition, context);
      expect(outcome.result).toBe(expected);
      if (reason) expect(outcome.reason).toBe(reason);
      expect(outcome.reason).toMatch(/^[A-Z].*\? (yes|no)(: .+)?\.$/);
    },
  );

  it.each(AUTOMATION_CONDITIONS)('the table covers %s when true, when false and with data missing', (type) => {
    const rows = CASES.filter((row) => row.condition.type === type);
    expect(rows.some((row) => row.kind === 'true' && row.expected)).toBe(true);
    expect(rows.some((row) => row.kind === 'false' && !row.expected)).toBe(true);
    expect(rows.some((row) => row.kind === 'missing')).toBe(true);
  });

  it('the Excludes conditions are true with data missing, and every other condition is false', () => {
    for (const row of CASES.filter((item) => item.kind === 'missing')) {
      expect(row.expected, `${row.condition.type}: ${row.title}`).toBe(row.condition.type.includes('Excludes'));
    }
  });

  it('evaluates against an empty context without throwing', () => {
    for (const row of CASES) {
      const outcome = evaluateCondition(row.condition, {});
      expect(outcome.result, row.condition.type).toBe(row.condition.type.includes('Excludes'));
    }
  });

  it('finds an answer without a field uuid by the field name', () => {
    const context = buildContext({
      formResponse: buildFormResponse([], { fields: [{ name: 'rating', value: '4' }] }),
    });
    const rule = condition('FormFieldNumberMatches', { ...ratingField, operator: 'Eq', value: 4 });
    expect(evaluateCondition(rule, context).result).toBe(true);
    expect(evaluateCondition(rule, { ...context, names: null }).result).toBe(false);
  });

  it('matches field answers by uuid when the response names no form', () => {
    const context = buildContext({
      formResponse: buildFormResponse([[IDS.notesField, 'asbestos']], { form_uuid: null }),
    });
    expect(
      evaluateCondition(condition('FormFieldTextIncludes', { ...textField, text: 'asbestos' }), context).result,
    ).toBe(true);
  });

  it('lists at most five badges in a reason', () => {
    const badges = Array.from({ length: 8 }, (_, index) => uuid(500 + index));
    const outcome = evaluateCondition(
      condition('JobHasBadge', { badgeUuid: IDS.warranty }),
      withJob({ badges }, { names: null }),
    );
    expect(outcome.reason).toBe(
      `The job has the badge ${IDS.warranty}? no: it has ${badges.slice(0, 5).join(', ')} and 3 more.`,
    );
  });
});

/** Every operator against a smaller, an equal and a greater answer, for numbers and for dates. */
const OPERATOR_TABLE: Record<ComparisonOperator, [less: boolean, equal: boolean, greater: boolean]> = {
  Eq: [false, true, false],
  NotEq: [true, false, true],
  Lt: [true, false, false],
  LtEq: [true, true, false],
  Gt: [false, false, true],
  GtEq: [false, true, true],
};

describe('comparison operators in form conditions', () => {
  const rows = COMPARISON_OPERATORS.flatMap((operator) =>
    (['less', 'equal', 'greater'] as const).map((side, index) => ({
      operator,
      side,
      expected: OPERATOR_TABLE[operator][index] as boolean,
      number: [9.5, 10, 10.5][index] as number,
      date: ['2025-03-30', '2025-03-31', '2025-04-01'][index] as string,
    })),
  );

  it.each(rows)('number: an answer $side to 10 with $operator is $expected', ({ operator, number, expected }) => {
    const rule = condition('FormFieldNumberMatches', { ...ratingField, operator, value: 10 });
    expect(evaluateCondition(rule, withAnswers([[IDS.ratingField, String(number)]])).result).toBe(expected);
  });

  it.each(rows)('date: an answer $side to 2025-03-31 with $operator is $expected', ({ operator, date, expected }) => {
    const rule = condition('FormFieldDateMatches', { ...dateField, operator, value: '2025-03-31' });
    expect(evaluateCondition(rule, withAnswers([[IDS.visitDateField, date]])).result).toBe(expected);
  });
});

describe('a condition type the engine does not know', () => {
  it('does not hold, and says why', () => {
    const stale = { type: 'JobIsLate', params: {} } as unknown as Condition;
    expect(evaluateCondition(stale, buildContext())).toEqual({
      result: false,
      reason: 'The condition JobIsLate is known? no: Automate has no such condition.',
    });
  });
});
