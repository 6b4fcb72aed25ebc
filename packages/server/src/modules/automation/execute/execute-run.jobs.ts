import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { defineJob } from '../../../queue/job-definition.ts';
import { executeRun, executeRuns } from './run-executor.service.ts';

const RETRY_LIMIT = 10;
/** The first attempt and its retries. */
export const RUN_ATTEMPTS_ALLOWED = RETRY_LIMIT + 1;
const RETRY_DELAY_SECONDS = 2;
const RETRY_DELAY_MAX_SECONDS = 600;

/** How pg-boss retries a run's job (one run, or a vendor's batch): 2 s doubling to 10 minutes. */
const RUN_RETRY_POLICY = {
  retryLimit: RETRY_LIMIT,
  retryDelay: RETRY_DELAY_SECONDS,
  retryBackoff: true,
  retryDelayMax: RETRY_DELAY_MAX_SECONDS,
};

/**
 * The longest pg-boss waits before retrying after failed attempt `retryCount` (0 the first): with
 * backoff it waits a random time between 2ⁿ⁺¹/2 and 2ⁿ⁺¹ times the delay, at most the maximum.
 */
function latestRetryDelayMs(retryCount: number): number {
  return Math.min(RETRY_DELAY_MAX_SECONDS, RETRY_DELAY_SECONDS * 2 ** Math.min(16, retryCount + 1)) * 1000;
}

/**
 * Executes one trigger run on its own: a person's retry, and a run of a batch whose attempt failed for
 * a reason a retry may fix (`failedAttempts` says how many attempts it has had, so the count of
 * attempts and their backoff go on from there). pg-boss runs one instance of a job at a time and,
 * through the heartbeat (every queue has one, see createQueue), hands the job to another worker when
 * the one running it dies; the run resumes from its step log. Transient ServiceM8 failures retry with
 * backoff: 2 s doubling to 10 minutes, about 20 minutes in all, then the run fails with the reason.
 */
export const executeRunJob = defineJob({
  name: 'automation.execute-run',
  // vendorId: jobs queued before it was added have none, and run without a vendor's share.
  payload: z.object({
    runId: z.uuid(),
    vendorId: z.uuid().optional(),
    failedAttempts: z.number().int().min(0).optional(),
  }),
  queue: RUN_RETRY_POLICY,
  concurrency: 'engine',
  vendorOf: (payload) => payload.vendorId,
  handle: ({ runId, failedAttempts = 0 }, { deps, retryCount }) =>
    executeRun(deps, runId, attemptOf(failedAttempts + retryCount)),
});

function attemptOf(retryCount: number) {
  return { retryCount, retryLimit: RETRY_LIMIT, latestRetryDelayMs: latestRetryDelayMs(retryCount) };
}

/** How long after a later batch's start this process's workers look for it (the database's clock may be a little behind). */
const WAKE_MARGIN_MS = 100;

/** The soonest a batch's runs left for the allowance's next calls start again. */
const MIN_LATER_MS = 50;

/** The most runs one batch job executes. */
const RUNS_PER_BATCH = 50;

/**
 * Executes one vendor's runs that fall due together (`executeRuns`): what they share is read once and
 * their steps and ends are written together. Runs ServiceM8's allowance has no calls for yet go into a
 * later batch job, when the allowance has them; a run whose attempt fails for a reason a retry may fix
 * goes on alone (`automation.execute-run`), with its backoff. Retried as a whole only when the work
 * itself fails (the database): its runs resume from their step logs.
 */
export const executeRunsJob = defineJob({
  name: 'automation.execute-runs',
  payload: z.object({ vendorId: z.uuid(), runIds: z.array(z.uuid()).min(1).max(RUNS_PER_BATCH) }),
  queue: RUN_RETRY_POLICY,
  concurrency: 'engine',
  vendorOf: (payload) => payload.vendorId,
  async handle({ vendorId, runIds }, { deps, retryCount }) {
    const outcome = await executeRuns(deps, { vendorId, runIds }, attemptOf(retryCount), 'batch');
    await deps.queue.sendMany(
      executeRunJob,
      outcome.retryAlone.map((run) => ({
        payload: { runId: run.runId, vendorId, failedAttempts: run.failedAttempts },
        startAfter: Math.ceil(run.afterMs / 1000),
      })),
    );
    if (outcome.later.runIds.length > 0) {
      // In milliseconds: whole seconds would leave the allowance's calls unused for up to one.
      const startAfterMs = Math.max(MIN_LATER_MS, outcome.later.afterMs);
      await deps.queue.send(
        executeRunsJob,
        { vendorId, runIds: outcome.later.runIds },
        { startAfter: startAfterMs / 1000 },
      );
      // Nothing announces a job whose start comes: this process's workers look for it then, rather
      // than at their next poll, while the allowance's calls come in (the bucket holds only ten).
      setTimeout(() => deps.queue.wake(executeRunsJob), startAfterMs + WAKE_MARGIN_MS).unref();
    }
    return { runs: outcome.statuses.size, later: outcome.later.runIds.length, retryAlone: outcome.retryAlone.length };
  },
});

/**
 * How far ahead runs get their execution job: the job starts at the run's due time (pg-boss's
 * `startAfter`), so a delayed run starts within a poll of its time; the dispatcher, every minute,
 * hands out what falls due before its next pass, with a minute to spare. Runs due later wait in the
 * database (pg-boss keeps waiting jobs for a limited time; a delay can be years).
 */
export const DISPATCH_AHEAD_MS = 2 * 60_000;

/** Queues the run's execution on its own, to start when it is due (at once when due already). */
export function queueRunExecution(
  deps: Pick<Deps, 'queue' | 'clock'>,
  run: { id: string; vendorId: string; dueAt: Date },
  tx: Db,
): Promise<void> {
  return deps.queue.sendMany(
    executeRunJob,
    [{ payload: { runId: run.id, vendorId: run.vendorId }, startAfter: startAfterOf(deps, run) }],
    { tx },
  );
}

/**
 * Queues the runs' executions in one statement: one batch job for each vendor's runs that start in
 * the same second (at most RUNS_PER_BATCH a job), each starting when its runs are due.
 */
export function queueRunExecutions(
  deps: Pick<Deps, 'queue' | 'clock'>,
  runs: ReadonlyArray<{ id: string; vendorId: string; dueAt: Date }>,
  tx: Db,
): Promise<void> {
  const batches = new Map<string, { vendorId: string; startAfter: number; runIds: string[] }>();
  const jobs: Array<{ vendorId: string; startAfter: number; runIds: string[] }> = [];
  for (const run of runs) {
    const startAfter = Math.max(0, startAfterOf(deps, run));
    const key = `${run.vendorId}/${startAfter}`;
    let batch = batches.get(key);
    if (!batch || batch.runIds.length >= RUNS_PER_BATCH) {
      batch = { vendorId: run.vendorId, startAfter, runIds: [] };
      batches.set(key, batch);
      jobs.push(batch);
    }
    batch.runIds.push(run.id);
  }
  return deps.queue.sendMany(
    executeRunsJob,
    jobs.map(({ vendorId, startAfter, runIds }) => ({ payload: { vendorId, runIds }, startAfter })),
    { tx },
  );
}

/** Seconds from now until the run is due (pg-boss's `startAfter`). */
function startAfterOf(deps: Pick<Deps, 'clock'>, run: { dueAt: Date }): number {
  return Math.ceil((run.dueAt.getTime() - deps.clock.now().getTime()) / 1000);
}
