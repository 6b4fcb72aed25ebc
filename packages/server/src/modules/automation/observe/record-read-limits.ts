import type { Deps } from '../../../deps.ts';
import { claimNewRecordRead, deleteRecordProbesBefore } from '../automation.repository.ts';

/**
 * What a webhook delivery may cost in ServiceM8 reads. A delivery names records by uuid and anyone
 * with the callback URL (or an Admin's test delivery) can name made-up ones, each a read of the
 * vendor's allowance: so records the vendor has never seen (no snapshot) are read at most 20 per
 * delivery and 60 a minute, and a record ServiceM8 answered 404 for is not read again for a day.
 * Records with a snapshot are always read. A real new record left unread is found by the next
 * reconciliation (every 15 minutes), which lists what changed in the account.
 */

const NEW_RECORD_READS_PER_DELIVERY = 20;
const NEW_RECORD_READS_PER_MINUTE = 60;
export const MISSING_RECORD_REMEMBERED_MS = 24 * 60 * 60 * 1000;

/** Why a record a delivery names was not read. */
export type ReadSkipped = 'missing' | 'overDeliveryLimit' | 'overMinuteLimit';

/** The reads of never-seen records a delivery has left. */
export type NewRecordReads = { left: number };

export function newRecordReadsOfDelivery(): NewRecordReads {
  return { left: NEW_RECORD_READS_PER_DELIVERY };
}

/**
 * Takes one read of a record the vendor has never seen from the delivery's share and the vendor's
 * minute; answers why it may not be made, or null when it may.
 */
export async function takeNewRecordRead(
  deps: Deps,
  key: { vendorId: string; object: string; uuid: string },
  reads: NewRecordReads,
): Promise<ReadSkipped | null> {
  if (reads.left <= 0) return 'overDeliveryLimit';
  const now = deps.clock.now();
  const claimed = await claimNewRecordRead(deps.database.db, key, {
    now,
    minuteAgo: new Date(now.getTime() - 60_000),
    perMinute: NEW_RECORD_READS_PER_MINUTE,
  });
  if (!claimed) return 'overMinuteLimit';
  reads.left--;
  return null;
}

/** The nightly clean-up: what is older than a day counts for nothing any more. Answers how many went. */
export function forgetOldRecordReads(deps: Deps): Promise<number> {
  return deleteRecordProbesBefore(
    deps.database.db,
    new Date(deps.clock.now().getTime() - MISSING_RECORD_REMEMBERED_MS),
  );
}
