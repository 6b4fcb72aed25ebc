import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../queue/job-definition.ts';
import { executeRun } from './run-executor.service.ts';

const RETRY_LIMIT = 10;
/** The first attempt and its retries. */
export const RUN_ATTEMPTS_ALLOWED = RETRY_LIMIT + 1;
const RETRY_DELAY_SECONDS = 2;
const RETRY_DELAY_MAX_SECONDS = 600;

/**
 * The longest pg-boss waits before retrying after failed attempt `retryCount` (0 the first): with
 * backoff it waits a random time between 2ⁿ⁺¹/2 and 2ⁿ⁺¹ times the delay, at most the maximum.
 */
function latestRetryDelayMs(retryCount: number): number {
  return Math.min(RETRY_DELAY_MAX_SECONDS, RETRY_DELAY_SECONDS * 2 ** Math.min(16, retryCount + 1)) * 1000;
}

/**
 * Executes one due trigger run. pg-boss runs one instance of a job at a time and, through the
 * heartbeat (every queue has one, see createQueue), hands the job to another worker when the one
 * running it dies; the run resumes from its step log. Transient ServiceM8 failures retry with backoff: 2 s doubling to 10 minutes, about
 * 20 minutes in all, then the run fails with the reason.
 */
export const executeRunJob = defineJob({
  name: 'automation.execute-run',
  // vendorId: jobs queued before it was added have none, and run without a vendor's share.
  payload: z.object({ runId: z.uuid(), vendorId: z.uuid().optional() }),
  queue: {
    retryLimit: RETRY_LIMIT,
    retryDelay: RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: RETRY_DELAY_MAX_SECONDS,
  },
  concurrency: 'engine',
  vendorOf: (payload) => payload.vendorId,
  handle: ({ runId }, { deps, retryCount }) =>
    executeRun(deps, runId, {
      retryCount,
      retryLimit: RETRY_LIMIT,
      latestRetryDelayMs: latestRetryDelayMs(retryCount),
    }),
});

/**
 * How far ahead runs get their execution job: the job starts at the run's due time (pg-boss's
 * `startAfter`), so a delayed run starts within a poll of its time; the dispatcher, every minute,
 * hands out what falls due before its next pass, with a minute to spare. Runs due later wait in the
 * database (pg-boss keeps waiting jobs for a limited time; a delay can be years).
 */
export const DISPATCH_AHEAD_MS = 2 * 60_000;

/** Queues the run's execution to start when it is due (at once when due already). */
export function queueRunExecution(
  deps: Pick<Deps, 'queue' | 'clock'>,
  run: { id: string; vendorId: string; dueAt: Date },
  tx: Db,
): Promise<void> {
  return queueRunExecutions(deps, [run], tx);
}

/** Queues the runs' executions, each to start when it is due, in one statement. */
export function queueRunExecutions(
  deps: Pick<Deps, 'queue' | 'clock'>,
  runs: ReadonlyArray<{ id: string; vendorId: string; dueAt: Date }>,
  tx: Db,
): Promise<void> {
  const now = deps.clock.now().getTime();
  return deps.queue.sendMany(
    executeRunJob,
    runs.map((run) => ({
      payload: { runId: run.id, vendorId: run.vendorId },
      startAfter: Math.ceil((run.dueAt.getTime() - now) / 1000),
    })),
    { tx },
  );
}
