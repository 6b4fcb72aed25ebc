import { randomUUID } from 'node:crypto';
import {
  ACTION_WORDS,
  AutomationAction,
  actionName,
  type ClientMessagingSettings,
  isClientFacingAction,
  SUBSCRIPTION_NOT_ACTIVE_REASON,
  type TriggerAction,
  TriggerDefinition,
} from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import {
  type ActionEnv,
  ActionProblem,
  jobLabel,
  TextProblem,
  TryAgainLater,
  UncertainOutcome,
} from '../../engine/actions/action-executor.ts';
import { executorFor } from '../../engine/actions/action-registry.ts';
import { evaluateGroup } from '../../engine/conditions/evaluate-group.ts';
import { explainLapse } from '../../engine/conditions/explain-result.ts';
import type { Sm8Record } from '../../engine/events/derive-events.ts';
import { LIQUID_LIMITS } from '../../engine/messages/liquid-engine.ts';
import { buildMergeValues } from '../../engine/messages/merge-values.ts';
import { MergeTextError, mergeRecordsUsed, renderMergeText } from '../../engine/messages/render-merge-text.ts';
import type { RunRecords } from '../../engine/records/run-records.ts';
import { formatInZone } from '../../engine/schedule/due-at.ts';
import { nextBusinessOpening } from '../../engine/schedule/quiet-hours.ts';
import {
  giveBackRateTokens,
  type RateTokenPool,
  rateTokenPool,
  takeRateTokens,
} from '../../integrations/servicem8/rate-limiter.ts';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import { inSpan } from '../../observability/tracing.ts';
import { pausedRunWaitsUntil } from '../billing/checkout.service.ts';
import { templateToSend } from '../email-templates/email-templates.service.ts';
import { type Sm8Connection, sm8ConnectionOf } from '../servicem8/sm8-access.ts';
import { readTriggerAttachment } from '../triggers/triggers.service.ts';
import { clientMessagingOf, suspendedRunReason } from '../vendors/vendors.service.ts';
import {
  findRuns,
  finishWaitingStep,
  type HeldSteps,
  insertStep,
  insertWrite,
  noteFailedAttempt,
  noteStepAttempt,
  postponeRun,
  type RunRow,
  type StepRow,
  startRuns,
  writeHeldSteps,
} from './automation.repository.ts';
import type { runSteps } from './automation.schema.ts';
import { bookingTiming } from './booking-start.ts';
import { clientMessageRefusal, unsubscribeUrl } from './client-messaging.service.ts';
import { planUuids } from './plan-uuids.ts';
import type { ReferenceNames } from './reference-names.ts';
import { type RunBatch, recordOrder, runBatch } from './run-batch.ts';
import { evaluationContextFor, recordsForRun } from './run-context.ts';
import { classifyRunFailure, type FailureCause, tellAdmins } from './run-failures.ts';
import { sm8CallCounter } from './sm8-call-counter.ts';
import { webAddressEnv } from './web-address.service.ts';

/** A run started this much before its booking-based due time (clocks differ a little) goes ahead. */
const BOOKING_DUE_MARGIN_MS = 60_000;

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

async function executeStartedRun(
  deps: Deps,
  batch: RunBatch,
  run: RunRow,
  attempt: RunAttempt,
  mode: BatchMode,
): Promise<{ status: string; retryAlone?: { failedAttempts: number; afterMs: number } }> {
  const db = deps.database.db;
  const runId = run.id;

  // Stored before the run ends or its attempt gives way to a retry, so a finished run shows its count.
  const calls = sm8CallCounter();
  const stepLog = heldStepLog(db, batch, runId);
  const finish = async (
    status: 'Succeeded' | 'Failed' | 'Skipped',
    reason: string | null,
    failureCause: FailureCause | null = status === 'Failed' ? 'other' : null,
  ) => {
    const outcome = { status, reason, sm8Calls: calls.take(), at: deps.clock.now(), failureCause };
    // Its plans are written: the run waits only for the others' ends.
    batch.plans.pass(runId);
    await batch.ends.submit(runId, { runId, outcome, held: stepLog.take() });
    deps.metrics.runsFinished.inc({ status });
    return { status };
  };
  const postpone = async (wait: Parameters<typeof postponeRun>[2]) => {
    batch.leave(runId);
    await postponeRun(db, runId, wait);
    return { status: 'Scheduled' };
  };

  const vendor = await batch.vendor();
  if (!vendor?.subscriptionActive) {
    // A run scheduled before the subscription stopped waits (checking hourly) for the vendor to pay.
    const now = deps.clock.now();
    const waitsUntil = await pausedRunWaitsUntil(db, run.vendorId, run.createdAt, now);
    if (!waitsUntil) return finish('Skipped', SUBSCRIPTION_NOT_ACTIVE_REASON);
    return postpone({
      dueAt: new Date(now.getTime() + PAUSED_RUN_CHECK_MS),
      reason: `Waiting: the subscription is not active. The run goes ahead once it is paid, until ${formatInZone(waitsUntil, vendor?.timeZone ?? 'Pacific/Auckland')}.`,
      at: now,
    });
  }
  const suspended = suspendedRunReason(vendor);
  if (suspended) return finish('Skipped', suspended);
  const overQuota = await batch.runQuotaRefusal();
  if (overQuota) return finish('Skipped', overQuota);
  const version = await batch.versionOf(run);
  const parsed = TriggerDefinition.safeParse(version?.definition);
  if (!parsed.success) return finish('Failed', 'The trigger this run came from could not be read.');
  const definition = parsed.data;
  const overMessages = await batch.messageQuotaRefusal(run, definition);
  if (overMessages) return finish('Skipped', overMessages);

  try {
    const client = await batch.client(calls.onRequest);
    const steps = await batch.stepsOf(runId);
    // The record the run's event is about, as observed up to now (see currentObservedRecords); the
    // others are read on first use: the re-check reads the job as it is now, and actions what they use.
    // A run restored from a backup reads its record too, as a retried one does.
    const justObserved = await batch.observedOf(runId);
    const records = recordsForRun(db, client, run.vendorId, run, justObserved);
    const names = await batch.namesFor(definition);
    let position = steps.length === 0 ? 0 : Math.max(...steps.map((step) => step.position)) + 1;

    // A run due before a booking: the booking may have been cancelled or moved since it was scheduled.
    // Checked until an action has been performed (a run resumed after a crash goes on).
    const countsFromBooking = definition.delay?.from === 'BookingStart' && run.event === 'JobIsScheduled';
    if (countsFromBooking && definition.delay && !steps.some((step) => step.kind === 'Action')) {
      const now = deps.clock.now();
      const booking = await records.booking();
      const timing = bookingTiming(booking, definition.delay, vendor.timeZone, now);
      if (timing.kind !== 'due') return finish('Skipped', timing.reason);
      if (timing.dueAt.getTime() > now.getTime() + BOOKING_DUE_MARGIN_MS) {
        return postpone({
          dueAt: timing.dueAt,
          reason: `Waiting: the booking moved to ${formatInZone(timing.start, vendor.timeZone)}, so the run is now due ${formatInZone(timing.dueAt, vendor.timeZone)}.`,
          at: now,
          sm8Calls: calls.take(),
        });
      }
    }

    const alreadyRechecked = steps.some((step) => step.kind === 'Conditions' && step.position > 0);
    if (definition.recheckBeforeRun && !alreadyRechecked) {
      const context = await evaluationContextFor(records, [definition.conditions], names, run.event);
      const evaluation = evaluateGroup(definition.conditions, context);
      const now = deps.clock.now();
      const reason = evaluation.result
        ? `Checked again before running: ${evaluation.reason}`
        : explainLapse(evaluation, context.job ? jobLabel(context.job) : 'the job');
      stepLog.hold({
        runId,
        position: position++,
        kind: 'Conditions',
        status: evaluation.result ? 'Succeeded' : 'Skipped',
        input: { evaluation },
        outcome: reason,
        startedAt: now,
        finishedAt: now,
      });
      if (!evaluation.result) return finish('Skipped', reason);
    }

    const env = actionEnv(deps, client, run, records, names);
    const messaging = clientMessagingOf(vendor);
    const now = deps.clock.now();
    const clientMessageGate = clientMessageGateFor({
      settings: messaging,
      timeZone: vendor.timeZone,
      client: records.client,
      badgeName: (uuid) => names.nameOf('badge', uuid),
    });
    // Quiet hours hold the client messages only; the internal actions of the run go ahead now.
    const opening = definition.ignoreQuietHours
      ? null
      : nextBusinessOpening(now, messaging.quietHours, vendor.timeZone);
    const waitSentence = opening
      ? `Waiting for business hours — sends ${formatInZone(opening, vendor.timeZone)}`
      : null;
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
      const actionEnv = { ...env, newUuid: planUuids(run, action.id, earlierSteps) };
      const outcome = await inSpan(`automation.action ${action.type}`, { 'automate.run_id': run.id }, () =>
        performAction(deps, run, action, { env: actionEnv, stepLog, previous, position }),
      );
      if (!previous) position++;
      if (outcome.tryAgainAt) {
        // Durable, as quiet hours are: the step stays Started with the attempt's outcome, the run is
        // Scheduled again, and the dispatcher queues it when due; the same step is performed then.
        const when = formatInZone(outcome.tryAgainAt, vendor.timeZone);
        const reason = `Waiting: ${outcome.message} Trying again ${when}.`;
        await stepLog.write();
        if (outcome.stepId) await noteStepAttempt(db, outcome.stepId, reason);
        return postpone({ dueAt: outcome.tryAgainAt, reason, at: deps.clock.now(), sm8Calls: calls.take() });
      }
      if (outcome.uncertain) uncertain.push(`${actionLabel(action.type)}: ${outcome.message}`);
      if (outcome.failed) {
        const reason = `${actionName(index, action.type)}: ${outcome.message}`;
        if (outcome.needsAdmin) await tellAdmins(deps, run.vendorId, reason);
        return finish('Failed', reason, outcome.cause);
      }
    }
    if (held && opening && waitSentence) {
      // Durable: the run is Scheduled again for the opening, and the dispatcher queues it then.
      await stepLog.write();
      return postpone({ dueAt: opening, reason: `${waitSentence}.`, at: now, sm8Calls: calls.take() });
    }
    const notes = [...skipped, ...uncertain];
    return finish('Succeeded', notes.length > 0 ? notes.join(' ') : null);
  } catch (error) {
    const failure = classifyRunFailure(error);
    if (failure.kind === 'permanent') {
      if (failure.needsAdmin) await tellAdmins(deps, run.vendorId, failure.reason);
      return finish('Failed', failure.reason, failure.cause);
    }
    if (attempt.retryCount >= attempt.retryLimit) {
      return finish(
        'Failed',
        `ServiceM8 kept failing, so the run gave up after ${attempt.retryLimit + 1} attempts and is not tried again by itself: retry it once ServiceM8 answers again. The last time, ${failure.reason}.`,
        'servicem8-unavailable',
      );
    }
    const now = deps.clock.now();
    batch.leave(runId);
    await stepLog.write();
    await noteFailedAttempt(db, runId, {
      sm8Calls: calls.take(),
      failedAttempts: attempt.retryCount + 1,
      error: failure.reason,
      nextAttemptBy: new Date(now.getTime() + attempt.latestRetryDelayMs),
      at: now,
    });
    if (mode === 'single') throw error;
    return {
      status: 'Running',
      retryAlone: { failedAttempts: attempt.retryCount + 1, afterMs: attempt.latestRetryDelayMs / 2 },
    };
  }
}

/**
 * One action: plan (stored as Started, with the changes the step log held), perform, and hold the
 * outcome for the run's next statement. Transient errors propagate.
 */
async function performAction(
  deps: Deps,
  run: RunRow,
  action: TriggerAction,
  at: { env: ActionEnv; stepLog: HeldStepLog; previous: StepRow | undefined; position: number },
): Promise<{
  failed: boolean;
  message: string;
  needsAdmin?: boolean;
  cause?: FailureCause;
  uncertain?: boolean;
  /** The action could not be done now: the run waits until then and performs the same step again. */
  tryAgainAt?: Date;
  stepId?: string;
}> {
  const { env, stepLog, previous, position } = at;
  const executor = executorFor(action.type);
  let step = previous;
  if (!step) {
    try {
      const plan = await executor.plan(action.params, env);
      step = await stepLog.insert({
        runId: run.id,
        position,
        kind: 'Action',
        actionId: action.id,
        actionType: action.type,
        status: 'Started',
        input: { ...plan.input, missingMergeFields: plan.missingMergeFields },
        outcome: plan.description,
        startedAt: deps.clock.now(),
      });
    } catch (error) {
      if (!(error instanceof ActionProblem)) throw error;
      const now = deps.clock.now();
      stepLog.hold({
        runId: run.id,
        position,
        kind: 'Action',
        actionId: action.id,
        actionType: action.type,
        status: 'Failed',
        input: {},
        outcome: error.message,
        startedAt: now,
        finishedAt: now,
      });
      const failure = classifyRunFailure(error);
      return failure.kind === 'permanent'
        ? { failed: true, message: error.message, needsAdmin: failure.needsAdmin, cause: failure.cause }
        : { failed: true, message: error.message };
    }
  }
  try {
    // Interrupted, or restored from a backup taken before the run ended: it may have been done already.
    const mayBeDone = previous !== undefined || run.restoredAt !== null;
    const message = await executor.perform(step.input, env, mayBeDone, step);
    const missing = Array.isArray(step.input.missingMergeFields) ? (step.input.missingMergeFields as string[]) : [];
    const note = missing.length > 0 ? ` No value for ${missing.join(', ')}; left empty.` : '';
    stepLog.holdFinish(step.id, { status: 'Succeeded', outcome: `${message}${note}`, at: deps.clock.now() });
    // A message to a client cannot be looked up in ServiceM8 afterwards, nor a delivery to a web address:
    // its success is written at once, so a crash before the next statement cannot leave it Uncertain or
    // have it sent again.
    if (isClientFacingAction(action.type) || action.type === 'SendToWebAddress') await stepLog.write();
    return { failed: false, message };
  } catch (error) {
    if (error instanceof TryAgainLater) {
      const now = deps.clock.now();
      const until = nextAttemptAt(step.startedAt, now, error.retryAfterMs);
      if (!until) {
        const message = `${error.message} It was tried for ${RETRY_FOR_HOURS} hours without success, so it is not tried again by itself: retry the run once the web address works.`;
        stepLog.holdFinish(step.id, { status: 'Failed', outcome: message, at: now });
        return { failed: true, message };
      }
      return { failed: false, message: error.message, tryAgainAt: until, stepId: step.id };
    }
    if (error instanceof UncertainOutcome) {
      const message = `${UNCERTAIN_PREFIX}${error.message}`;
      stepLog.holdFinish(step.id, { status: 'Uncertain', outcome: message, at: deps.clock.now() });
      return { failed: false, message, uncertain: true };
    }
    const failure = classifyRunFailure(error);
    if (failure.kind === 'transient') throw error;
    stepLog.holdFinish(step.id, { status: 'Failed', outcome: failure.reason, at: deps.clock.now() });
    return { failed: true, message: failure.reason, needsAdmin: failure.needsAdmin, cause: failure.cause };
  }
}

/**
 * Whether a client-facing action may go now: held by quiet hours (a Waiting step, updated while it
 * waits), refused (a Skipped step with the reason: an opt-out or a contact limit), or free to go (a
 * Waiting step of an earlier attempt is finished first). Answers the next step position.
 */
function clientMessageGateFor(vendor: {
  settings: ClientMessagingSettings;
  timeZone: string;
  client: RunRecords['client'];
  badgeName: (uuid: string) => string;
}) {
  return async (
    db: Db,
    at: {
      run: RunRow;
      action: TriggerAction;
      latest: StepRow | undefined;
      position: number;
      waitSentence: string | null;
      now: Date;
    },
  ): Promise<{ held: boolean; refusal: string | null; position: number }> => {
    const { run, action, now } = at;
    let position = at.position;
    const waiting = at.latest?.status === 'Waiting' ? at.latest : undefined;
    if (at.waitSentence) {
      if (waiting) await finishWaitingStep(db, waiting.id, { outcome: at.waitSentence, at: null });
      else await insertStep(db, actionStep(run.id, position++, action, 'Waiting', at.waitSentence, now));
      return { held: true, refusal: null, position };
    }
    if (waiting) {
      const outcome = `Waited for business hours until ${formatInZone(now, vendor.timeZone)}.`;
      await finishWaitingStep(db, waiting.id, { outcome, at: now });
    }
    const refusal = run.clientUuid
      ? await clientMessageRefusal(db, { ...vendor, vendorId: run.vendorId, clientUuid: run.clientUuid, now })
      : null;
    if (refusal) await insertStep(db, actionStep(run.id, position++, action, 'Skipped', refusal, now, now));
    return { held: false, refusal, position };
  };
}

type HeldStepLog = ReturnType<typeof heldStepLog>;

/**
 * The step changes a run holds back for its next statement, which writes them with its own: a
 * re-check's result and an action's outcome wait for the next action's plan or the run's end, one
 * round trip instead of two. What guards an action against being done twice is never held: its plan
 * is stored (Started) before ServiceM8 is called. A crash loses only what was held: the re-check is
 * made again, and an action still Started is checked before it is performed again, as after any crash.
 */
function heldStepLog(db: Db, batch: RunBatch, runId: string) {
  let held: { inserts: Array<typeof runSteps.$inferInsert>; finishes: HeldSteps['finishes'][number][] } = {
    inserts: [],
    finishes: [],
  };
  const take = (): HeldSteps => {
    const taken = held;
    held = { inserts: [], finishes: [] };
    return taken;
  };
  return {
    hold(step: typeof runSteps.$inferInsert) {
      held.inserts.push(step);
    },
    holdFinish(stepId: string, finish: Omit<HeldSteps['finishes'][number], 'stepId'>) {
      held.finishes.push({ ...finish, stepId });
    },
    /**
     * Inserts a step (an action's plan) with what was held: the run's first with the other runs' of
     * its batch, in one statement before any of them performs its action.
     */
    insert: (step: typeof runSteps.$inferInsert) => batch.plans.submit(runId, { held: take(), step }),
    /** What was held, for a statement that writes it (the run's end); nothing is held afterwards. */
    take,
    /** Writes what was held on its own, before a statement that cannot carry it. */
    write: () => writeHeldSteps(db, take()),
  };
}

/** How long an action that can be tried again later (a web address busy or away) keeps trying. */
const RETRY_FOR_HOURS = 24;
/** The first wait after a failed attempt; each later wait is as long as the step has been trying, up to an hour. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/**
 * When a step first tried at `firstTriedAt` tries again after failing `now`: after as long as it has
 * been trying (so the waits double), at least a minute and at most an hour, and no sooner than the other
 * side asked (`Retry-After`); null when that is past the 24 hours it may keep trying.
 */
function nextAttemptAt(firstTriedAt: Date, now: Date, retryAfterMs: number | null): Date | null {
  const trying = Math.max(0, now.getTime() - firstTriedAt.getTime());
  const backoff = Math.min(LONGEST_RETRY_MS, Math.max(FIRST_RETRY_MS, trying));
  const at = new Date(now.getTime() + Math.max(backoff, retryAfterMs ?? 0));
  return at.getTime() - firstTriedAt.getTime() > RETRY_FOR_HOURS * 60 * 60_000 ? null : at;
}

/** A step whose action is still to do: interrupted, retried by a person, or held by quiet hours. */
const RESUMABLE_STEP_STATUSES: readonly string[] = ['Started', 'Failed', 'Waiting'];

/** A step for an action that was not performed: held (Waiting, not finished) or Skipped (finished). */
function actionStep(
  runId: string,
  position: number,
  action: TriggerAction,
  status: 'Waiting' | 'Skipped',
  outcome: string,
  startedAt: Date,
  finishedAt: Date | null = null,
) {
  return {
    runId,
    position,
    kind: 'Action' as const,
    actionId: action.id,
    actionType: action.type,
    status,
    input: {},
    outcome,
    startedAt,
    finishedAt,
  };
}

/** The action of a step as the editor names it (the step keeps the action's type). */
function stepName(step: StepRow): string {
  const type = AutomationAction.safeParse(step.actionType);
  return type.success ? actionLabel(type.data) : 'An action';
}

function actionLabel(type: AutomationAction): string {
  return `“${ACTION_WORDS[type].label}”`;
}

/** How the run log begins the outcome of an Uncertain step. */
/** How often a run waiting for a paused vendor to pay looks again. */
const PAUSED_RUN_CHECK_MS = 60 * 60 * 1000;

const UNCERTAIN_PREFIX = 'Uncertain — check the job diary: ';

function latestStepOf(steps: StepRow[], actionId: string): StepRow | undefined {
  return steps.filter((step) => step.kind === 'Action' && step.actionId === actionId).at(-1);
}

/**
 * How long filling in all the texts of one run attempt (or one dry run) may take together, each text
 * at most the engine's own limit: with 20 actions of two texts each, one text's limit alone would let
 * a trigger keep the process busy for seconds.
 */
const TEXTS_RENDER_MS = LIQUID_LIMITS.renderLimit * 2;

/** What actions use during this run; also used by the dry run (which never calls `perform`). */
export function actionEnv(
  deps: Deps,
  client: Sm8Client,
  run: Pick<RunRow, 'id' | 'vendorId' | 'triggerId' | 'cascadeDepth' | 'clientUuid' | 'event'>,
  records: RunRecords,
  names: ReferenceNames,
): ActionEnv {
  const db = deps.database.db;
  let renderMsLeft = TEXTS_RENDER_MS;
  return {
    client,
    records,
    async render(template: string, contact: Sm8Record | null) {
      const used = mergeRecordsUsed(template);
      const values = buildMergeValues({
        job: used.has('job') ? await records.job() : null,
        client: used.has('client') ? await records.client() : null,
        contact,
        staff: used.has('staff') ? await records.staff() : null,
        booking: used.has('booking') ? await records.booking() : null,
        vendor: used.has('vendor') ? await records.vendor() : null,
      });
      const started = performance.now();
      try {
        return renderMergeText(template, values, { renderLimitMs: Math.max(1, renderMsLeft) });
      } catch (error) {
        if (error instanceof MergeTextError) throw new TextProblem(error.message);
        throw error;
      } finally {
        renderMsLeft -= performance.now() - started;
      }
    },
    emailTemplate: (id) => templateToSend(db, { vendorId: run.vendorId, id }),
    attachment: (id) => readTriggerAttachment(deps, run.vendorId, id),
    async noteWrite(object, uuid, fields, created = false) {
      await insertWrite(db, {
        vendorId: run.vendorId,
        object,
        uuid,
        fields,
        created: created ? 1 : 0,
        runId: run.id,
        triggerId: run.triggerId,
        cascadeDepth: run.cascadeDepth,
        writtenAt: deps.clock.now(),
      });
    },
    newUuid: () => randomUUID(),
    unsubscribeLink: async ({ name, email }) =>
      run.clientUuid
        ? unsubscribeUrl(deps, { vendorId: run.vendorId, clientUuid: run.clientUuid, contactName: name, email })
        : null,
    nameOf: names.nameOf,
    webAddress: webAddressEnv(deps, run),
  };
}
