import type { Deps } from '../../../deps.ts';
import type { Sm8Record } from '../../../engine/events/derive-events.ts';
import { type RunRecords, text } from '../../../engine/records/run-records.ts';
import { syncedAccountRecord, syncedStaffRecord } from '../../servicem8/synced-records.service.ts';
import { findVendor } from '../../vendors/vendors.service.ts';
import { findSnapshotData } from '../activity/activity.repository.ts';
import { findPaymentsOfJobs, listRecordStates, type ReplayedChange } from './preview.repository.ts';

/** A replayed change's records, answered from the database alone. */
export type ReplayedRecords = RunRecords;

/**
 * The business's records as the preview replays them: the record a change left (kept with the change),
 * the job and client it belongs to as their latest kept change before it left them (else as last seen),
 * and payments, staff and the account as last seen. Contacts are not kept, so there are none.
 */
export type PreviewWorld = {
  recordsOf(change: ReplayedChange): ReplayedRecords;
  jobNumberOf(change: ReplayedChange): string | null;
  clientNameOf(change: ReplayedChange): string | null;
  /** Changes kept before whole records were: replayed against the record as last seen. */
  changesWithoutRecord: number;
};

type State = { after: Sm8Record; at: number };

export async function previewWorld(
  deps: Deps,
  vendorId: string,
  changes: readonly ReplayedChange[],
  since: Date,
): Promise<PreviewWorld> {
  const db = deps.database.db;
  const unique = (values: ReadonlyArray<string | null>) => [...new Set(values.filter((value) => value !== null))];
  // The record each change left; a change kept before records were falls back to the record as last seen.
  const withoutRecord = changes.filter((change) => !change.after);
  const lastSeen = new Map<string, Sm8Record>();
  for (const object of unique(withoutRecord.map((change) => change.object))) {
    const uuids = withoutRecord.filter((change) => change.object === object).map((change) => change.recordUuid);
    for (const [uuid, data] of await findSnapshotData(db, vendorId, object, uuids))
      lastSeen.set(`${object}/${uuid}`, data);
  }
  const recordLeft = (change: ReplayedChange): Sm8Record | null =>
    change.after ?? lastSeen.get(`${change.object}/${change.recordUuid}`) ?? null;

  const jobUuids = unique(changes.map((change) => change.jobUuid));
  const [jobStates, jobsLastSeen, payments] = await Promise.all([
    statesOf(deps, vendorId, 'job', unique(changes.filter((c) => c.object !== 'job').map((c) => c.jobUuid)), since),
    findSnapshotData(db, vendorId, 'job', jobUuids),
    findPaymentsOfJobs(db, vendorId, jobUuids),
  ]);
  const jobAt = (change: ReplayedChange): Sm8Record | null => {
    if (change.object === 'job') return recordLeft(change);
    if (!change.jobUuid) return null;
    return stateAt(jobStates.get(change.jobUuid), change.observedAt) ?? jobsLastSeen.get(change.jobUuid) ?? null;
  };
  const clientUuidOf = (change: ReplayedChange): string | null =>
    text(jobAt(change)?.company_uuid) || (change.object === 'company' ? change.recordUuid : change.clientUuid);
  const clientUuids = unique(changes.map(clientUuidOf));
  const [clientStates, clientsLastSeen] = await Promise.all([
    statesOf(deps, vendorId, 'company', clientUuids, since),
    findSnapshotData(db, vendorId, 'company', clientUuids),
  ]);
  const clientAt = (change: ReplayedChange): Sm8Record | null => {
    if (change.object === 'company') return recordLeft(change);
    const uuid = clientUuidOf(change);
    if (!uuid) return null;
    return stateAt(clientStates.get(uuid), change.observedAt) ?? clientsLastSeen.get(uuid) ?? null;
  };
  const paymentsOf = (jobUuid: string) =>
    payments.filter(
      (payment) =>
        text(payment.job_uuid) === jobUuid && (payment.active === undefined || String(payment.active) === '1'),
    );

  // Staff and the account are the same for every change: read once, when a text first uses them.
  const staff = new Map<string, Promise<Sm8Record | null>>();
  let account: Promise<Sm8Record | null> | undefined;
  const accountRecord = async () => {
    const [synced, vendor] = await Promise.all([syncedAccountRecord(db, vendorId), findVendor(db, vendorId)]);
    if (!synced) return null;
    return vendor?.senderName ? { ...synced, sender_name: vendor.senderName } : synced;
  };

  return {
    changesWithoutRecord: withoutRecord.length,
    jobNumberOf: (change) => text(jobAt(change)?.generated_job_id) || null,
    clientNameOf: (change) => text(clientAt(change)?.name) || null,
    recordsOf(change) {
      const job = jobAt(change);
      const left = recordLeft(change);
      const staffUuid = text(job?.created_by_staff_uuid);
      return {
        subject: {
          jobUuid: change.jobUuid,
          clientUuid: clientUuidOf(change),
          formResponseUuid: change.object === 'formresponse' ? change.recordUuid : null,
        },
        job: async () => job,
        client: async () => clientAt(change),
        jobContacts: async () => [],
        clientContacts: async () => [],
        payments: async () => (job ? paymentsOf(text(job.uuid)) : null),
        formResponse: async () => (change.object === 'formresponse' ? left : null),
        booking: async () => (change.object === 'jobactivity' ? left : null),
        staff: () => {
          if (!staffUuid) return Promise.resolve(null);
          let found = staff.get(staffUuid);
          if (!found) {
            found = syncedStaffRecord(db, { vendorId, uuid: staffUuid }).then((record) => record ?? null);
            staff.set(staffUuid, found);
          }
          return found;
        },
        vendor: () => {
          account ??= accountRecord();
          return account;
        },
      };
    },
  };
}

/** Every kept state of these records since `since`, oldest first, by uuid. */
async function statesOf(
  deps: Deps,
  vendorId: string,
  object: string,
  uuids: readonly string[],
  since: Date,
): Promise<Map<string, State[]>> {
  const states = new Map<string, State[]>();
  for (const row of await listRecordStates(deps.database.db, vendorId, object, uuids, since)) {
    if (!row.after) continue;
    const list = states.get(row.recordUuid) ?? [];
    list.push({ after: row.after, at: row.observedAt.getTime() });
    states.set(row.recordUuid, list);
  }
  return states;
}

/** The record as its latest state at or before `at` left it; null when none was kept by then. */
function stateAt(states: readonly State[] | undefined, at: Date): Sm8Record | null {
  let found: Sm8Record | null = null;
  for (const state of states ?? []) {
    if (state.at > at.getTime()) break;
    found = state.after;
  }
  return found;
}
