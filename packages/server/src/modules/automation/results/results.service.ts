import {
  type AutomationResults,
  type FormRequestResults,
  type PaymentReminderResults,
  type QuoteFollowUpResults,
  RESULTS_FORM_DAYS,
  RESULTS_OUTCOME_DAYS,
  RESULTS_PERIOD_DAYS,
  type WeekResults,
} from '@automate/contract';
import { DateTime } from 'luxon';
import type { Deps } from '../../../deps.ts';
import { notFound } from '../../../http/app-error.ts';
import { templateToSend } from '../../email-templates/email-templates.service.ts';
import { triggerFirstSavedAt } from '../../triggers/trigger-lookups.service.ts';
import { getTrigger } from '../../triggers/triggers.service.ts';
import { findVendor } from '../../vendors/vendors.service.ts';
import { findSnapshotData } from '../activity/activity.repository.ts';
import { asksForForm } from './form-requests.ts';
import {
  daysAfter,
  daysBetween,
  earliest,
  eventsByJob,
  figure,
  firstWithin,
  invoicedUnpaidAt,
  jobTotal,
  median,
  shareOf,
  statusAt,
} from './result-figures.ts';
import {
  countSucceededActions,
  findJobEvents,
  findSucceededJobRuns,
  type JobEvent,
  type JobRun,
} from './results.repository.ts';

/**
 * What followed an automation's runs over the last 90 days (quotes approved, invoices paid), beside what
 * happened without it, and the business's week. An automation's results are computed once per day
 * and kept in memory: a page view reads no run twice in a day.
 */

const STORY_EVENTS = [
  'JobStatusChanged',
  'JobAddedToQuote',
  'JobQuoteSent',
  'JobQuoteApproved',
  'JobInvoiceSent',
  'JobInvoiceApproved',
] as const;

const resultsKept = new Map<string, AutomationResults>();
const RESULTS_KEPT = 1_000;

/** The results of the vendor's automation `triggerId`; another vendor's is not found. */
export async function automationResults(deps: Deps, vendorId: string, triggerId: string): Promise<AutomationResults> {
  const db = deps.database.db;
  const switchedOnAt = await triggerFirstSavedAt(db, { vendorId, triggerId });
  if (!switchedOnAt) throw notFound('The trigger');
  const now = deps.clock.now();
  const key = `${vendorId}/${triggerId}/${now.toISOString().slice(0, 10)}`;
  const kept = resultsKept.get(key);
  if (kept) return kept;
  const results = await computeResults(deps, { vendorId, triggerId, switchedOnAt, now });
  resultsKept.set(key, results);
  if (resultsKept.size > RESULTS_KEPT) resultsKept.delete(resultsKept.keys().next().value ?? key);
  return results;
}

type ResultsInput = { vendorId: string; triggerId: string; switchedOnAt: Date; now: Date };

async function computeResults(deps: Deps, input: ResultsInput): Promise<AutomationResults> {
  const db = deps.database.db;
  const { vendorId, triggerId, now } = input;
  const from = daysAfter(now, -RESULTS_PERIOD_DAYS);
  const countedUntil = daysAfter(now, -RESULTS_OUTCOME_DAYS);
  const [runs, events] = await Promise.all([
    findSucceededJobRuns(db, { vendorId, triggerId, from, to: now }),
    // A job's story starts before its run: its invoice may have been sent in the period before.
    findJobEvents(db, { vendorId, events: STORY_EVENTS, from: daysAfter(from, -RESULTS_PERIOD_DAYS), to: now }),
  ]);
  const story = eventsByJob(events);
  const quoteJobs = quotesNotFollowedUp(story, new Set(runs.map((run) => run.jobUuid)), from, countedUntil);
  const jobs = await findSnapshotData(db, vendorId, 'job', [
    ...new Set([...runs.map((r) => r.jobUuid), ...quoteJobs.keys()]),
  ]);
  const statusNow = (job: string) => String(jobs.get(job)?.status ?? '');
  const of = (job: string, event: string) => story.get(job)?.get(event) ?? [];

  const quoteRuns = firstRunPerJob(
    runs.filter((run) => statusAt(of(run.jobUuid, 'JobStatusChanged'), run.at, statusNow(run.jobUuid)) === 'Quote'),
  );
  const invoiceRuns = firstRunPerJob(
    runs.filter((run) =>
      invoicedUnpaidAt(of(run.jobUuid, 'JobInvoiceSent'), of(run.jobUuid, 'JobInvoiceApproved'), run.at),
    ),
  );
  const counted = (run: JobRun) => run.at.getTime() <= countedUntil.getTime();

  let quoteFollowUps: QuoteFollowUpResults | null = null;
  if (quoteRuns.length > 0) {
    const followed = quoteRuns.filter(counted);
    const approved = followed.filter((run) =>
      firstWithin(of(run.jobUuid, 'JobQuoteApproved'), run.at, RESULTS_OUTCOME_DAYS),
    );
    const others = [...quoteJobs.entries()];
    quoteFollowUps = {
      approvedAfterFollowUp: figure(
        shareOf(followed, (run) => approved.includes(run)),
        followed.length,
        'quotes',
      ),
      approvedCount: approved.length,
      approvedValue: Math.round(approved.reduce((sum, run) => sum + jobTotal(jobs.get(run.jobUuid)), 0) * 100) / 100,
      approvedWithoutFollowUp: figure(
        shareOf(others, ([job, at]) => Boolean(firstWithin(of(job, 'JobQuoteApproved'), at, RESULTS_OUTCOME_DAYS))),
        others.length,
        'quotes',
      ),
    };
  }

  let paymentReminders: PaymentReminderResults | null = null;
  if (invoiceRuns.length > 0) {
    const reminded = invoiceRuns.filter(counted);
    const daysToPay = reminded.flatMap((run) => {
      const paid = earliest(of(run.jobUuid, 'JobInvoiceApproved').filter((e) => e.occurredAt > run.at));
      return paid ? [daysBetween(run.at, paid.occurredAt)] : [];
    });
    const before = await daysToPayBefore(deps, vendorId, input.switchedOnAt);
    paymentReminders = {
      paidAfterReminder: figure(
        shareOf(reminded, (run) =>
          Boolean(firstWithin(of(run.jobUuid, 'JobInvoiceApproved'), run.at, RESULTS_OUTCOME_DAYS)),
        ),
        reminded.length,
        'invoices',
      ),
      medianDaysToPayAfterReminder: figure(median(daysToPay), daysToPay.length, 'paid invoices'),
      medianDaysToPayBefore: figure(median(before), before.length, 'paid invoices'),
    };
  }

  return {
    triggerId,
    from: from.toISOString(),
    countedUntil: countedUntil.toISOString(),
    computedAt: now.toISOString(),
    quoteFollowUps,
    paymentReminders,
    formRequests: await formRequestResults(deps, input, from, runs),
  };
}

/**
 * Form requests: of the jobs the automation asked for a form on (its first run on each), the share with
 * a form filled in on the job within 7 days after that run; null when it does not ask for a form.
 */
async function formRequestResults(
  deps: Deps,
  input: ResultsInput,
  from: Date,
  runs: readonly JobRun[],
): Promise<FormRequestResults | null> {
  const db = deps.database.db;
  const { vendorId, triggerId, now } = input;
  const { definition } = await getTrigger(deps, vendorId, triggerId);
  const asks = await asksForForm(definition, (id) => templateToSend(db, { vendorId, id }));
  if (!asks || runs.length === 0) return null;
  const countedUntil = daysAfter(now, -RESULTS_FORM_DAYS);
  const requested = firstRunPerJob(runs).filter((run) => run.at.getTime() <= countedUntil.getTime());
  const forms = eventsByJob(await findJobEvents(db, { vendorId, events: ['FormIsSubmitted'], from, to: now }));
  const submitted = new Set(
    requested.filter((run) =>
      firstWithin(forms.get(run.jobUuid)?.get('FormIsSubmitted') ?? [], run.at, RESULTS_FORM_DAYS),
    ),
  );
  return {
    submittedAfterRequest: figure(
      shareOf(requested, (run) => submitted.has(run)),
      requested.length,
      'requests',
    ),
    submittedCount: submitted.size,
    countedUntil: countedUntil.toISOString(),
  };
}

/** Each job's first run (runs in any order). */
function firstRunPerJob(runs: readonly JobRun[]): JobRun[] {
  const first = new Map<string, JobRun>();
  for (const run of runs) {
    const known = first.get(run.jobUuid);
    if (!known || run.at < known.at) first.set(run.jobUuid, run);
  }
  return [...first.values()];
}

/**
 * The jobs that became quotes or had their quote sent in [from, until] and that the automation never ran
 * on, with when they were first seen so.
 */
function quotesNotFollowedUp(
  story: Map<string, Map<string, JobEvent[]>>,
  followedUp: ReadonlySet<string>,
  from: Date,
  until: Date,
): Map<string, Date> {
  const quotes = new Map<string, Date>();
  for (const [job, byName] of story) {
    if (followedUp.has(job)) continue;
    const seen = earliest(
      [...(byName.get('JobAddedToQuote') ?? []), ...(byName.get('JobQuoteSent') ?? [])].filter(
        (e) => e.occurredAt >= from && e.occurredAt <= until,
      ),
    );
    if (seen) quotes.set(job, seen.occurredAt);
  }
  return quotes;
}

/** Days from invoice to payment in full of the invoices paid in the 90 days before the automation was switched on. */
async function daysToPayBefore(deps: Deps, vendorId: string, switchedOnAt: Date): Promise<number[]> {
  const from = daysAfter(switchedOnAt, -RESULTS_PERIOD_DAYS);
  const events = await findJobEvents(deps.database.db, {
    vendorId,
    events: ['JobInvoiceSent', 'JobInvoiceApproved'],
    from: daysAfter(from, -RESULTS_PERIOD_DAYS),
    to: switchedOnAt,
  });
  return [...eventsByJob(events).values()].flatMap((byName) => {
    const paid = earliest((byName.get('JobInvoiceApproved') ?? []).filter((e) => e.occurredAt >= from));
    if (!paid) return [];
    const sent = (byName.get('JobInvoiceSent') ?? []).filter((e) => e.occurredAt <= paid.occurredAt);
    const lastSent = sent.reduce<JobEvent | undefined>(
      (last, e) => (!last || e.occurredAt > last.occurredAt ? e : last),
      undefined,
    );
    return lastSent ? [daysBetween(lastSent.occurredAt, paid.occurredAt)] : [];
  });
}

const EMAIL_ACTIONS = ['Job_SendEmail', 'JobClient_SendEmail', 'Job_SendAttachment'];
const TEXT_ACTIONS = ['Job_SendText', 'JobClient_SendText'];
const NOTE_ACTIONS = ['Job_AddNote'];

/** The business's last 7 days (today and the 6 before, on its clock). */
export async function weekResults(deps: Deps, vendorId: string): Promise<WeekResults> {
  const db = deps.database.db;
  const vendor = await findVendor(db, vendorId);
  if (!vendor) throw notFound('Business');
  const now = deps.clock.now();
  const from = DateTime.fromJSDate(now).setZone(vendor.timeZone).startOf('day').minus({ days: 6 }).toJSDate();
  const [actions, approvals] = await Promise.all([
    countSucceededActions(db, { vendorId, from, to: now }),
    findJobEvents(db, { vendorId, events: ['JobQuoteApproved'], from, to: now }),
  ]);
  const count = (types: readonly string[]) => types.reduce((sum, type) => sum + (actions.get(type) ?? 0), 0);
  const approved = await approvedAfterFollowUp(deps, vendorId, approvals, from);
  const jobs = await findSnapshotData(db, vendorId, 'job', approved);
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    emailsSent: count(EMAIL_ACTIONS),
    textsSent: count(TEXT_ACTIONS),
    notesAdded: count(NOTE_ACTIONS),
    quotesApprovedAfterFollowUp: approved.length,
    quotesApprovedValue: Math.round(approved.reduce((sum, job) => sum + jobTotal(jobs.get(job)), 0) * 100) / 100,
  };
}

/** The approved quotes an automation ran on, while they were in Quote, in the 14 days before their approval. */
async function approvedAfterFollowUp(
  deps: Deps,
  vendorId: string,
  approvals: readonly JobEvent[],
  from: Date,
): Promise<string[]> {
  if (approvals.length === 0) return [];
  const db = deps.database.db;
  const since = daysAfter(from, -RESULTS_OUTCOME_DAYS);
  const approvedJobs = new Set(approvals.map((e) => e.jobUuid));
  const [runs, statusChanges, jobs] = await Promise.all([
    findSucceededJobRuns(db, { vendorId, from: since, to: deps.clock.now() }),
    findJobEvents(db, {
      vendorId,
      events: ['JobStatusChanged'],
      from: daysAfter(since, -RESULTS_PERIOD_DAYS),
      to: deps.clock.now(),
    }),
    findSnapshotData(db, vendorId, 'job', [...approvedJobs]),
  ]);
  const story = eventsByJob(statusChanges.filter((e) => approvedJobs.has(e.jobUuid)));
  return approvals
    .filter((approval) =>
      runs.some(
        (run) =>
          run.jobUuid === approval.jobUuid &&
          run.at < approval.occurredAt &&
          run.at >= daysAfter(approval.occurredAt, -RESULTS_OUTCOME_DAYS) &&
          statusAt(
            story.get(run.jobUuid)?.get('JobStatusChanged') ?? [],
            run.at,
            String(jobs.get(run.jobUuid)?.status ?? ''),
          ) === 'Quote',
      ),
    )
    .map((approval) => approval.jobUuid);
}
