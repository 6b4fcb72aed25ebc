import {
  ACTION_WORDS,
  actionName,
  type DryRunAction,
  type DryRunResult,
  type TriggerDefinition,
} from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { ActionProblem, TextProblem } from '../../engine/actions/action-executor.ts';
import { executorFor } from '../../engine/actions/action-registry.ts';
import { evaluateGroup } from '../../engine/conditions/evaluate-group.ts';
import type { RecordSubject } from '../../engine/records/run-records.ts';
import { text } from '../../engine/records/run-records.ts';
import { invalidField, notFound } from '../../http/app-error.ts';
import { sm8ClientForVendor } from '../servicem8/sm8-access.ts';
import { loadReferenceNames } from './reference-names.ts';
import { evaluationContextFor, recordsForRun } from './run-context.ts';
import { actionEnv } from './run-executor.service.ts';

/**
 * "Test on a job": evaluates the definition against a real record, read fresh from ServiceM8, and
 * plans every action (rendered texts, recipients) without performing any. Planning only reads.
 */
export async function dryRunTrigger(
  deps: Deps,
  vendorId: string,
  triggerId: string | null,
  definition: TriggerDefinition,
  subject: RecordSubject,
): Promise<DryRunResult> {
  const client = await sm8ClientForVendor(deps, vendorId);
  const records = recordsForRun(deps.database.db, client, vendorId, subject, [], () => deps.clock.now());
  if (subject.jobUuid && !(await records.job())) throw notFound(`The job ${subject.jobUuid} in ServiceM8`);
  if (subject.clientUuid && !(await records.client())) throw notFound(`The client ${subject.clientUuid} in ServiceM8`);
  if (subject.formResponseUuid && !(await records.formResponse())) {
    throw notFound(`The form response ${subject.formResponseUuid} in ServiceM8`);
  }
  const names = await loadReferenceNames(deps.database.db, vendorId);
  const context = await evaluationContextFor(records, [definition.conditions], names, definition.event);
  const conditions = evaluateGroup(definition.conditions, context);
  const env = actionEnv(
    deps,
    client,
    {
      id: 'dry-run',
      vendorId,
      triggerId: triggerId ?? 'dry-run',
      cascadeDepth: 0,
      // The emails shown carry the unsubscribe link they would be sent with.
      clientUuid: text((await records.job())?.company_uuid) || subject.clientUuid || null,
    },
    records,
    names,
  );
  const missing = new Set<string>();
  const actions: DryRunAction[] = [];
  for (const [index, action] of definition.actions.entries()) {
    try {
      const plan = await executorFor(action.type).plan(action.params, env);
      for (const field of plan.missingMergeFields) missing.add(field);
      actions.push({
        actionId: action.id,
        type: action.type,
        description: plan.description,
        preview: plan.input,
        problem: null,
      });
    } catch (error) {
      // The definition itself is wrong, whatever the record: the test is refused rather than answered.
      if (error instanceof TextProblem) {
        throw invalidField(`definition.actions.${index}`, `${actionName(index, action.type)}: ${error.message}`);
      }
      if (!(error instanceof ActionProblem)) throw error;
      actions.push({
        actionId: action.id,
        type: action.type,
        description: `“${ACTION_WORDS[action.type].label}” could not run on this record.`,
        preview: {},
        problem: error.message,
      });
    }
  }
  return { wouldRun: conditions.result, conditions, actions, missingMergeFields: [...missing] };
}
