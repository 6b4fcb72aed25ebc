import {
  ACTION_WORDS,
  AutomationAction,
  actionName,
  isClientFacingAction,
  type TriggerDefinition,
} from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import type { ActionEnv } from '../../../engine/actions/action-executor.ts';
import type { RunRecords } from '../../../engine/records/run-records.ts';
import { formatInZone } from '../../../engine/schedule/due-at.ts';
import { nextBusinessOpening } from '../../../engine/schedule/quiet-hours.ts';
import {
  giveBackRateTokens,
  type RateTokenPool,
  rateTokenPool,
  takeRateTokens,
} from '../../../integrations/servicem8/rate-limiter.ts';
import { inSpan } from '../../../observability/tracing.ts';
import { type Sm8Connection, sm8ConnectionOf } from '../../servicem8/sm8-access.ts';
import { clientMessagingOf } from '../../vendors/vendors.service.ts';
import {
  findRuns,
  noteFailedAttempt,
  noteStepAttempt,
  postponeRun,
  type RunRow,
  type StepRow,
  startRuns,
} from '../automation.repository.ts';
import type { ReferenceNames } from '../match/reference-names.ts';
import { recordsForRun } from '../match/run-context.ts';
import { actionEnv } from './action-env.ts';
import { clientMessageGateFor } from './client-message-gate.ts';
import { type HeldStepLog, heldStepLog } from './held-step-log.ts';
import { performAction } from './perform-action.ts';
import { planUuids } from './plan-uuids.ts';
import { type RunBatch, recordOrder, runBatch } from './run-batch.ts';
import { classifyRunFailure, tellAdmins } from './run-failures.ts';
import { type AdmittedVendor, admitRun, bookingGate, recheckGate, type StopVerdict } from './run-gates.ts';
import { sm8CallCounter } from './sm8-call-counter.ts';

/** Which attempt at a run this is (`retryCount` 0 is the first) and how long a retry may wait at most. */
export type RunAttempt = { retryCount: number; retryLimit: number; latestRetryDelayMs: number };

/**
 * How a batch's runs are executed: `single`, one run whose job retries it (a transient failure is
 * thrown); `batch`, one vendor's due runs together, taking the ServiceM8 calls they need first (runs
 * the allowance has no calls for are left for a later job) and sending a run whose attempt failed
 * transiently back to be retried on its own.
 */
export type BatchMode = 'single' | 'batch';

/** What a batch's execution leaves to do. */
export type BatchOutcome = {
  /** Each run's status when its execution ended (Scheduled again, Succeeded, …). */
  statuses: Map<string, string>;
  /** Runs not started: ServiceM8's allowance had no calls for them yet; a later job takes them after `afterMs`. */
  later: { runIds: string[]; afterMs: number };
  /** Runs whose attempt failed for a reason a retry may fix, each to be retried on its own. */
  retryAlone: Array<{ runId: string; failedAttempts: number; afterMs: number }>;
};

/**
 * Executes one vendor's due runs together: what they share is read once (`run-batch.ts`), each run's
 * gates are checked against it, the plans of their first actions are written in one statement before
 * any action is performed, the actions go concurrently across records and in order within one, and
 * the runs' ends are written in one statement. A single run is a batch of one.
 *
 * Safe to execute again for the same runs after a crash or a transient failure: the step log says
 * what is done. A Succeeded action is never performed again; a Started one (interrupted) is performed
 * with the plan it stored, and the action checks first whether it already happened; a Failed one (the
 * run was retried by a person) is performed anew. Every action of a run restored from a backup is
 * checked so too (`restoredAt`): it may have been done after the backup was taken. Permanent failures
 * fail the run with the reason (`run-failures.ts`).
 */
export async function executeRuns(
  deps: Deps,
  job: { vendorId: string | undefined; runIds: readonly string[] },
  attempt: RunAttempt,
  mode: BatchMode,
): Promise<BatchOutcome> {
  const db = deps.database.db;
  const outcome: BatchOutcome = { statuses: new Map(), later: { runIds: [], afterMs: 0 }, retryAlone: [] };
  let connection: Promise<Sm8Connection> | undefined;
  const readConnection = (vendorId: string) => {
    connection ??= sm8ConnectionOf(deps, vendorId);
    return connection;
  };
  let runIds = job.runIds;
  let rateTokens: RateTokenPool | undefined;
  let account: string | undefined;
  if (mode === 'batch' && job.vendorId) {
    const taken = await takeBatchCalls(deps, readConnection(job.vendorId), runIds.length);
    if (taken) {
      ({ rateTokens, account } = taken);
      outcome.later = { runIds: runIds.slice(taken.granted), afterMs: taken.moreAfterMs };
      runIds = runIds.slice(0, taken.granted);
    }
  }
  try {
    const runs = await startOrResume(deps, runIds, outcome.statuses);
    const vendorId = runs[0]?.vendorId;
    if (!vendorId) return outcome;
    const batch = runBatch(deps, vendorId, runs, {
      connection: () => readConnection(vendorId),
      rateTokens,
      firstAttempt: attempt.retryCount === 0,
    });
    // Every run is waited for, even when one throws: none may still be working when the job ends.
    const settled = await Promise.allSettled(
      recordOrder(runs).map(async (chain) => {
        for (const run of chain) {
          const ended = await executeBatchRun(deps, batch, run, attempt, mode);
          outcome.statuses.set(run.id, ended.status);
          if (ended.retryAlone) outcome.retryAlone.push({ runId: run.id, ...ended.retryAlone });
        }
      }),
    );
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return outcome;
  } finally {
    if (rateTokens && account) await giveBackRateTokens(db, account, rateTokens.unused);
  }
}

/** Executes one run (see `executeRuns`): a batch of one, whose transient failure is thrown for its job to retry. */
export async function executeRun(deps: Deps, runId: string, attempt: RunAttempt): Promise<{ status: string }> {
  const { statuses } = await executeRuns(deps, { vendorId: undefined, runIds: [runId] }, attempt, 'single');
  return { status: statuses.get(runId) ?? 'missing' };
}

/**
 * The ServiceM8 calls a batch of `wanted` runs needs, one each, taken together: as many as the
 * account's allowance has now, and when it will have more. Undefined when the vendor has no
 * connection (each run then fails saying so) or its account has made no call yet.
 */
async function takeBatchCalls(deps: Deps, connection: Promise<Sm8Connection>, wanted: number) {
  const account = await connection.then(
    (read) => read.accountUuid,
    () => undefined,
  );
  if (!account) return undefined;
  const taken = await takeRateTokens(deps.database.db, account, deps.clock.now(), deps.servicem8.rateLimits, wanted);
  return taken ? { ...taken, account, rateTokens: rateTokenPool(taken.granted) } : undefined;
}

/**
 * Starts the Scheduled runs among `runIds` in one statement; a run already Running was interrupted
 * and resumes. Answers the runs to execute, in the order given; the status of each other run found
 * goes into `statuses`.
 */
async function startOrResume(deps: Deps, runIds: readonly string[], statuses: Map<string, string>) {
  const db = deps.database.db;
  const started = await startRuns(db, runIds, deps.clock.now());
  if (started.length > 0) deps.metrics.runsStarted.inc(started.length);
  const startedIds = new Set(started.map((run) => run.id));
  const others = runIds.filter((id) => !startedIds.has(id));
  const found = await findRuns(db, others);
  for (const run of found) if (run.status !== 'Running') statuses.set(run.id, run.status);
  const byId = new Map([...started, ...found.filter((run) => run.status === 'Running')].map((run) => [run.id, run]));
  for (const runId of runIds) if (!byId.has(runId) && !statuses.has(runId)) statuses.set(runId, 'missing');
  return runIds.flatMap((runId) => {
    const run = byId.get(runId);
    return run ? [run] : [];
  });
}

/**
 * One run of a batch, from its gates to its end. A transient failure is thrown (`single`) or noted and
 * answered as `retryAlone` (`batch`).
 */
async function executeBatchRun(
  deps: Deps,
  batch: RunBatch,
  run: RunRow,
  attempt: RunAttempt,
  mode: BatchMode,
): Promise<{ status: string; retryAlone?: { failedAttempts: number; afterMs: number } }> {
  try {
    return await executeStartedRun(deps, batch, run, attempt, mode);
  } finally {
    batch.leave(run.id);
  }
}

/** How a run's execution ended: its status, and for a transient failure in a batch, its retry alone. */
type RunEnd = { status: string; retryAlone?: { failedAttempts: number; afterMs: number } };

/**
 * A started run as its pipeline: the gates that need no ServiceM8 call (`admitRun`), then on the
 * record as observed, the booking's timing and the re-check (`run-gates.ts`), then the actions in
 * order (`performActions`). Each stage answers a verdict, which ends the run, puts it back to
 * Scheduled or lets it go on; a failure is settled by `settleFailure`.
 */
async function executeStartedRun(
  deps: Deps,
  batch: RunBatch,
  run: RunRow,
  attempt: RunAttempt,
  mode: BatchMode,
): Promise<RunEnd> {
  // Stored before the run ends or its attempt gives way to a retry, so a finished run shows its count.
  const calls = sm8CallCounter();
  const stepLog = heldStepLog(deps.database.db, batch, run.id);
  const settle = (verdict: StopVerdict) => settleVerdict(deps, batch, run, verdict, { calls, stepLog });

  const admitted = await admitRun(deps, batch, run);
  if (admitted.kind !== 'admitted') return settle(admitted);
  const { vendor, definition } = admitted;
  try {
    const client = await batch.client(calls.onRequest);
    const steps = await batch.stepsOf(run.id);
    // The record the run's event is about, as observed up to now (see currentObservedRecords); the
    // others are read on first use: the re-check reads the job as it is now, and actions what they use.
    // A run restored from a backup reads its record too, as a retried one does.
    const records = recordsForRun(deps.database.db, client, run.vendorId, run, await batch.observedOf(run.id));
    const names = await batch.namesFor(definition);
    let position = steps.length === 0 ? 0 : Math.max(...steps.map((step) => step.position)) + 1;

    const timing = await bookingGate({ run, definition, steps, records, timeZone: vendor.timeZone }, deps.clock.now());
    if (timing.kind !== 'go') return settle(timing);
    const recheck = await recheckGate({ run, definition, steps, records, names, position }, deps.clock.now());
    if (recheck.step) {
      stepLog.hold(recheck.step);
      position++;
    }
    if (recheck.verdict.kind !== 'go') return settle(recheck.verdict);

    const env = actionEnv(deps, client, run, records, names);
    return settle(
      await performActions(deps, { run, vendor, definition, steps, records, names, env, stepLog, position }),
    );
  } catch (error) {
    return settleFailure(deps, batch, run, error, { attempt, mode, calls, stepLog });
  }
}

/**
 * Writes what a verdict decided: an end with the run's batch (its plans are written, so it waits only
 * for the others' ends), or the run Scheduled again for when it waits until.
 */
async function settleVerdict(
  deps: Deps,
  batch: RunBatch,
  run: RunRow,
  verdict: StopVerdict,
  held: { calls: ReturnType<typeof sm8CallCounter>; stepLog: HeldStepLog },
): Promise<RunEnd> {
  if (verdict.kind === 'wait') {
    batch.leave(run.id);
    await held.stepLog.write();
    await postponeRun(deps.database.db, run.id, {
      dueAt: verdict.dueAt,
      reason: verdict.reason,
      at: deps.clock.now(),
      sm8Calls: held.calls.take(),
    });
    return { status: 'Scheduled' };
  }
  const { status, reason } = verdict;
  const failureCause = verdict.cause ?? (status === 'Failed' ? 'other' : null);
  const outcome = { status, reason, sm8Calls: held.calls.take(), at: deps.clock.now(), failureCause };
  batch.plans.pass(run.id);
  await batch.ends.submit(run.id, { runId: run.id, outcome, held: held.stepLog.take() });
  deps.metrics.runsFinished.inc({ status });
  return { status };
}

/**
 * A run whose attempt threw: a permanent failure fails it (telling the Admins when they must act), the
 * last attempt gives up saying so, and otherwise the attempt is noted for a retry: thrown for its own
 * job to retry (`single`), or answered as `retryAlone` (`batch`).
 */
async function settleFailure(
  deps: Deps,
  batch: RunBatch,
  run: RunRow,
  error: unknown,
  at: { attempt: RunAttempt; mode: BatchMode; calls: ReturnType<typeof sm8CallCounter>; stepLog: HeldStepLog },
): Promise<RunEnd> {
  const { attempt } = at;
  const failure = classifyRunFailure(error);
  if (failure.kind === 'permanent') {
    if (failure.needsAdmin) await tellAdmins(deps, run.vendorId, failure.reason);
    return settleVerdict(
      deps,
      batch,
      run,
      { kind: 'end', status: 'Failed', reason: failure.reason, cause: failure.cause },
      at,
    );
  }
  if (attempt.retryCount >= attempt.retryLimit) {
    const reason = `ServiceM8 kept failing, so the run gave up after ${attempt.retryLimit + 1} attempts and is not tried again by itself: retry it once ServiceM8 answers again. The last time, ${failure.reason}.`;
    return settleVerdict(
      deps,
      batch,
      run,
      { kind: 'end', status: 'Failed', reason, cause: 'servicem8-unavailable' },
      at,
    );
  }
  const now = deps.clock.now();
  batch.leave(run.id);
  await at.stepLog.write();
  await noteFailedAttempt(deps.database.db, run.id, {
    sm8Calls: at.calls.take(),
    failedAttempts: attempt.retryCount + 1,
    error: failure.reason,
    nextAttemptBy: new Date(now.getTime() + attempt.latestRetryDelayMs),
    at: now,
  });
  if (at.mode === 'single') throw error;
  return {
    status: 'Running',
    retryAlone: { failedAttempts: attempt.retryCount + 1, afterMs: attempt.latestRetryDelayMs / 2 },
  };
}

/**
 * The run's actions in order, each done once: a finished step is passed over, an interrupted one is
 * performed with its stored plan. Client-facing actions pass the client message gate first (quiet
 * hours hold them while the internal actions go ahead; an opt-out or a contact limit skips them).
 * Answers how the run ends, or when it waits (quiet hours, a web address to try again).
 */
async function performActions(
  deps: Deps,
  at: {
    run: RunRow;
    vendor: AdmittedVendor;
    definition: TriggerDefinition;
    steps: StepRow[];
    records: RunRecords;
    names: ReferenceNames;
    env: ActionEnv;
    stepLog: HeldStepLog;
    position: number;
  },
): Promise<StopVerdict> {
  const { run, vendor, definition, steps, records, names, env, stepLog } = at;
  const db = deps.database.db;
  let position = at.position;
  const messaging = clientMessagingOf(vendor);
  const now = deps.clock.now();
  const clientMessageGate = clientMessageGateFor({
    settings: messaging,
    timeZone: vendor.timeZone,
    client: records.client,
    badgeName: (uuid) => names.nameOf('badge', uuid),
  });
  // Quiet hours hold the client messages only; the internal actions of the run go ahead now.
  const opening = definition.ignoreQuietHours ? null : nextBusinessOpening(now, messaging.quietHours, vendor.timeZone);
  const waitSentence = opening ? `Waiting for business hours — sends ${formatInZone(opening, vendor.timeZone)}` : null;
  // Uncertain steps of earlier attempts stay so (they are not performed again), then this attempt's.
  const uncertain = steps
    .filter((step) => step.status === 'Uncertain')
    .map((step) => `${stepName(step)}: ${step.outcome}`);
  const skipped = steps
    .filter((step) => step.kind === 'Action' && step.status === 'Skipped')
    .map((step) => `${stepName(step)}: ${step.outcome}`);
  let held = false;
  for (const [index, action] of definition.actions.entries()) {
    const latest = latestStepOf(steps, action.id);
    if (latest && !RESUMABLE_STEP_STATUSES.includes(latest.status)) continue;
    // A Failed step is there only when someone retried the run: it is attempted anew, as a new step.
    const previous = latest?.status === 'Started' ? latest : undefined;
    if (!previous && isClientFacingAction(action.type)) {
      await stepLog.write();
      const gate = await clientMessageGate(db, { run, action, latest, position, waitSentence, now });
      position = gate.position;
      if (gate.held) held = true;
      if (gate.refusal) skipped.push(`${actionLabel(action.type)}: ${gate.refusal}`);
      if (gate.held || gate.refusal) continue;
    }
    const earlierSteps = steps.filter((step) => step.kind === 'Action' && step.actionId === action.id).length;
    const actionEnvOfStep = { ...env, newUuid: planUuids(run, action.id, earlierSteps) };
    const outcome = await inSpan(`automation.action ${action.type}`, { 'automate.run_id': run.id }, () =>
      performAction(deps, run, action, { env: actionEnvOfStep, stepLog, previous, position }),
    );
    if (!previous) position++;
    if (outcome.tryAgainAt) {
      // Durable, as quiet hours are: the step stays Started with the attempt's outcome, the run is
      // Scheduled again, and the dispatcher queues it when due; the same step is performed then.
      const reason = `Waiting: ${outcome.message} Trying again ${formatInZone(outcome.tryAgainAt, vendor.timeZone)}.`;
      await stepLog.write();
      if (outcome.stepId) await noteStepAttempt(db, outcome.stepId, reason);
      return { kind: 'wait', dueAt: outcome.tryAgainAt, reason };
    }
    if (outcome.uncertain) uncertain.push(`${actionLabel(action.type)}: ${outcome.message}`);
    if (outcome.failed) {
      const reason = `${actionName(index, action.type)}: ${outcome.message}`;
      if (outcome.needsAdmin) await tellAdmins(deps, run.vendorId, reason);
      return { kind: 'end', status: 'Failed', reason, ...(outcome.cause ? { cause: outcome.cause } : {}) };
    }
  }
  // Durable: the run is Scheduled again for the opening, and the dispatcher queues it then.
  if (held && opening && waitSentence) return { kind: 'wait', dueAt: opening, reason: `${waitSentence}.` };
  const notes = [...skipped, ...uncertain];
  return { kind: 'end', status: 'Succeeded', reason: notes.length > 0 ? notes.join(' ') : null };
}

/** A step whose action is still to do: interrupted, retried by a person, or held by quiet hours. */
const RESUMABLE_STEP_STATUSES: readonly string[] = ['Started', 'Failed', 'Waiting'];

/** The action of a step as the editor names it (the step keeps the action's type). */
function stepName(step: StepRow): string {
  const type = AutomationAction.safeParse(step.actionType);
  return type.success ? actionLabel(type.data) : 'An action';
}

function actionLabel(type: AutomationAction): string {
  return `“${ACTION_WORDS[type].label}”`;
}

function latestStepOf(steps: StepRow[], actionId: string): StepRow | undefined {
  return steps.filter((step) => step.kind === 'Action' && step.actionId === actionId).at(-1);
}
