import { z } from 'zod';

/**
 * What an automation's runs were followed by (`GET /vendor/{vendorId}/Trigger/{id}/results`) and the
 * business's week (`GET /vendor/{vendorId}/Trigger/results/week`). Every figure is an observation
 * *after* the automation's runs, set beside a comparison; none says the automation caused it.
 */

/** The runs and events looked at: the last 90 days. */
export const RESULTS_PERIOD_DAYS = 90;
/** A quote counts as approved, an invoice as paid, when it happened within this many days after the run. */
export const RESULTS_OUTCOME_DAYS = 14;
/** A form counts as submitted after a request when it was filled in on the job within this many days after the run. */
export const RESULTS_FORM_DAYS = 7;
/**
 * An automation asks for a form (feedback, a survey, a review) when it messages the client or the job's
 * contact and the words of its message say so: one of these, as a whole word, in any case.
 */
export const FORM_REQUEST_WORDS = ['form', 'forms', 'feedback', 'survey', 'review'] as const;
/** A figure from fewer records than this is not shown. */
export const RESULTS_MIN_SAMPLE = 10;

/**
 * One figure with the number of records it comes from. `value` is null below `RESULTS_MIN_SAMPLE` records
 * (or when there is nothing to measure), and `note` says why ("Shown from 10 quotes; 6 so far").
 */
export const ResultFigure = z.object({
  value: z.number().nullable(),
  sample: z.number().int(),
  note: z.string().nullable(),
});
export type ResultFigure = z.infer<typeof ResultFigure>;

/**
 * Quote follow-ups: of the quotes this automation ran on (the job in Quote when it ran), the share approved
 * within 14 days after its first run and their value (the jobs' totals), compared with the quotes of the same
 * period it did not run on.
 */
export const QuoteFollowUpResults = z.object({
  approvedAfterFollowUp: ResultFigure,
  approvedValue: z.number(),
  approvedCount: z.number().int(),
  approvedWithoutFollowUp: ResultFigure,
});
export type QuoteFollowUpResults = z.infer<typeof QuoteFollowUpResults>;

/**
 * Payment reminders: of the invoices this automation ran on (sent and not paid in full when it ran), the
 * share paid in full within 14 days after its first run and the median days from that run to payment,
 * compared with the median days from invoice to payment of the invoices paid in the 90 days before it was
 * switched on.
 */
export const PaymentReminderResults = z.object({
  paidAfterReminder: ResultFigure,
  medianDaysToPayAfterReminder: ResultFigure,
  medianDaysToPayBefore: ResultFigure,
});
export type PaymentReminderResults = z.infer<typeof PaymentReminderResults>;

/**
 * Form requests: of the jobs this automation asked for a form on (its first run on each), the share with a
 * form filled in on the job within 7 days after the run.
 */
export const FormRequestResults = z.object({
  submittedAfterRequest: ResultFigure,
  submittedCount: z.number().int(),
  /** A run counts once its 7 days are over. */
  countedUntil: z.iso.datetime(),
});
export type FormRequestResults = z.infer<typeof FormRequestResults>;

export const AutomationResults = z.object({
  triggerId: z.uuid(),
  /** The period the runs and events were taken from; a run counts once its 14 days are over (`countedUntil`). */
  from: z.iso.datetime(),
  countedUntil: z.iso.datetime(),
  computedAt: z.iso.datetime(),
  /** Null when none of its runs acted on a quote. */
  quoteFollowUps: QuoteFollowUpResults.nullable(),
  /** Null when none of its runs acted on an invoiced, unpaid job. */
  paymentReminders: PaymentReminderResults.nullable(),
  /** Null when the automation does not ask for a form (`FORM_REQUEST_WORDS`), or has no run on a job yet. */
  formRequests: FormRequestResults.nullable(),
});
export type AutomationResults = z.infer<typeof AutomationResults>;

/** The business's last 7 days (its own days, on its clock): what its automations did and the quotes approved after one. */
export const WeekResults = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  emailsSent: z.number().int(),
  textsSent: z.number().int(),
  notesAdded: z.number().int(),
  /** Quotes approved in the 7 days within 14 days after an automation ran on them while they were in Quote. */
  quotesApprovedAfterFollowUp: z.number().int(),
  quotesApprovedValue: z.number(),
});
export type WeekResults = z.infer<typeof WeekResults>;
