import { RESULTS_MIN_SAMPLE, type ResultFigure } from '@automate/contract';
import type { JobEvent } from './results.repository.ts';

/** Pure rules of the results of automations: a job's state at a time from its events, and the figures. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A figure from `sample` records: shown from `RESULTS_MIN_SAMPLE` records, else a note says how many so far. */
export function figure(value: number | null, sample: number, records: string): ResultFigure {
  if (sample < RESULTS_MIN_SAMPLE) {
    return { value: null, sample, note: `Shown from ${RESULTS_MIN_SAMPLE} ${records}; ${sample} so far.` };
  }
  return { value, sample, note: null };
}

/** The share of `items` that pass, as a fraction rounded to 3 places (null for none). */
export function shareOf<T>(items: readonly T[], passes: (item: T) => boolean): number | null {
  if (items.length === 0) return null;
  return Math.round((items.filter(passes).length / items.length) * 1000) / 1000;
}

/** The median of `values`, rounded to one decimal (null for none). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
}

export function daysBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / DAY_MS;
}

export function daysAfter(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** The first of `events` (any order) that occurred after `at` and at most `days` days after it. */
export function firstWithin(events: readonly JobEvent[], at: Date, days: number): JobEvent | undefined {
  const until = daysAfter(at, days).getTime();
  return earliest(events.filter((e) => e.occurredAt.getTime() > at.getTime() && e.occurredAt.getTime() <= until));
}

export function earliest<T extends { occurredAt: Date }>(events: readonly T[]): T | undefined {
  return events.reduce<T | undefined>((first, e) => (!first || e.occurredAt < first.occurredAt ? e : first), undefined);
}

/**
 * The statuses a JobStatusChanged event's occurrence key names (`JobStatusChanged:{job}:{before}>{after}:{edit date}`).
 */
function statusesOf(event: JobEvent): { before: string; after: string } | null {
  const prefix = `JobStatusChanged:${event.jobUuid}:`;
  if (!event.occurrenceKey.startsWith(prefix)) return null;
  const rest = event.occurrenceKey.slice(prefix.length);
  const arrow = rest.indexOf('>');
  if (arrow < 0) return null;
  const after = rest.slice(arrow + 1);
  const colon = after.indexOf(':');
  return { before: rest.slice(0, arrow), after: colon < 0 ? after : after.slice(0, colon) };
}

/**
 * A job's status at `at`: what its last status change before then made it, else what its first change
 * after then changed from, else its status now (it has not changed since).
 */
export function statusAt(statusChanges: readonly JobEvent[], at: Date, statusNow: string): string {
  let before: { time: number; status: string } | undefined;
  let after: { time: number; status: string } | undefined;
  for (const change of statusChanges) {
    const statuses = statusesOf(change);
    if (!statuses) continue;
    const time = change.occurredAt.getTime();
    if (time <= at.getTime()) {
      if (!before || time > before.time) before = { time, status: statuses.after };
    } else if (!after || time < after.time) {
      after = { time, status: statuses.before };
    }
  }
  return before?.status ?? after?.status ?? statusNow;
}

/** The job had an invoice sent and was not paid in full at `at`. */
export function invoicedUnpaidAt(
  invoicesSent: readonly JobEvent[],
  paidInFull: readonly JobEvent[],
  at: Date,
): boolean {
  const sent = invoicesSent.some((e) => e.occurredAt.getTime() <= at.getTime());
  return sent && !paidInFull.some((e) => e.occurredAt.getTime() <= at.getTime());
}

/** Groups events by job, then by event name. */
export function eventsByJob(events: readonly JobEvent[]): Map<string, Map<string, JobEvent[]>> {
  const byJob = new Map<string, Map<string, JobEvent[]>>();
  for (const event of events) {
    const byName = byJob.get(event.jobUuid) ?? new Map<string, JobEvent[]>();
    byName.set(event.event, [...(byName.get(event.event) ?? []), event]);
    byJob.set(event.jobUuid, byName);
  }
  return byJob;
}

/** The job's total as a number (a snapshot keeps it as text). */
export function jobTotal(job: Record<string, unknown> | undefined): number {
  const total = Number(job?.total_invoice_amount ?? 0);
  return Number.isFinite(total) ? total : 0;
}
