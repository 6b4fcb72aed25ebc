import type { Deps } from '../../deps.ts';
import { takeDueRuns } from './automation.repository.ts';
import { executeRunJob } from './execute-run.jobs.ts';
import { matchLeftoverEvents } from './trigger-matching.service.ts';

const BATCH = 200;
/** An event younger than this is still being matched by the process that stored it. */
const LEFTOVER_AFTER_MS = 2 * 60_000;

/**
 * Queues an execution job for every Scheduled run that is due, marking it dispatched in the same
 * transaction (so each run gets one job), then matches events a crash left unmatched.
 */
export async function dispatchDueRuns(deps: Deps): Promise<{ dispatched: number; leftovers: number }> {
  let dispatched = 0;
  for (;;) {
    const now = deps.clock.now();
    const batch = await deps.database.db.transaction(async (tx) => {
      const due = await takeDueRuns(tx, now, BATCH);
      for (const run of due) await deps.queue.send(executeRunJob, { runId: run.id, vendorId: run.vendorId }, { tx });
      return due.length;
    });
    dispatched += batch;
    if (batch < BATCH) break;
  }
  const leftovers = await matchLeftoverEvents(deps, new Date(deps.clock.now().getTime() - LEFTOVER_AFTER_MS));
  return { dispatched, leftovers };
}
