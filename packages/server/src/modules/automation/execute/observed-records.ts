import type { Deps } from '../../../deps.ts';
import type { FreshRecord } from '../../../engine/records/run-records.ts';
import { findSnapshotsSeenSince, type RunRow } from '../automation.repository.ts';

/**
 * How recent the observation a run starting at its event may act on. Within it, the run takes the record
 * from the snapshot the observation stored instead of reading it from ServiceM8 again: every later
 * change rings a delivery that updates the snapshot first, and the reconciliation every 15 minutes
 * catches one that did not. So a vendor's burst, whose runs queue behind ServiceM8's 180 calls a minute,
 * costs the writes and no second read.
 */
const JUST_OBSERVED_MS = 15 * 60_000;

/**
 * The record whose change brought the run's event, which its observation read: the job for job events,
 * except a booking's or a payment's (their own records were read, not the job's).
 */
function observedRecordOf(
  run: Pick<RunRow, 'event' | 'jobUuid' | 'clientUuid' | 'formResponseUuid'>,
): { object: string; uuid: string } | null {
  const { event } = run;
  if (event === 'ClientIsCreated') return run.clientUuid ? { object: 'company', uuid: run.clientUuid } : null;
  if (event === 'FormIsSubmitted') {
    return run.formResponseUuid ? { object: 'formresponse', uuid: run.formResponseUuid } : null;
  }
  if (event === 'JobIsScheduled' || event === 'JobPaymentMade') return null;
  return run.jobUuid ? { object: 'job', uuid: run.jobUuid } : null;
}

/** What decides whether a run may act on its observed record: the run, and what its attempt has done. */
export type ObservedRecordRequest = {
  run: Pick<
    RunRow,
    | 'id'
    | 'vendorId'
    | 'event'
    | 'jobUuid'
    | 'clientUuid'
    | 'formResponseUuid'
    | 'dueAt'
    | 'createdAt'
    | 'failedAttempts'
  >;
  hasActed: boolean;
  firstAttempt: boolean;
};

/**
 * For each of one vendor's runs (by id), the record its event is about, current without reading it
 * again, for a run about to act for the first time (a retried or resumed run reads what ServiceM8 has
 * now, as it checks before it writes):
 * - a run due at its event, matched less than JUST_OBSERVED_MS ago: the snapshot its observation stored;
 * - a delayed run: the snapshot once its object's changes up to the due time are observed. That is one
 *   list call for every run of the vendor falling due together (a listing that began after their due
 *   time answers them all), where each used to read its record.
 * Other records are read as the run first uses them; an empty answer means the record is read too.
 * The snapshots of all the runs are read in one statement.
 */
export async function currentObservedRecords(
  deps: Pick<Deps, 'database' | 'observeChanges'>,
  vendorId: string,
  requests: readonly ObservedRecordRequest[],
  now: Date,
): Promise<Map<string, FreshRecord[]>> {
  const wanted: Array<{ runId: string; object: string; uuid: string; seenSince: Date; dueAt: Date | null }> = [];
  for (const { run, hasActed, firstAttempt } of requests) {
    if (hasActed || !firstAttempt || run.failedAttempts > 0) continue;
    const observed = observedRecordOf(run);
    if (!observed) continue;
    if (run.dueAt.getTime() <= run.createdAt.getTime()) {
      if (now.getTime() - run.createdAt.getTime() > JUST_OBSERVED_MS) continue;
      wanted.push({
        runId: run.id,
        ...observed,
        seenSince: new Date(run.createdAt.getTime() - JUST_OBSERVED_MS),
        dueAt: null,
      });
    } else {
      // A record the listing did not answer has not changed since its snapshot, however old that is.
      wanted.push({ runId: run.id, ...observed, seenSince: new Date(0), dueAt: run.dueAt });
    }
  }
  // One listing per object, up to the latest due time among the delayed runs (it answers the earlier ones too).
  const listedUpTo = new Map<string, Date>();
  for (const item of wanted) {
    const latest = listedUpTo.get(item.object);
    if (item.dueAt && (!latest || item.dueAt > latest)) listedUpTo.set(item.object, item.dueAt);
  }
  const recordByRecord = new Set<string>();
  for (const [object, asOf] of listedUpTo) {
    if ((await deps.observeChanges(vendorId, object, asOf)) === 'record-by-record') recordByRecord.add(object);
  }
  const usable = wanted.filter((item) => !(item.dueAt && recordByRecord.has(item.object)));
  const answer = new Map<string, FreshRecord[]>(requests.map(({ run }) => [run.id, []]));
  if (usable.length === 0) return answer;
  const oldest = new Date(Math.min(...usable.map((item) => item.seenSince.getTime())));
  const snapshots = await findSnapshotsSeenSince(deps.database.db, vendorId, usable, oldest);
  for (const item of usable) {
    const snapshot = snapshots.find(
      (row) => row.object === item.object && row.uuid === item.uuid && row.seenAt >= item.seenSince,
    );
    if (snapshot) answer.set(item.runId, [{ object: snapshot.object, record: snapshot.data }]);
  }
  return answer;
}
