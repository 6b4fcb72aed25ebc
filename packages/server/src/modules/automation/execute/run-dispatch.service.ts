import type { Deps } from '../../../deps.ts';
import { takeDueRuns } from '../automation.repository.ts';
import { leftoverCutoff, matchLeftoverEvents } from '../match/trigger-matching.service.ts';
import { DISPATCH_AHEAD_MS, queueRunExecutions } from './execute-run.jobs.ts';
import { warnRunsDueSoon } from './run-warnings.service.ts';

const BATCH = 200;
/** An event younger than this is still being matched by the process that stored it. */
const LEFTOVER_AFTER_MS = 2 * 60_000;

/**
 * Queues an execution job for every Scheduled run due before the next pass, each starting at its due
 * time, marking it dispatched in the same transaction (so each run gets one job), then matches events
 * a crash left unmatched, and checks again what the runs due within the hour will miss (`run-warnings.service.ts`).
 */
export async function dispatchDueRuns(
  deps: Deps,
): Promise<{ dispatched: number; leftovers: number; checkedAhead: number }> {
  let dispatched = 0;
  for (;;) {
    const now = deps.clock.now();
    const batch = await deps.database.db.transaction(async (tx) => {
      const until = new Date(now.getTime() + DISPATCH_AHEAD_MS);
      const due = await takeDueRuns(tx, { now, until }, BATCH);
      await queueRunExecutions(deps, due, tx);
      return due.length;
    });
    dispatched += batch;
    if (batch < BATCH) break;
  }
  const leftovers = await matchLeftoverEvents(deps, { olderThan: leftoverCutoff(deps, LEFTOVER_AFTER_MS) });
  const checkedAhead = await warnRunsDueSoon(deps);
  return { dispatched, leftovers, checkedAhead };
}
