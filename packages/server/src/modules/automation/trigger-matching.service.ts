import { TRIGGER_EVENT_LABELS, TriggerDefinition } from '@automate/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { evaluateGroup } from '../../engine/conditions/evaluate-group.ts';
import { type LoadedRecords, loadRecords, text } from '../../engine/records/load-records.ts';
import { dueAt, formatInZone } from '../../engine/schedule/due-at.ts';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import { sm8ClientForVendor } from '../servicem8/sm8-access.ts';
import { enabledTriggersFor } from '../triggers/trigger-lookups.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import {
  type EventRow,
  insertRun,
  insertStep,
  listUnmatchedEvents,
  markEventMatched,
} from './automation.repository.ts';
import { executeRunJob } from './execute-run.jobs.ts';
import { loadReferenceNames } from './reference-names.ts';
import { evaluationContextFor } from './run-context.ts';

const AnyRecord = z.record(z.string(), z.unknown());
const NO_RECORDS: LoadedRecords = {
  job: null,
  client: null,
  jobContacts: [],
  clientContacts: [],
  payments: null,
  formResponse: null,
  staff: null,
  vendor: null,
};

/** A chain of automations (one's change firing the next) stops at this depth. */
const CASCADE_DEPTH_MAX = 3;

/**
 * The vendor's enabled triggers for the event whose conditions hold get a run,
 * due after the trigger's delay. The trigger whose own change caused the event is left out (loop
 * guard); an event at the cascade limit starts nothing. Runs due now are queued in the same
 * transaction that creates them; later ones are queued by the dispatcher when due.
 */
export async function matchEvent(deps: Deps, event: EventRow, knownClient?: Sm8Client): Promise<{ runs: number }> {
  const db = deps.database.db;
  const markMatched = () => markEventMatched(db, event.id, deps.clock.now());
  const vendor = await findVendor(db, event.vendorId);
  const candidates = (await enabledTriggersFor(db, { vendorId: event.vendorId, event: event.event })).filter(
    (trigger) => trigger.id !== event.causedByTriggerId,
  );
  if (!vendor?.subscriptionActive || candidates.length === 0) {
    await markMatched();
    return { runs: 0 };
  }
  if (event.cascadeDepth >= CASCADE_DEPTH_MAX) {
    deps.logger.warn(
      { vendorId: event.vendorId, eventId: event.id, depth: event.cascadeDepth },
      'automation cascade stopped at its depth limit',
    );
    await markMatched();
    return { runs: 0 };
  }
  const client = knownClient ?? (await sm8ClientForVendor(deps, event.vendorId));
  // Conditions read the job, client, payments and form response; without any, the job alone names the run.
  const needsRecords = candidates.some((trigger) => trigger.definition.conditions.items.length > 0);
  const records = needsRecords
    ? await loadRecords(client, event, { for: 'conditions' })
    : { ...NO_RECORDS, job: event.jobUuid ? await client.get('job', event.jobUuid, AnyRecord) : null };
  const names = await loadReferenceNames(db, event.vendorId);
  const context = evaluationContextFor(records, names, event.event);
  const now = deps.clock.now();
  let runs = 0;
  await db.transaction(async (tx) => {
    for (const trigger of candidates) {
      const definition = TriggerDefinition.safeParse(trigger.definition);
      if (!definition.success) {
        deps.logger.error({ triggerId: trigger.id }, 'a stored trigger definition no longer parses; not run');
        continue;
      }
      const evaluation = evaluateGroup(definition.data.conditions, context);
      if (!evaluation.result) continue;
      const due = dueAt(event.occurredAt, definition.data.delay, vendor.timeZone);
      const runNow = due.getTime() <= now.getTime();
      const run = await insertRun(tx, {
        vendorId: event.vendorId,
        triggerId: trigger.id,
        triggerVersion: trigger.version,
        eventId: event.id,
        event: event.event,
        status: 'Scheduled',
        jobUuid: text(records.job?.uuid) || event.jobUuid,
        jobNumber: text(records.job?.generated_job_id) || null,
        clientUuid: text(records.client?.uuid) || event.clientUuid,
        formResponseUuid: event.formResponseUuid,
        cascadeDepth: event.cascadeDepth,
        dueAt: due,
        dispatchedAt: runNow ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      if (!run) continue;
      runs++;
      await insertStep(tx, {
        runId: run.id,
        position: 0,
        kind: 'Conditions',
        status: 'Succeeded',
        input: { evaluation },
        outcome: `${TRIGGER_EVENT_LABELS[event.event]}: ${evaluation.reason} ${
          runNow ? 'The actions run now.' : `The actions are due ${formatInZone(due, vendor.timeZone)}.`
        }`,
        startedAt: now,
        finishedAt: now,
      });
      if (runNow) await deps.queue.send(executeRunJob, { runId: run.id, vendorId: event.vendorId }, { tx });
    }
    await markEventMatched(tx, event.id, now);
  });
  return { runs };
}

/** Events stored but never matched (the process stopped in between), oldest first. */
export async function matchLeftoverEvents(deps: Deps, olderThan: Date, limit = 100): Promise<number> {
  const leftovers = await listUnmatchedEvents(deps.database.db, olderThan, limit);
  for (const event of leftovers) {
    try {
      await matchEvent(deps, event);
    } catch (error) {
      deps.logger.warn({ err: error, eventId: event.id }, 'could not match an automation event yet');
    }
  }
  return leftovers.length;
}
