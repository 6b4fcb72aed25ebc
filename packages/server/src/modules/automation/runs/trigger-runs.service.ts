import type {
  AdminTriggerRunPage,
  AutomationAction,
  CursorSearchQuery,
  RunStep,
  TriggerRun,
  TriggerRunDetail,
  TriggerRunPage,
} from '@automate/contract';
import type { Db } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import type { Caller } from '../../../http/access.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { triggerNamesByIds, triggerNamesOf } from '../../triggers/trigger-lookups.service.ts';
import { findVendors } from '../../vendors/vendors.service.ts';
import { queueRunExecution, RUN_ATTEMPTS_ALLOWED } from '../execute/execute-run.jobs.ts';
import {
  cancelScheduledRun,
  findLastRunTimes,
  findRunActivity,
  findTriggerRun,
  listRunSteps,
  type RunStepRow,
  reopenFailedRuns,
  searchAllTriggerRuns,
  searchTriggerRuns,
  type TriggerRunRow,
} from './trigger-runs.repository.ts';

/** Reading, cancelling and retrying trigger runs (the engine creates and executes them), and when each trigger last ran. */

const RUN = 'The run';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toTriggerRun(row: TriggerRunRow & { triggerName: string }): TriggerRun {
  const { failedAttempts, lastError, nextAttemptBy, warnings, ...run } = row;
  const retrying = row.status === 'Running' && failedAttempts > 0 && nextAttemptBy !== null;
  return {
    ...run,
    // Warnings are about what is still to come: a run under way or finished has its log instead.
    warnings: row.status === 'Scheduled' ? warnings : [],
    retry: retrying
      ? {
          failedAttempts,
          attemptsAllowed: RUN_ATTEMPTS_ALLOWED,
          nextAttemptBy: nextAttemptBy.toISOString(),
          lastError: lastError ?? '',
        }
      : null,
    dueAt: row.dueAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function toRunStep(row: RunStepRow): RunStep {
  return {
    id: row.id,
    position: row.position,
    kind: row.kind,
    actionId: row.actionId,
    actionType: row.actionType as AutomationAction | null,
    status: row.status,
    input: row.input,
    outcome: row.outcome,
    startedAt: row.startedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

/** The vendor's runs, or (with `triggerId`) one trigger's; an unknown trigger is a 404. */
export async function listTriggerRuns(
  deps: Deps,
  scope: { vendorId: string; triggerId?: string },
  query: CursorSearchQuery,
): Promise<TriggerRunPage> {
  const db = deps.database.db;
  const names = await triggerNamesOf(db, scope.vendorId);
  // The names are keyed by ids as the database writes them: in lower case.
  if (scope.triggerId && !names.has(scope.triggerId.toLowerCase())) throw notFound('The trigger');
  const page = await searchTriggerRuns(db, scope, query, names);
  return { ...page, rows: page.rows.map(toTriggerRun) };
}

/** Every vendor's runs, for the super admin, each with its trigger's and its vendor's name. */
export async function listAllTriggerRuns(deps: Deps, query: CursorSearchQuery): Promise<AdminTriggerRunPage> {
  const db = deps.database.db;
  const page = await searchAllTriggerRuns(db, query);
  const [triggerNames, vendors] = await Promise.all([
    triggerNamesByIds(db, [...new Set(page.rows.map((row) => row.triggerId))]),
    findVendors(db, [...new Set(page.rows.map((row) => row.vendorId))]),
  ]);
  const vendorNames = new Map(vendors.map((vendor) => [vendor.id, vendor.name]));
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...toTriggerRun({ ...row, triggerName: triggerNames.get(row.triggerId) ?? '' }),
      vendorName: vendorNames.get(row.vendorId) ?? '',
    })),
  };
}

/** The run with the name of its trigger. */
async function namedRun(db: Db, row: TriggerRunRow): Promise<TriggerRun> {
  const names = await triggerNamesOf(db, row.vendorId);
  return toTriggerRun({ ...row, triggerName: names.get(row.triggerId) ?? '' });
}

export async function getTriggerRun(deps: Deps, vendorId: string, runId: string): Promise<TriggerRunDetail> {
  const db = deps.database.db;
  const row = await findTriggerRun(db, { vendorId, runId });
  if (!row) throw notFound(RUN);
  const steps = await listRunSteps(db, { vendorId, runId });
  return { ...(await namedRun(db, row)), steps: steps.map(toRunStep) };
}

/**
 * Cancels a run that has not started. The UPDATE only applies while the run is Scheduled, so it
 * cannot race the engine starting it; otherwise the run's current status says why not.
 */
export async function cancelTriggerRun(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  runId: string,
): Promise<TriggerRun> {
  const db = deps.database.db;
  const cancelled = await db.transaction(async (tx) => {
    const now = deps.clock.now();
    const done = await cancelScheduledRun(
      tx,
      { vendorId, runId },
      { reason: `Cancelled by ${callerName(caller)}.`, now },
    );
    const run = done ? await findTriggerRun(tx, { vendorId, runId }) : null;
    if (run) await recordRunActivity(tx, caller, now, 'run.cancel', run);
    return done;
  });
  const row = await findTriggerRun(db, { vendorId, runId });
  if (!row) throw notFound(RUN);
  if (!cancelled) {
    if (row.status === 'Running') {
      throw new AppError('CONFLICT', 'The run has already started; it can no longer be cancelled.');
    }
    if (row.status === 'Scheduled') {
      // Scheduled again by the time we read it (not a transition the engine makes); say so plainly.
      throw new AppError('CONFLICT', 'The run changed while it was being cancelled; try again.');
    }
    throw new AppError('CONFLICT', `The run has already finished (${row.status}).`);
  }
  return namedRun(db, row);
}

/**
 * Runs a failed run again: a new attempt at the steps that failed; the steps that succeeded are not
 * repeated. Only a Failed run can be retried (409 otherwise).
 */
export async function retryTriggerRun(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  runId: string,
): Promise<TriggerRun> {
  const db = deps.database.db;
  const retried = await retryRuns(deps, caller, vendorId, [runId]);
  const row = await findTriggerRun(db, { vendorId, runId });
  if (!row) throw notFound(RUN);
  if (retried === 0) {
    throw new AppError('CONFLICT', `Only a failed run can be retried; this one is ${row.status}.`);
  }
  return namedRun(db, row);
}

/** Retries the vendor's failed runs among `runIds` (others are left as they are); answers how many. */
export async function retryFailedRuns(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  runIds: readonly string[],
): Promise<number> {
  return retryRuns(deps, caller, vendorId, runIds);
}

function retryRuns(deps: Deps, caller: Caller, vendorId: string, runIds: readonly string[]): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const reopened = await reopenFailedRuns(tx, { vendorId, runIds }, now);
    for (const run of reopened) {
      await queueRunExecution(deps, run, tx);
      await recordRunActivity(tx, caller, now, 'run.retry', run);
    }
    return reopened.length;
  });
}

/** The activity entry of a person cancelling or retrying a run, named by its trigger and job. */
async function recordRunActivity(
  tx: Db,
  caller: Caller,
  at: Date,
  action: 'run.cancel' | 'run.retry',
  run: { id: string; vendorId: string; triggerId: string; jobNumber: string | null },
): Promise<void> {
  const names = await triggerNamesByIds(tx, [run.triggerId]);
  const job = run.jobNumber ? ` for job ${run.jobNumber}` : '';
  const verb = action === 'run.cancel' ? 'Cancelled the scheduled run' : 'Retried the failed run';
  await recordAudit(tx, caller, at, {
    action,
    summary: `${verb} of “${names.get(run.triggerId) ?? 'a deleted trigger'}”${job}.`,
    vendorId: run.vendorId,
    triggerId: run.triggerId,
    runId: run.id,
  });
}

/** When each of the vendor's triggers last ran (trigger id → the newest run's creation), for the trigger list. */
export async function lastRunTimesOf(db: Db, vendorId: string): Promise<Map<string, Date>> {
  return new Map((await findLastRunTimes(db, vendorId)).map(({ triggerId, at }) => [triggerId, at]));
}

function callerName(caller: Caller): string {
  return `${caller.firstName} ${caller.lastName}`.trim() || caller.userName || caller.email;
}

export type RunActivity = { runs: number; failures: number; lastRunAt: Date | null };

/** Each vendor's runs since `since`, how many failed, and its newest run's time, for the super admin's vendor list. */
export async function runActivityOf(
  db: Db,
  vendorIds: readonly string[],
  since: Date,
): Promise<Map<string, RunActivity>> {
  const rows = await findRunActivity(db, vendorIds, since);
  return new Map(
    rows.map((row) => [
      row.vendorId,
      {
        runs: row.runs,
        failures: row.failures,
        lastRunAt: row.lastRunAtMs === null ? null : new Date(row.lastRunAtMs),
      },
    ]),
  );
}
