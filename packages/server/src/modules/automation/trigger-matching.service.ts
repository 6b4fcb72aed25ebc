import {
  TRIGGER_EVENT_LABELS,
  TriggerDefinition,
  type TriggerDefinition as TriggerDefinitionType,
} from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { evaluateGroup } from '../../engine/conditions/evaluate-group.ts';
import { type FreshRecord, text } from '../../engine/records/run-records.ts';
import { dueAt, formatInZone } from '../../engine/schedule/due-at.ts';
import { type Sm8Connection, sm8ClientFor, sm8ClientForVendor } from '../servicem8/sm8-access.ts';
import { enabledTriggersFor } from '../triggers/trigger-lookups.service.ts';
import { findVendor, suspendedRunReason } from '../vendors/vendors.service.ts';
import {
  type EventRow,
  insertRun,
  insertRunWithConditionsStep,
  listUnmatchedEvents,
  markEventMatched,
  type RunRow,
} from './automation.repository.ts';
import { bookingStartWords, bookingTiming, readBooking } from './booking-start.ts';
import { DISPATCH_AHEAD_MS, queueRunExecution } from './execute-run.jobs.ts';
import { referenceNamesFor } from './reference-names.ts';
import { evaluationContextFor, recordsForRun } from './run-context.ts';
import { warnNewRuns } from './run-warnings.service.ts';
import { sm8CallCounter } from './sm8-call-counter.ts';

/** A chain of automations (one's change firing the next) stops at this depth. */
const CASCADE_DEPTH_MAX = 3;

/**
 * The vendor's enabled triggers for the event whose conditions hold get a run (the executor skips it,
 * with the reason, when the subscription is not active or the plan's runs are used up),
 * due after the trigger's delay. The trigger whose own change caused the event is left out (loop
 * guard); an event at the cascade limit starts nothing. Runs due now are queued in the same
 * transaction that creates them; later ones are queued by the dispatcher when due.
 *
 * ServiceM8 is asked only for the records the conditions read, and not for a `fresh` one (the
 * record whose change raised the event, read moments ago). `connection`: the vendor's ServiceM8
 * connection when the caller has just read it.
 */
export async function matchEvent(
  deps: Deps,
  event: EventRow,
  fresh: readonly FreshRecord[] = [],
  connection?: Sm8Connection,
): Promise<{ runs: number }> {
  const db = deps.database.db;
  const markMatched = () => markEventMatched(db, event.id, deps.clock.now());
  const vendor = await findVendor(db, event.vendorId);
  const candidates = (await enabledTriggersFor(db, { vendorId: event.vendorId, event: event.event })).filter(
    (trigger) => trigger.id !== event.causedByTriggerId,
  );
  // A vendor whose subscription is not active still gets its runs: they are recorded as Skipped, with why.
  if (!vendor || candidates.length === 0) {
    await markMatched();
    return { runs: 0 };
  }
  const suspended = suspendedRunReason(vendor);
  if (suspended) return skipWhileSuspended(deps, event, candidates, suspended);
  if (event.cascadeDepth >= CASCADE_DEPTH_MAX) {
    deps.logger.warn(
      { vendorId: event.vendorId, eventId: event.id, depth: event.cascadeDepth },
      'automation cascade stopped at its depth limit',
    );
    await markMatched();
    return { runs: 0 };
  }
  const triggers: Array<{ id: string; version: number; definition: TriggerDefinitionType }> = [];
  for (const trigger of candidates) {
    const definition = TriggerDefinition.safeParse(trigger.definition);
    if (definition.success) triggers.push({ id: trigger.id, version: trigger.version, definition: definition.data });
    else deps.logger.error({ triggerId: trigger.id }, 'a stored trigger definition no longer parses; not run');
  }

  // Every trigger's conditions are evaluated against the same records, read once, before the transaction.
  const calls = sm8CallCounter();
  const client = connection
    ? sm8ClientFor(deps, connection, { onRequest: calls.onRequest })
    : await sm8ClientForVendor(deps, event.vendorId, { onRequest: calls.onRequest });
  const records = recordsForRun(db, client, event.vendorId, event, fresh);
  const names = await referenceNamesFor(
    db,
    event.vendorId,
    triggers.map((trigger) => trigger.definition),
  );
  const conditions = triggers.map((trigger) => trigger.definition.conditions);
  const context = await evaluationContextFor(records, conditions, names, event.event);
  const evaluated = triggers.map((trigger) => ({
    ...trigger,
    evaluation: evaluateGroup(trigger.definition.conditions, context),
  }));
  // The job names the run.
  const job = event.jobUuid || context.job ? await records.job() : null;
  // A delay counted back from the booking's start needs the booking (the record just read, usually).
  const countsFromBooking = (definition: TriggerDefinitionType) =>
    definition.delay?.from === 'BookingStart' && event.event === 'JobIsScheduled';
  const booking = evaluated.some((trigger) => trigger.evaluation.result && countsFromBooking(trigger.definition))
    ? await readBooking(client, event.occurrenceKey, fresh)
    : null;
  // Each run counts the requests matching made (shared by the runs of this event).
  const matchingCalls = calls.take();

  const now = deps.clock.now();
  let runs = 0;
  const later: Array<{ run: RunRow; definition: TriggerDefinitionType }> = [];
  await db.transaction(async (tx) => {
    // The event is marked matched with its first run, or on its own when it gets none.
    let marked = false;
    for (const { id, version, definition, evaluation } of evaluated) {
      if (!evaluation.result) continue;
      const timing =
        definition.delay && countsFromBooking(definition)
          ? bookingTiming(booking, definition.delay, vendor.timeZone, now)
          : null;
      const due = timing?.kind === 'due' ? timing.dueAt : dueAt(event.occurredAt, definition.delay, vendor.timeZone);
      const subject = {
        vendorId: event.vendorId,
        triggerId: id,
        triggerVersion: version,
        eventId: event.id,
        event: event.event,
        jobUuid: text(job?.uuid) || event.jobUuid,
        jobNumber: text(job?.generated_job_id) || null,
        clientUuid: text(job?.company_uuid) || event.clientUuid,
        formResponseUuid: event.formResponseUuid,
        cascadeDepth: event.cascadeDepth,
        sm8Calls: matchingCalls,
        restoredAt: event.restoredAt,
      };
      if (timing && timing.kind !== 'due') {
        // Too late for a run meant to happen before the booking: recorded as Skipped, with why.
        const skipped = await insertRun(tx, {
          ...subject,
          status: 'Skipped',
          reason: timing.reason,
          dueAt: now,
          finishedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        if (skipped) runs++;
        continue;
      }
      const runNow = due.getTime() <= now.getTime();
      // Due before the dispatcher's next pass: its job is queued now, to start at the due time.
      const dispatchNow = due.getTime() <= now.getTime() + DISPATCH_AHEAD_MS;
      const run = await insertRunWithConditionsStep(
        tx,
        {
          ...subject,
          status: 'Scheduled',
          dueAt: due,
          dispatchedAt: dispatchNow ? now : null,
          createdAt: now,
          updatedAt: now,
        },
        {
          input: { evaluation },
          outcome: `${TRIGGER_EVENT_LABELS[event.event]}: ${evaluation.reason} ${
            timing?.kind === 'due' ? `${bookingStartWords(timing.start, vendor.timeZone)} ` : ''
          }${runNow ? 'The actions run now.' : `The actions are due ${formatInZone(due, vendor.timeZone)}.`}`,
          at: now,
        },
        marked ? undefined : now,
      );
      marked = true;
      if (!run) continue;
      runs++;
      if (dispatchNow) await queueRunExecution(deps, run, tx);
      else later.push({ run, definition });
    }
    if (!marked) await markEventMatched(tx, event.id, now);
  });
  // Runs due later are checked for what their messages will miss, with the records just read.
  if (later.length > 0) await warnNewRuns(deps, later, { client, records, names });
  return { runs };
}

/**
 * While a super admin has suspended the vendor's automations, each enabled trigger for the event gets a
 * Skipped run saying so (its conditions are not read: nothing is asked of ServiceM8), so the vendor's
 * log shows what did not happen and why.
 */
async function skipWhileSuspended(
  deps: Deps,
  event: EventRow,
  triggers: ReadonlyArray<{ id: string; version: number }>,
  reason: string,
): Promise<{ runs: number }> {
  const now = deps.clock.now();
  let runs = 0;
  await deps.database.db.transaction(async (tx) => {
    for (const trigger of triggers) {
      const run = await insertRun(tx, {
        vendorId: event.vendorId,
        triggerId: trigger.id,
        triggerVersion: trigger.version,
        eventId: event.id,
        event: event.event,
        status: 'Skipped',
        reason,
        jobUuid: event.jobUuid,
        clientUuid: event.clientUuid,
        formResponseUuid: event.formResponseUuid,
        cascadeDepth: event.cascadeDepth,
        dueAt: now,
        finishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (run) runs++;
    }
    await markEventMatched(tx, event.id, now);
  });
  return { runs };
}

/** Events stored but never matched (the process stopped in between), oldest first; of one vendor, or all. */
export async function matchLeftoverEvents(
  deps: Deps,
  which: { olderThan: Date; vendorId?: string },
  limit = 100,
): Promise<number> {
  const leftovers = await listUnmatchedEvents(deps.database.db, which, limit);
  for (const event of leftovers) {
    try {
      await matchEvent(deps, event);
    } catch (error) {
      deps.logger.warn({ err: error, eventId: event.id }, 'could not match an automation event yet');
    }
  }
  return leftovers.length;
}
