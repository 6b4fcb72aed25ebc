import type {
  AutomationAction,
  RunStep,
  SearchPage,
  SearchQuery,
  TriggerRun,
  TriggerRunDetail,
} from '@automate/contract';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  cancelScheduledRun,
  findTriggerRun,
  listRunSteps,
  type RunStepRow,
  searchTriggerRuns,
  type TriggerRunRow,
} from './trigger-runs.repository.ts';
import { findTrigger } from './triggers.repository.ts';

/** Reading and cancelling trigger runs; the engine creates and executes them. */

const RUN = 'The run';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toTriggerRun(row: TriggerRunRow): TriggerRun {
  return {
    ...row,
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
  query: SearchQuery,
): Promise<SearchPage<TriggerRun>> {
  const db = deps.database.db;
  if (scope.triggerId && !(await findTrigger(db, { vendorId: scope.vendorId, triggerId: scope.triggerId }))) {
    throw notFound('The trigger');
  }
  const page = await searchTriggerRuns(db, scope, query);
  return { ...page, rows: page.rows.map(toTriggerRun) };
}

export async function getTriggerRun(deps: Deps, vendorId: string, runId: string): Promise<TriggerRunDetail> {
  const db = deps.database.db;
  const row = await findTriggerRun(db, { vendorId, runId });
  if (!row) throw notFound(RUN);
  const steps = await listRunSteps(db, { vendorId, runId });
  return { ...toTriggerRun(row), steps: steps.map(toRunStep) };
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
  const cancelled = await cancelScheduledRun(
    db,
    { vendorId, runId },
    { reason: `Cancelled by ${callerName(caller)}.`, now: deps.clock.now() },
  );
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
  return toTriggerRun(row);
}

function callerName(caller: Caller): string {
  return `${caller.firstName} ${caller.lastName}`.trim() || caller.userName || caller.email;
}
