import {
  TRIGGER_EVENT_LABELS,
  TriggerDefinition,
  type TriggerDefinition as TriggerDefinitionType,
} from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import { evaluateGroup } from '../../../engine/conditions/evaluate-group.ts';
import { explainFailure } from '../../../engine/conditions/explain-result.ts';
import { type FreshRecord, text } from '../../../engine/records/run-records.ts';
import { dueAt, formatInZone } from '../../../engine/schedule/due-at.ts';
import { inSpan } from '../../../observability/tracing.ts';
import { type Sm8Connection, sm8ClientFor, sm8ClientForVendor } from '../../servicem8/sm8-access.ts';
import { triggersListeningTo } from '../../triggers/trigger-lookups.service.ts';
import { findVendor, suspendedRunReason } from '../../vendors/vendors.service.ts';
import {
  claimUnmatchedEvents,
  type EventRow,
  insertRun,
  insertRunsWithConditionsSteps,
  listUnmatchedEvents,
  type NewEventOutcome,
} from '../automation.repository.ts';
import type { triggerRuns } from '../automation.schema.ts';
import { DISPATCH_AHEAD_MS, queueRunExecutions } from '../execute/execute-run.jobs.ts';
import { warnNewRuns } from '../execute/run-warnings.service.ts';
import { sm8CallCounter } from '../execute/sm8-call-counter.ts';
import { bookingStartWords, bookingTiming, readBooking } from './booking-start.ts';
import { type ReferenceNames, referenceNamesFor } from './reference-names.ts';
import { evaluationContextFor, recordsForRun } from './run-context.ts';

/** A chain of automations (one's change firing the next) stops at this depth. */
export const CASCADE_DEPTH_MAX = 3;

/** Why an event at the cascade limit starts nothing. */
export const CASCADE_LIMIT_DETAIL = `A chain of automations (each one's change starting the next) stops after ${CASCADE_DEPTH_MAX}.`;

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
function matchEvent(
  deps: Deps,
  event: EventRow,
  fresh: readonly FreshRecord[] = [],
  connection?: Sm8Connection,
): Promise<{ runs: number }> {
  return matchEvents(deps, [{ event, fresh }], connection);
}

/**
 * `matchEvent` for many events of one vendor (an observation's): the vendor and its triggers are read
 * once, and the runs of every event are stored in one transaction.
 */
export function matchEvents(
  deps: Deps,
  observed: ReadonlyArray<{ event: EventRow; fresh: readonly FreshRecord[] }>,
  connection?: Sm8Connection,
): Promise<{ runs: number }> {
  return inSpan('automation.match', { 'automate.events': observed.length }, async (span) => {
    const matched = await matchObservedEvents(deps, observed, connection);
    span.setAttribute('automate.runs', matched.runs);
    return matched;
  });
}

async function matchObservedEvents(
  deps: Deps,
  observed: ReadonlyArray<{ event: EventRow; fresh: readonly FreshRecord[] }>,
  connection?: Sm8Connection,
): Promise<{ runs: number }> {
  const [first] = observed;
  if (!first) return { runs: 0 };
  const vendorId = first.event.vendorId;
  if (observed.some(({ event }) => event.vendorId !== vendorId)) {
    throw new Error('matchEvents is given the events of one vendor at a time.');
  }
  const db = deps.database.db;
  const vendor = await findVendor(db, vendorId);
  // Per kind of event: the enabled triggers, the switched-off ones (Activity names them), and the names
  // their sentences use (read when first needed).
  const ofKind = new Map<
    string,
    { triggers: ParsedTrigger[]; switchedOff: string[]; names: () => Promise<ReferenceNames> }
  >();
  const plans: MatchPlan[] = [];
  for (const { event, fresh } of observed) {
    let kind = ofKind.get(event.event);
    if (!kind) {
      const listening = await triggersListeningTo(db, { vendorId, event: event.event });
      const triggers = parseTriggers(
        deps,
        listening.filter((trigger) => trigger.enabled),
      );
      let names: Promise<ReferenceNames> | undefined;
      kind = {
        triggers,
        switchedOff: listening.filter((trigger) => !trigger.enabled).map((trigger) => trigger.id),
        names: () => {
          names ??= referenceNamesFor(
            db,
            vendorId,
            triggers.map((trigger) => trigger.definition),
          );
          return names;
        },
      };
      ofKind.set(event.event, kind);
    }
    const candidates = kind.triggers.filter((trigger) => trigger.id !== event.causedByTriggerId);
    const plan = await planMatch(deps, { event, fresh, vendor, candidates, names: kind.names, connection });
    const decided = outcomeOf(event, deps.clock.now());
    plan.outcomes.push(
      ...kind.switchedOff.map((id) => decided(id, 'switched-off', 'It is switched off.')),
      ...kind.triggers
        .filter((trigger) => trigger.id === event.causedByTriggerId)
        .map((trigger) => decided(trigger.id, 'own-change', OWN_CHANGE)),
    );
    plans.push(plan);
  }
  return storeMatches(deps, plans);
}

type ParsedTrigger = { id: string; version: number; definition: TriggerDefinitionType };

/** The triggers whose stored definitions parse; one that no longer does is logged and not run. */
function parseTriggers(
  deps: Deps,
  triggers: ReadonlyArray<{ id: string; version: number; definition: unknown }>,
): ParsedTrigger[] {
  const parsed: ParsedTrigger[] = [];
  for (const trigger of triggers) {
    const definition = TriggerDefinition.safeParse(trigger.definition);
    if (definition.success) parsed.push({ id: trigger.id, version: trigger.version, definition: definition.data });
    else deps.logger.error({ triggerId: trigger.id }, 'a stored trigger definition no longer parses; not run');
  }
  return parsed;
}

type NewRun = typeof triggerRuns.$inferInsert;

/** Why a trigger listening to `event` got no run (or why its run will be skipped), decided at `at`. */
function outcomeOf(event: EventRow, at: Date) {
  return (triggerId: string, reason: string, detail: string): NewEventOutcome => ({
    vendorId: event.vendorId,
    eventId: event.id,
    triggerId,
    reason,
    detail,
    decidedAt: at,
  });
}

/** A change one of the automation's own runs wrote does not start it again (the loop guard). */
export const OWN_CHANGE = 'The change was written by this automation’s own run, so it does not start it again.';

/** What matching one event comes to, before anything is stored. */
type MatchPlan = {
  event: EventRow;
  /** Why each listening trigger without a run did not get one (and why a run will be skipped), for Activity. */
  outcomes: NewEventOutcome[];
  /** Runs recorded as Skipped at once, with why. */
  skipped: NewRun[];
  /** Runs whose conditions held, each with its first step. */
  scheduled: Array<{
    values: NewRun;
    step: { input: Record<string, unknown>; outcome: string; at: Date };
    dispatchNow: boolean;
    definition: TriggerDefinitionType;
  }>;
  /** What runs due later are checked with (the records the conditions read). */
  warnWith?: Parameters<typeof warnNewRuns>[2];
};

async function planMatch(
  deps: Deps,
  input: {
    event: EventRow;
    fresh: readonly FreshRecord[];
    vendor: Awaited<ReturnType<typeof findVendor>>;
    candidates: readonly ParsedTrigger[];
    names: () => Promise<ReferenceNames>;
    connection: Sm8Connection | undefined;
  },
): Promise<MatchPlan> {
  const { event, fresh, vendor, candidates: triggers, connection } = input;
  const nothing: MatchPlan = { event, skipped: [], scheduled: [], outcomes: [] };
  // A vendor whose subscription is not active still gets its runs: they are recorded as Skipped, with why.
  if (!vendor || triggers.length === 0) return nothing;
  const now = deps.clock.now();
  const decided = outcomeOf(event, now);
  const suspended = suspendedRunReason(vendor);
  if (suspended) {
    return {
      ...nothing,
      skipped: skippedWhileSuspended(deps, event, triggers, suspended),
      outcomes: triggers.map((trigger) => decided(trigger.id, 'suspended', suspended)),
    };
  }
  if (event.cascadeDepth >= CASCADE_DEPTH_MAX) {
    deps.logger.warn(
      { vendorId: event.vendorId, eventId: event.id, depth: event.cascadeDepth },
      'automation cascade stopped at its depth limit',
    );
    return {
      ...nothing,
      outcomes: triggers.map((trigger) => decided(trigger.id, 'cascade-limit', CASCADE_LIMIT_DETAIL)),
    };
  }
  // Every trigger's conditions are evaluated against the same records, read once, before the transaction.
  const calls = sm8CallCounter();
  const client = connection
    ? sm8ClientFor(deps, connection, { onRequest: calls.onRequest })
    : await sm8ClientForVendor(deps, event.vendorId, { onRequest: calls.onRequest });
  const db = deps.database.db;
  const records = recordsForRun(db, client, event.vendorId, event, fresh);
  const names = await input.names();
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

  const plan: MatchPlan = { ...nothing, warnWith: { client, records, names } };
  for (const { id, version, definition, evaluation } of evaluated) {
    if (!evaluation.result) {
      plan.outcomes.push(decided(id, 'conditions', explainFailure(evaluation)));
      continue;
    }
    if (definition.targetKind === 'Job' && !job && !event.jobUuid) {
      plan.outcomes.push(decided(id, 'kind', kindMisfit(event.event)));
      continue;
    }
    if (!vendor.subscriptionActive) plan.outcomes.push(decided(id, 'no-plan', NO_ACTIVE_PLAN));
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
      plan.skipped.push({
        ...subject,
        status: 'Skipped',
        reason: timing.reason,
        dueAt: now,
        finishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      continue;
    }
    const runNow = due.getTime() <= now.getTime();
    // Due before the dispatcher's next pass: its job is queued now, to start at the due time.
    const dispatchNow = due.getTime() <= now.getTime() + DISPATCH_AHEAD_MS;
    plan.scheduled.push({
      values: {
        ...subject,
        status: 'Scheduled',
        dueAt: due,
        dispatchedAt: dispatchNow ? now : null,
        createdAt: now,
        updatedAt: now,
      },
      step: {
        input: { evaluation },
        outcome: `${TRIGGER_EVENT_LABELS[event.event]}: ${evaluation.reason} ${
          timing?.kind === 'due' ? `${bookingStartWords(timing.start, vendor.timeZone)} ` : ''
        }${runNow ? 'The actions run now.' : `The actions are due ${formatInZone(due, vendor.timeZone)}.`}`,
        at: now,
      },
      dispatchNow,
      definition,
    });
  }
  return plan;
}

/** Why a trigger working on jobs has nothing to work on, by event. */
const KIND_MISFIT: Partial<Record<string, string>> = {
  FormIsSubmitted: 'The form was not filled in on a job; this automation works on jobs.',
};

export function kindMisfit(event: string): string {
  return KIND_MISFIT[event] ?? 'The record is not a job’s; this automation works on jobs.';
}

const NO_ACTIVE_PLAN =
  'The business has no active plan: the run waits for a payment and is skipped if none comes in time.';

/**
 * Stores the plans' runs in one transaction, every event marked matched with them, and queues the runs
 * due now; a statement for each kind of row whatever their number. Runs due later are then checked
 * for what their messages will miss.
 */
async function storeMatches(deps: Deps, plans: readonly MatchPlan[]): Promise<{ runs: number }> {
  const now = deps.clock.now();
  const eventIds = plans.map((plan) => plan.event.id);
  // Why the listening triggers without a run got none, stored with the events' marking.
  const outcomes = plans.flatMap((plan) => plan.outcomes);
  if (plans.every((plan) => plan.skipped.length === 0 && plan.scheduled.length === 0)) {
    // Nothing to run: the events are marked matched in one statement.
    await claimUnmatchedEvents(deps.database.db, eventIds, now, outcomes);
    return { runs: 0 };
  }
  const stored = await deps.database.db.transaction(async (tx) => {
    // An event another process matched meanwhile (two retried deliveries matching what a killed worker
    // left) has its runs from that process: only the events claimed here get runs.
    const claimed = await claimUnmatchedEvents(tx, eventIds, now, outcomes);
    const mine = plans.filter((plan) => claimed.has(plan.event.id));
    let skipped = 0;
    for (const values of mine.flatMap((plan) => plan.skipped)) if (await insertRun(tx, values)) skipped++;
    const scheduled = mine.flatMap((plan) => plan.scheduled.map((run) => ({ ...run, plan })));
    const runs = await insertRunsWithConditionsSteps(tx, scheduled);
    const runOf = new Map(runs.map((run) => [`${run.triggerId}/${run.eventId}`, run]));
    const planned = scheduled.flatMap((item) => {
      const run = runOf.get(`${item.values.triggerId}/${item.values.eventId}`);
      return run ? [{ ...item, run }] : [];
    });
    await queueRunExecutions(
      deps,
      planned.filter((item) => item.dispatchNow).map((item) => item.run),
      tx,
    );
    return { count: skipped + runs.length, later: planned.filter((item) => !item.dispatchNow) };
  });
  // Runs due later are checked for what their messages will miss, with the records just read.
  for (const plan of plans) {
    const later = stored.later.filter((item) => item.plan === plan);
    if (later.length > 0 && plan.warnWith) await warnNewRuns(deps, later, plan.warnWith);
  }
  return { runs: stored.count };
}

/**
 * While a super admin has suspended the vendor's automations, each enabled trigger for the event gets a
 * Skipped run saying so (its conditions are not read: nothing is asked of ServiceM8), so the vendor's
 * log shows what did not happen and why.
 */
function skippedWhileSuspended(
  deps: Deps,
  event: EventRow,
  triggers: ReadonlyArray<{ id: string; version: number }>,
  reason: string,
): NewRun[] {
  const now = deps.clock.now();
  return triggers.map((trigger) => ({
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
  }));
}

/**
 * Events stored up to the returned moment and still unmatched were left by a process that stopped: a
 * live one matches what it stores within `ageMs`. On the embedded database, which only this process
 * opens, whatever was stored before this process started was left that way too, however recent.
 */
export function leftoverCutoff(deps: Deps, ageMs: number): Date {
  const byAge = deps.clock.now().getTime() - ageMs;
  return new Date(deps.database.driver === 'pglite' ? Math.max(byAge, deps.startedAt.getTime()) : byAge);
}

/**
 * Events stored but never matched (the process stopped in between), oldest first; of one vendor, or all.
 * They are matched a page at a time, each vendor's page as one set, until none is left: a worker killed
 * while it stored a burst's observation leaves hundreds, and each left for the next sweep would be a
 * change handled minutes late. An event that cannot be matched yet (ServiceM8 did not answer what its
 * conditions read) stays for the next pass, and ends this one.
 */
export async function matchLeftoverEvents(
  deps: Deps,
  which: { olderThan: Date; vendorId?: string },
  pageSize = 100,
): Promise<number> {
  let matched = 0;
  for (;;) {
    const page = await listUnmatchedEvents(deps.database.db, which, pageSize);
    let failed = false;
    const byVendor = new Map<string, EventRow[]>();
    for (const event of page) byVendor.set(event.vendorId, [...(byVendor.get(event.vendorId) ?? []), event]);
    for (const events of byVendor.values()) failed = !(await matchTogetherOrEach(deps, events)) || failed;
    matched += page.length;
    if (failed || page.length < pageSize) return matched;
  }
}

/** One vendor's events as one set; when that fails, each alone, so one event's failure holds back only itself. */
async function matchTogetherOrEach(deps: Deps, events: readonly EventRow[]): Promise<boolean> {
  try {
    await matchEvents(
      deps,
      events.map((event) => ({ event, fresh: [] })),
    );
    return true;
  } catch {
    let allMatched = true;
    for (const event of events) {
      try {
        await matchEvent(deps, event);
      } catch (error) {
        allMatched = false;
        deps.logger.warn({ err: error, eventId: event.id }, 'could not match an automation event yet');
      }
    }
    return allMatched;
  }
}
