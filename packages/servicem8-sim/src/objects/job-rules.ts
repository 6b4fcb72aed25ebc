import { EMPTY_DATE } from '../time/account-time.ts';
import type { JobStatus } from './object-types.ts';
import type { SimRecord } from './record-store.ts';

/** The date field stamped when a job enters each status. */
const STATUS_STAMP_FIELDS: Readonly<Record<JobStatus, string>> = {
  Quote: 'quote_date',
  'Work Order': 'work_order_date',
  Completed: 'completion_date',
  Unsuccessful: 'unsuccessful_date',
};

/** Flags whose 0 → 1 flip stamps a read-only datetime. */
const FLAG_STAMPS: ReadonlyArray<readonly [flag: string, stamp: string]> = [
  ['quote_sent', 'quote_sent_stamp'],
  ['invoice_sent', 'invoice_sent_stamp'],
  ['payment_received', 'payment_received_stamp'],
  ['payment_processed', 'payment_processed_stamp'],
];

export type JobRuleContext = {
  /** Account-local `YYYY-MM-DD HH:MM:SS`. */
  now: string;
  actorStaffUuid: string;
  takeJobNumber(): string;
};

/**
 * Side effects of writing a job: the job number on create, the status date stamps, the flag
 * stamps and who completed it. Mutates `next` (the merged record about to be stored).
 */
export function applyJobRules(before: SimRecord | undefined, next: SimRecord, context: JobRuleContext): void {
  if (!before) {
    next.generated_job_id = context.takeJobNumber();
    if (next.date === EMPTY_DATE) next.date = context.now.slice(0, 10);
    if (next.created_by_staff_uuid === '') next.created_by_staff_uuid = context.actorStaffUuid;
  }
  const status = next.status as JobStatus;
  if (!before || before.status !== status) {
    const stampField = STATUS_STAMP_FIELDS[status];
    if (stampField) next[stampField] = context.now;
    if (status === 'Completed') next.completion_actioned_by_uuid = context.actorStaffUuid;
  }
  for (const [flag, stamp] of FLAG_STAMPS) {
    if (Number(next[flag]) === 1 && Number(before?.[flag] ?? 0) !== 1) next[stamp] = context.now;
  }
}
