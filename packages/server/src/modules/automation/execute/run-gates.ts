import { SUBSCRIPTION_NOT_ACTIVE_REASON, TriggerDefinition } from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import { jobLabel } from '../../../engine/actions/action-executor.ts';
import { evaluateGroup } from '../../../engine/conditions/evaluate-group.ts';
import { explainLapse } from '../../../engine/conditions/explain-result.ts';
import type { RunRecords } from '../../../engine/records/run-records.ts';
import { formatInZone } from '../../../engine/schedule/due-at.ts';
import { pausedRunWaitsUntil } from '../../billing/checkout.service.ts';
import { suspendedRunReason } from '../../vendors/vendors.service.ts';
import type { RunRow, StepRow } from '../automation.repository.ts';
import type { runSteps } from '../automation.schema.ts';
import { bookingTiming } from '../match/booking-start.ts';
import type { ReferenceNames } from '../match/reference-names.ts';
import { evaluationContextFor } from '../match/run-context.ts';
import type { RunBatch } from './run-batch.ts';
import type { FailureCause } from './run-failures.ts';

/**
 * What a gate decides about a run: it goes on, it ends (Skipped or Failed, with the reason the run
 * log shows), or it waits (Scheduled again for `dueAt`, saying why).
 */
export type GateVerdict =
  | { kind: 'go' }
  | { kind: 'end'; status: 'Succeeded' | 'Skipped' | 'Failed'; reason: string | null; cause?: FailureCause }
  | { kind: 'wait'; dueAt: Date; reason: string };

/** A verdict that does not let the run go on. */
export type StopVerdict = Exclude<GateVerdict, { kind: 'go' }>;

const GO: GateVerdict = { kind: 'go' };

/** How often a run waiting for a paused vendor to pay looks again. */
const PAUSED_RUN_CHECK_MS = 60 * 60 * 1000;

/** A run started this much before its booking-based due time (clocks differ a little) goes ahead. */
const BOOKING_DUE_MARGIN_MS = 60_000;

/** The vendor a run was admitted for. */
export type AdmittedVendor = NonNullable<Awaited<ReturnType<RunBatch['vendor']>>>;

/**
 * The gates that need no ServiceM8 call, in order: the subscription (a run scheduled before it stopped
 * waits for the vendor to pay), a suspension, the plan's runs this period, the trigger version the run
 * came from, the plan's messages this period. Answers the vendor and the trigger's definition when the
 * run may go on.
 */
export async function admitRun(
  deps: Deps,
  batch: RunBatch,
  run: RunRow,
): Promise<StopVerdict | { kind: 'admitted'; vendor: AdmittedVendor; definition: TriggerDefinition }> {
  const vendor = await batch.vendor();
  if (!vendor?.subscriptionActive) return subscriptionGate(deps, run, vendor?.timeZone);
  const suspended = suspendedRunReason(vendor);
  if (suspended) return skip(suspended);
  const overQuota = await batch.runQuotaRefusal();
  if (overQuota) return skip(overQuota);
  const parsed = TriggerDefinition.safeParse((await batch.versionOf(run))?.definition);
  if (!parsed.success)
    return { kind: 'end', status: 'Failed', reason: 'The trigger this run came from could not be read.' };
  const overMessages = await batch.messageQuotaRefusal(run, parsed.data);
  if (overMessages) return skip(overMessages);
  return { kind: 'admitted', vendor, definition: parsed.data };
}

/** A vendor whose subscription is not active: a run scheduled before it stopped waits (checking hourly) until it is paid. */
async function subscriptionGate(deps: Deps, run: RunRow, timeZone = 'Pacific/Auckland'): Promise<StopVerdict> {
  const now = deps.clock.now();
  const waitsUntil = await pausedRunWaitsUntil(deps.database.db, run.vendorId, run.createdAt, now);
  if (!waitsUntil) return skip(SUBSCRIPTION_NOT_ACTIVE_REASON);
  return {
    kind: 'wait',
    dueAt: new Date(now.getTime() + PAUSED_RUN_CHECK_MS),
    reason: `Waiting: the subscription is not active. The run goes ahead once it is paid, until ${formatInZone(waitsUntil, timeZone)}.`,
  };
}

/**
 * A run due before a booking: the booking may have been cancelled or moved since it was scheduled.
 * Checked until an action has been performed (a run resumed after a crash goes on).
 */
export async function bookingGate(
  at: { run: RunRow; definition: TriggerDefinition; steps: readonly StepRow[]; records: RunRecords; timeZone: string },
  now: Date,
): Promise<GateVerdict> {
  const { run, definition, steps } = at;
  const delay = definition.delay;
  if (delay?.from !== 'BookingStart' || run.event !== 'JobIsScheduled') return GO;
  if (steps.some((step) => step.kind === 'Action')) return GO;
  const timing = bookingTiming(await at.records.booking(), delay, at.timeZone, now);
  if (timing.kind !== 'due') return skip(timing.reason);
  if (timing.dueAt.getTime() <= now.getTime() + BOOKING_DUE_MARGIN_MS) return GO;
  return {
    kind: 'wait',
    dueAt: timing.dueAt,
    reason: `Waiting: the booking moved to ${formatInZone(timing.start, at.timeZone)}, so the run is now due ${formatInZone(timing.dueAt, at.timeZone)}.`,
  };
}

/**
 * "Check the conditions again before running": evaluated once on the record as it is now, its result a
 * Conditions step (`step`, for the run's next statement); a lapse skips the run.
 */
export async function recheckGate(
  at: {
    run: RunRow;
    definition: TriggerDefinition;
    steps: readonly StepRow[];
    records: RunRecords;
    names: ReferenceNames;
    position: number;
  },
  now: Date,
): Promise<{ verdict: GateVerdict; step?: typeof runSteps.$inferInsert }> {
  const { run, definition } = at;
  const alreadyRechecked = at.steps.some((step) => step.kind === 'Conditions' && step.position > 0);
  if (!definition.recheckBeforeRun || alreadyRechecked) return { verdict: GO };
  const context = await evaluationContextFor(at.records, [definition.conditions], at.names, run.event);
  const evaluation = evaluateGroup(definition.conditions, context);
  const reason = evaluation.result
    ? `Checked again before running: ${evaluation.reason}`
    : explainLapse(evaluation, context.job ? jobLabel(context.job) : 'the job');
  return {
    verdict: evaluation.result ? GO : skip(reason),
    step: {
      runId: run.id,
      position: at.position,
      kind: 'Conditions',
      status: evaluation.result ? 'Succeeded' : 'Skipped',
      input: { evaluation },
      outcome: reason,
      startedAt: now,
      finishedAt: now,
    },
  };
}

function skip(reason: string): StopVerdict {
  return { kind: 'end', status: 'Skipped', reason };
}
