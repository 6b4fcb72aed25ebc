import { isClientFacingAction, type TriggerAction } from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import {
  type ActionEnv,
  ActionProblem,
  TryAgainLater,
  UncertainOutcome,
} from '../../../engine/actions/action-executor.ts';
import { executorFor } from '../../../engine/actions/action-registry.ts';
import type { RunRow, StepRow } from '../automation.repository.ts';
import type { HeldStepLog } from './held-step-log.ts';
import { classifyRunFailure, type FailureCause } from './run-failures.ts';

/**
 * One action: plan (stored as Started, with the changes the step log held), perform, and hold the
 * outcome for the run's next statement. Transient errors propagate.
 */
export async function performAction(
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

/** How the run log begins the outcome of an Uncertain step. */
const UNCERTAIN_PREFIX = 'Uncertain — check the job diary: ';
