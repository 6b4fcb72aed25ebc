import type { Deps } from '../../deps.ts';
import { deleteHandledDeliveries } from './webhooks.repository.ts';

/** How long a handled delivery stays in the inbox, to look into what came in when. */
const INBOX_RETENTION_DAYS = 30;

/** Deleted a batch at a time, so no statement holds a long lock or a large transaction. */
const BATCH = 5_000;

/**
 * The nightly clean-up of the inbox: deliveries processed (or failed for good) over 30 days ago go,
 * and are counted per day for the metrics. Those still waiting are kept. Answers how many went.
 */
export async function removeOldDeliveries(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - INBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const batch = await deleteHandledDeliveries(deps.database.db, before, BATCH);
    removed += batch;
    if (batch < BATCH) return removed;
  }
}
