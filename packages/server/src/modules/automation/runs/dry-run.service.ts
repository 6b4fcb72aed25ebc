import {
  ACTION_WORDS,
  actionName,
  type Condition,
  type ConditionGroup,
  type ConditionType,
  type DryRunAction,
  type DryRunResult,
  isClientFacingAction,
  TRIGGER_EVENT_LABELS,
  type TriggerDefinition,
  type TriggerEvent,
} from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import { ActionProblem, TextProblem } from '../../../engine/actions/action-executor.ts';
import { executorFor } from '../../../engine/actions/action-registry.ts';
import { evaluateCondition } from '../../../engine/conditions/evaluate-condition.ts';
import { evaluateGroup } from '../../../engine/conditions/evaluate-group.ts';
import type { EvaluationContext } from '../../../engine/conditions/evaluation-context.ts';
import type { RecordSubject } from '../../../engine/records/run-records.ts';
import { text } from '../../../engine/records/run-records.ts';
import { invalidField, notFound } from '../../../http/app-error.ts';
import { sm8ClientForVendor } from '../../servicem8/sm8-access.ts';
import { clientMessagingOf, findVendor } from '../../vendors/vendors.service.ts';
import { actionEnv } from '../execute/action-env.ts';
import { clientMessageRefusal } from '../execute/client-messaging.service.ts';
import { loadReferenceNames } from '../match/reference-names.ts';
import { evaluationContextFor, recordsForRun } from '../match/run-context.ts';
import { runTiming } from './run-timing.ts';

/**
 * The condition that holds of a record once the event has happened to it ("A job is completed": the job
 * is completed). Events that are changes of any kind (a status, category or badges changing, a record
 * created, a form submitted) have none: any record can have them next.
 */
const stateOf = (type: ConditionType) => ({ type, params: {} }) as Condition;
const EVENT_STATES: Partial<Record<TriggerEvent, Condition>> = {
  JobIsScheduled: stateOf('JobIsScheduled'),
  JobCompleted: stateOf('JobIsCompleted'),
  JobAddedToQuote: stateOf('JobQuoted'),
  JobQuoteSent: stateOf('JobQuoteSent'),
  JobQuoteApproved: stateOf('JobQuoteApproved'),
  JobInvoiceSent: stateOf('JobInvoiceSent'),
  JobInvoiceApproved: stateOf('JobInvoiceApproved'),
  JobPaymentMade: stateOf('JobPaymentMade'),
};

/** Whether the record is now in the state the event leads to, by the engine's own condition. */
function eventFitOf(event: TriggerEvent, context: EvaluationContext): DryRunResult['eventFit'] {
  const label = TRIGGER_EVENT_LABELS[event];
  const state = EVENT_STATES[event];
  if (!state) {
    return {
      fits: true,
      sentence: `A real run starts when “${label}” happens in ServiceM8; this test treats it as having just happened.`,
    };
  }
  const outcome = evaluateCondition(state, context);
  const found = `${outcome.reason.charAt(0).toLowerCase()}${outcome.reason.slice(1)}`.replace(/\.$/, '');
  if (outcome.result) return { fits: true, sentence: `This record fits “${label}”: ${found}.` };
  return {
    fits: false,
    sentence: `This record does not fit “${label}” yet (${found}): a real run starts only once ${label.charAt(0).toLowerCase()}${label.slice(1)} in ServiceM8.`,
  };
}

/** The dry run's timing: when and in a sentence. */
const timingWords = ({ at, sentence }: { at: string | null; sentence: string }) => ({ at, sentence });

/**
 * "Test on a job": evaluates the definition against a real record, read fresh from ServiceM8, and
 * plans every action (rendered texts, recipients) without performing any. Planning only reads. It says
 * whether the record fits the event now, when a real run would act, and every warning it would record.
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
  const state = EVENT_STATES[definition.event];
  const stateGroup: ConditionGroup = { combiner: 'And', items: state ? [state] : [] };
  const context = await evaluationContextFor(records, [definition.conditions, stateGroup], names, definition.event);
  const conditions = evaluateGroup(definition.conditions, context);
  const vendor = await findVendor(deps.database.db, vendorId);
  if (!vendor) throw notFound('Vendor');
  const messaging = clientMessagingOf(vendor);
  const now = deps.clock.now();
  // The emails shown carry the unsubscribe link they would be sent with.
  const clientUuid = text((await records.job())?.company_uuid) || subject.clientUuid || null;
  const env = actionEnv(
    deps,
    client,
    {
      id: 'dry-run',
      vendorId,
      triggerId: triggerId ?? 'dry-run',
      cascadeDepth: 0,
      clientUuid,
      event: definition.event,
    },
    records,
    names,
  );
  const missing = new Set<string>();
  const actions: DryRunAction[] = [];
  const warnings: string[] = [];
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
      warnings.push(`“${ACTION_WORDS[action.type].label}” would not be sent: ${error.message}`);
    }
  }
  // The opt-out and contact-limit check a real run makes before each client message, as of now.
  if (clientUuid && definition.actions.some((action) => isClientFacingAction(action.type))) {
    const refusal = await clientMessageRefusal(deps.database.db, {
      vendorId,
      clientUuid,
      settings: messaging,
      timeZone: vendor.timeZone,
      now,
      client: () => records.client(),
      badgeName: (uuid) => names.nameOf('badge', uuid),
    });
    if (refusal) warnings.push(`Its client messages would not be sent: ${refusal}`);
  }
  return {
    wouldRun: conditions.result,
    eventFit: eventFitOf(definition.event, context),
    timing: timingWords(
      runTiming(
        definition,
        now,
        { timeZone: vendor.timeZone, quietHours: messaging.quietHours },
        definition.delay?.from === 'BookingStart' ? await records.booking() : null,
      ),
    ),
    warnings,
    conditions,
    actions,
    missingMergeFields: [...missing],
  };
}
