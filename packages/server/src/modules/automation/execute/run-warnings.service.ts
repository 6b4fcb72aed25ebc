import { ACTION_WORDS, isClientFacingAction, TriggerDefinition } from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import { ActionProblem } from '../../../engine/actions/action-executor.ts';
import { executorFor } from '../../../engine/actions/action-registry.ts';
import type { RunRecords } from '../../../engine/records/run-records.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';
import { sm8ClientForVendor } from '../../servicem8/sm8-access.ts';
import { triggerVersion } from '../../triggers/trigger-lookups.service.ts';
import type { RunRow } from '../automation.repository.ts';
import { loadReferenceNames, type ReferenceNames } from '../match/reference-names.ts';
import { recordsForRun } from '../match/run-context.ts';
import { actionEnv } from './action-env.ts';
import { listRunsToCheckAhead, saveRunWarnings } from './run-warnings.repository.ts';

/**
 * Pre-flight warnings: what a scheduled run's messages will miss when they are due (a client without an
 * email address, a mobile number not in international format, a deleted email template, a removed file),
 * worked out when the run is scheduled and again within the hour before it is due, by planning each
 * message the way the run will (nothing is sent). The run and the Schedule page show them, so the vendor
 * can correct ServiceM8 in time.
 */

/** The second check comes within this long before a run is due. */
const WARNINGS_AHEAD_MS = 60 * 60 * 1000;
const BATCH = 50;

type Planning = { client: Sm8Client; records: RunRecords; names: ReferenceNames };

/** "Job 1042: the client has no contact with an email address — “Email the client” will not be sent." */
function warningOf(run: Pick<RunRow, 'jobNumber'>, type: keyof typeof ACTION_WORDS, problem: string): string {
  const subject = run.jobNumber ? `Job ${run.jobNumber}` : 'This run';
  const what = problem.replace(/\.$/, '');
  return `${subject}: ${what.charAt(0).toLowerCase()}${what.slice(1)} — “${ACTION_WORDS[type].label}” will not be sent.`;
}

async function warningsOf(deps: Deps, run: RunRow, definition: TriggerDefinition, planning: Planning) {
  const env = actionEnv(deps, planning.client, run, planning.records, planning.names);
  const warnings: string[] = [];
  for (const action of definition.actions) {
    if (!isClientFacingAction(action.type)) continue;
    try {
      await executorFor(action.type).plan(action.params as never, env);
    } catch (error) {
      if (!(error instanceof ActionProblem)) throw error;
      warnings.push(warningOf(run, action.type, error.message));
    }
  }
  return warnings;
}

/**
 * Works out and stores the warnings of runs just scheduled, with the records matching read. A failure
 * (ServiceM8 busy) leaves them unchecked: the check within the hour before they are due does them.
 */
export async function warnNewRuns(
  deps: Deps,
  runs: ReadonlyArray<{ run: RunRow; definition: TriggerDefinition }>,
  planning: Planning,
): Promise<void> {
  for (const { run, definition } of runs) {
    try {
      await saveRunWarnings(
        deps.database.db,
        run.id,
        await warningsOf(deps, run, definition, planning),
        deps.clock.now(),
      );
    } catch (error) {
      deps.logger.warn(
        { err: error, runId: run.id },
        'could not check a scheduled run ahead; checking again before it is due',
      );
    }
  }
}

/** Checks again the Scheduled runs due within the hour that were not checked in it yet; answers how many. */
export async function warnRunsDueSoon(deps: Deps): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const runs = await listRunsToCheckAhead(
    db,
    { now, until: new Date(now.getTime() + WARNINGS_AHEAD_MS), aheadMs: WARNINGS_AHEAD_MS },
    BATCH,
  );
  for (const run of runs) {
    // A run that cannot be checked now (ServiceM8 away) keeps what it had, and is not tried again every minute.
    let warnings = run.warnings;
    try {
      const version = await triggerVersion(db, { triggerId: run.triggerId, version: run.triggerVersion });
      const definition = TriggerDefinition.safeParse(version?.definition);
      if (definition.success) {
        const client = await sm8ClientForVendor(deps, run.vendorId);
        const planning = {
          client,
          records: recordsForRun(db, client, run.vendorId, run),
          names: await loadReferenceNames(db, run.vendorId),
        };
        warnings = await warningsOf(deps, run, definition.data, planning);
      }
    } catch (error) {
      deps.logger.warn({ err: error, runId: run.id }, 'could not check a run due soon');
    }
    await saveRunWarnings(db, run.id, warnings, deps.clock.now());
  }
  return runs.length;
}
