import type { Deps } from '../../deps.ts';
import type { FreshRecord } from '../../engine/records/run-records.ts';
import { findSnapshotsSeenSince, type RunRow } from './automation.repository.ts';

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

/**
 * The record the run's event is about, current without reading it again, for a run about to act for
 * the first time (a retried or resumed run reads what ServiceM8 has now, as it checks before it writes):
 * - a run due at its event, matched less than JUST_OBSERVED_MS ago: the snapshot its observation stored;
 * - a delayed run: the snapshot once its object's changes up to the due time are observed. That is one
 *   list call for every run of the vendor falling due together (a listing that began after their due
 *   time answers them all), where each used to read its record.
 * Other records are read as the run first uses them; an empty answer means the record is read too.
 */
export async function currentObservedRecords(
  deps: Pick<Deps, 'database' | 'observeChanges'>,
  run: Pick<
    RunRow,
    'vendorId' | 'event' | 'jobUuid' | 'clientUuid' | 'formResponseUuid' | 'dueAt' | 'createdAt' | 'failedAttempts'
  >,
  options: { hasActed: boolean; firstAttempt: boolean; now: Date },
): Promise<FreshRecord[]> {
  if (options.hasActed || !options.firstAttempt || run.failedAttempts > 0) return [];
  const observed = observedRecordOf(run);
  if (!observed) return [];
  let seenSince: Date;
  if (run.dueAt.getTime() <= run.createdAt.getTime()) {
    if (options.now.getTime() - run.createdAt.getTime() > JUST_OBSERVED_MS) return [];
    seenSince = new Date(run.createdAt.getTime() - JUST_OBSERVED_MS);
  } else {
    // A record the listing did not answer has not changed since its snapshot, however old that is.
    if ((await deps.observeChanges(run.vendorId, observed.object, run.dueAt)) === 'record-by-record') return [];
    seenSince = new Date(0);
  }
  const snapshots = await findSnapshotsSeenSince(deps.database.db, run.vendorId, [observed], seenSince);
  return snapshots.map((snapshot) => ({ object: snapshot.object, record: snapshot.data }));
}
