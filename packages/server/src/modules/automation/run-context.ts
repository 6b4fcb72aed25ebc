import type { ConditionGroup, TriggerEvent } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import { recordsReadBy } from '../../engine/conditions/condition-records.ts';
import { buildEvaluationContext, type EvaluationContext } from '../../engine/conditions/evaluation-context.ts';
import { type FreshRecord, type RecordSubject, type RunRecords, runRecords } from '../../engine/records/run-records.ts';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import { syncedAccountRecord, syncedStaffRecord } from '../servicem8/synced-records.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import type { ReferenceNames } from './reference-names.ts';

/** The events whose record was just created: IsCreated holds for them. */
const CREATION_EVENTS: readonly TriggerEvent[] = ['JobIsCreated', 'ClientIsCreated', 'FormIsSubmitted'];

/**
 * A run's records: read from ServiceM8 on first use (`fresh` ones not at all), staff and the
 * account from the vendor's synced copy.
 */
export function recordsForRun(
  db: Db,
  client: Sm8Client,
  vendorId: string,
  subject: RecordSubject,
  fresh: readonly FreshRecord[] = [],
): RunRecords {
  return runRecords({
    client,
    subject,
    fresh,
    syncedStaff: (uuid) => syncedStaffRecord(db, { vendorId, uuid }),
    syncedAccount: () => syncedAccountRecord(db, vendorId),
    senderName: async () => (await findVendor(db, vendorId))?.senderName ?? null,
  });
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
