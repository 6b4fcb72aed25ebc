import type { ConditionGroup, TriggerEvent } from '@automate/contract';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { recordsReadBy } from '../../../engine/conditions/condition-records.ts';
import { buildEvaluationContext, type EvaluationContext } from '../../../engine/conditions/evaluation-context.ts';
import { bookingUuidOf } from '../../../engine/events/derive-events.ts';
import {
  type FreshRecord,
  type RecordSubject,
  type RunRecords,
  runRecords,
  text,
} from '../../../engine/records/run-records.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';
import { syncedAccountRecord, syncedStaffRecord } from '../../servicem8/synced-records.service.ts';
import { findVendor } from '../../vendors/vendors.service.ts';
import { findEventKey } from '../automation.repository.ts';
import { nextBooking } from './booking-start.ts';
import type { ReferenceNames } from './reference-names.ts';

const AnyRecord = z.record(z.string(), z.unknown());

/** The events whose record was just created: IsCreated holds for them. */
const CREATION_EVENTS: readonly TriggerEvent[] = ['JobIsCreated', 'ClientIsCreated', 'FormIsSubmitted'];

/**
 * A run's records: read from ServiceM8 on first use (`fresh` ones not at all), staff and the
 * account from the vendor's synced copy. The booking is the one the run's event (`eventId`) is about;
 * a test on a job, which has no event, takes the job's next visit.
 */
export function recordsForRun(
  db: Db,
  client: Sm8Client,
  vendorId: string,
  subject: RecordSubject & { eventId?: string | null },
  fresh: readonly FreshRecord[] = [],
  now: () => Date = () => new Date(),
): RunRecords {
  const { eventId } = subject;
  const records: RunRecords = runRecords({
    client,
    subject,
    fresh,
    bookingUuid: async () => {
      if (eventId) {
        const key = await findEventKey(db, eventId);
        return key ? bookingUuidOf(key) : null;
      }
      const job = await records.job();
      if (!job) return null;
      const activities = await client.list('jobactivity', AnyRecord, {
        filter: `job_uuid eq '${text(job.uuid).replaceAll("'", "''")}'`,
      });
      const timeZone = (await findVendor(db, vendorId))?.timeZone ?? 'UTC';
      return text(nextBooking(activities, timeZone, now())?.uuid) || null;
    },
    syncedStaff: (uuid) => syncedStaffRecord(db, { vendorId, uuid }),
    syncedAccount: () => syncedAccountRecord(db, vendorId),
    senderName: async () => (await findVendor(db, vendorId))?.senderName ?? null,
  });
  return records;
}

/** What the conditions of these groups are evaluated against: the records they read, and only those. */
export async function evaluationContextFor(
  records: RunRecords,
  conditions: readonly ConditionGroup[],
  names: ReferenceNames,
  event: TriggerEvent | null,
): Promise<EvaluationContext> {
  const read = recordsReadBy(conditions);
  const [job, client, formResponse, payments] = await Promise.all([
    read.has('job') ? records.job() : null,
    read.has('client') ? records.client() : null,
    read.has('formResponse') ? records.formResponse() : null,
    read.has('payments') ? records.payments() : null,
  ]);
  return buildEvaluationContext({
    job,
    client,
    formResponse,
    payments,
    isCreated: event === null ? null : CREATION_EVENTS.includes(event),
    names,
  });
}
