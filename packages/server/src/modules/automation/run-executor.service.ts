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
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import { inSpan } from '../../observability/tracing.ts';
import { limitSentence, pausedRunWaitsUntil, planLimitsOf } from '../billing/checkout.service.ts';
import { templateToSend } from '../email-templates/email-templates.service.ts';
import { sm8ClientForVendor } from '../servicem8/sm8-access.ts';
import { triggerVersion } from '../triggers/trigger-lookups.service.ts';
import { readTriggerAttachment } from '../triggers/triggers.service.ts';
import { clientMessagingOf, findVendor, suspendedRunReason } from '../vendors/vendors.service.ts';
import {
  findRun,
  finishRun,
  finishWaitingStep,
  type HeldSteps,
  insertStep,
  insertStepAfter,
  insertWrite,
  listSteps,
  noteFailedAttempt,
  noteStepAttempt,
  postponeRun,
  type RunRow,
  type StepRow,
  startRun,
  writeHeldSteps,
} from './automation.repository.ts';
import type { runSteps } from './automation.schema.ts';
import { bookingTiming } from './booking-start.ts';
import { clientMessageRefusal, unsubscribeUrl } from './client-messaging.service.ts';
import { currentObservedRecords } from './observed-records.ts';
import { planUuids } from './plan-uuids.ts';
import { type ReferenceNames, referenceNamesFor } from './reference-names.ts';
import { evaluationContextFor, recordsForRun } from './run-context.ts';
import { classifyRunFailure, type FailureCause, tellAdmins } from './run-failures.ts';
import { sm8CallCounter } from './sm8-call-counter.ts';
import { runUsageSince } from './usage.service.ts';
import { webAddressEnv } from './web-address.service.ts';

/** A run started this much before its booking-based due time (clocks differ a little) goes ahead. */
const BOOKING_DUE_MARGIN_MS = 60_000;

/** Which attempt at a run this is (`retryCount` 0 is the first) and how long a retry may wait at most. */
export type RunAttempt = { retryCount: number; retryLimit: number; latestRetryDelayMs: number };

/**
 * Executes a due run. Safe to call again for the same run after a crash or
 * a transient failure: the step log says what is done. A Succeeded action is never performed
 * again; a Started one (interrupted) is performed with the plan it stored, and the action checks
 * first whether it already happened; a Failed one (the run was retried by a person) is performed anew.
 * Every action of a run restored from a backup is checked so too (`restoredAt`): it may have been done
 * after the backup was taken. Transient failures are thrown for the job to retry; permanent ones fail the run with the reason
 * (`run-failures.ts`).
 */
export async function executeRun(deps: Deps, runId: string, attempt: RunAttempt): Promise<{ status: string }> {
  const db = deps.database.db;
  // Started in the statement that reads it; one already Running was interrupted and resumes.
  const started = await startRun(db, runId, deps.clock.now());
  if (started) deps.metrics.runsStarted.inc();
  const run = started ?? (await findRun(db, runId));
  if (!run) return { status: 'missing' };
  if (run.status !== 'Running') return { status: run.status };

  // Stored before the run ends or its attempt gives way to a retry, so a finished run shows its count.
  const calls = sm8CallCounter();
  const stepLog = heldStepLog(db);
  const finish = async (
    status: 'Succeeded' | 'Failed' | 'Skipped',
    reason: string | null,
    failureCause: FailureCause | null = status === 'Failed' ? 'other' : null,
  ) => {
    const outcome = { status, reason, sm8Calls: calls.take(), at: deps.clock.now(), failureCause };
    await finishRun(db, runId, outcome, stepLog.take());
    deps.metrics.runsFinished.inc({ status });
    return { status };
  };

  const vendor = await findVendor(db, run.vendorId);
  if (!vendor?.subscriptionActive) {
    // A run scheduled before the subscription stopped waits (checking hourly) for the vendor to pay.
    const now = deps.clock.now();
    const waitsUntil = await pausedRunWaitsUntil(db, run.vendorId, run.createdAt, now);
    if (!waitsUntil) return finish('Skipped', SUBSCRIPTION_NOT_ACTIVE_REASON);
    await postponeRun(db, runId, {
      dueAt: new Date(now.getTime() + PAUSED_RUN_CHECK_MS),
      reason: `Waiting: the subscription is not active. The run goes ahead once it is paid, until ${formatInZone(waitsUntil, vendor?.timeZone ?? 'Pacific/Auckland')}.`,
      at: now,
    });
    return { status: 'Scheduled' };
  }
  const suspended = suspendedRunReason(vendor);
  if (suspended) return finish('Skipped', suspended);
  const overQuota = await runQuotaRefusal(db, run.vendorId, deps.clock.now());
  if (overQuota) return finish('Skipped', overQuota);
  const version = await triggerVersion(db, { triggerId: run.triggerId, version: run.triggerVersion });
  const parsed = TriggerDefinition.safeParse(version?.definition);
  if (!parsed.success) return finish('Failed', 'The trigger this run came from could not be read.');
  const definition = parsed.data;
  const overMessages = await messageQuotaRefusal(db, run, definition, deps.clock.now());
  if (overMessages) return finish('Skipped', overMessages);

  try {
    const client = await sm8ClientForVendor(deps, run.vendorId, { onRequest: calls.onRequest });
    const steps = await listSteps(db, runId);
    // The record the run's event is about, as observed up to now (see currentObservedRecords); the
    // others are read on first use: the re-check reads the job as it is now, and actions what they use.
    // A run restored from a backup reads its record too, as a retried one does.
    const justObserved = await currentObservedRecords(deps, run, {
      hasActed: steps.some((step) => step.kind === 'Action'),
      firstAttempt: attempt.retryCount === 0 && run.restoredAt === null,
      now: deps.clock.now(),
    });
    const records = recordsForRun(db, client, run.vendorId, run, justObserved);
    const names = await referenceNamesFor(db, run.vendorId, [definition]);
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
        await postponeRun(db, runId, {
          dueAt: timing.dueAt,
          reason: `Waiting: the booking moved to ${formatInZone(timing.start, vendor.timeZone)}, so the run is now due ${formatInZone(timing.dueAt, vendor.timeZone)}.`,
          at: now,
          sm8Calls: calls.take(),
        });
        return { status: 'Scheduled' };
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
        await postponeRun(db, runId, {
          dueAt: outcome.tryAgainAt,
          reason,
          at: deps.clock.now(),
          sm8Calls: calls.take(),
        });
        return { status: 'Scheduled' };
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
      await postponeRun(db, runId, { dueAt: opening, reason: `${waitSentence}.`, at: now, sm8Calls: calls.take() });
      return { status: 'Scheduled' };
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
    await stepLog.write();
    await noteFailedAttempt(db, runId, {
      sm8Calls: calls.take(),
      failedAttempts: attempt.retryCount + 1,
      error: failure.reason,
      nextAttemptBy: new Date(now.getTime() + attempt.latestRetryDelayMs),
      at: now,
    });
    throw error;
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
function heldStepLog(db: Db) {
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
    /** Inserts a step now, with what was held. */
    insert: (step: typeof runSteps.$inferInsert) => insertStepAfter(db, take(), step),
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

/**
 * Why the run may not start because the plan's runs this period are used up, or null. The run being
 * started already counts itself (it is Running).
 */
async function runQuotaRefusal(db: Db, vendorId: string, now: Date): Promise<string | null> {
  const planLimit = await planLimitsOf(db, vendorId, now);
  if (!planLimit) return null;
  const { runs } = await runUsageSince(db, vendorId, planLimit.periodStart);
  if (runs <= planLimit.plan.maxRunsPerMonth) return null;
  return `${limitSentence(planLimit.plan, 'runsPerMonth')}, and this period's are used up: the run was skipped. Change plan to run more.`;
}

/**
 * Why a run that has not acted yet may not start because the emails and texts it sends would pass
 * the plan's monthly number, or null. A run already under way finishes what it started.
 */
async function messageQuotaRefusal(
  db: Db,
  run: { id: string; vendorId: string },
  definition: TriggerDefinition,
  now: Date,
): Promise<string | null> {
  const sends = definition.actions.filter((action) => isClientFacingAction(action.type)).length;
  if (sends === 0) return null;
  const planLimit = await planLimitsOf(db, run.vendorId, now);
  if (!planLimit) return null;
  if ((await listSteps(db, run.id)).some((step) => step.kind === 'Action')) return null;
  const { messages } = await runUsageSince(db, run.vendorId, planLimit.periodStart);
  if (messages + sends <= planLimit.plan.maxMessagesPerMonth) return null;
  return `${limitSentence(planLimit.plan, 'messagesPerMonth')}, and this run would send more than this period has left: the run was skipped. Change plan to send more.`;
}
