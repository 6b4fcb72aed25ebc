import type { TriggerEvent } from '@automate/contract';
import { buildEvaluationContext, type EvaluationContext } from '../../engine/conditions/evaluation-context.ts';
import type { LoadedRecords } from '../../engine/records/load-records.ts';
import type { ReferenceNames } from './reference-names.ts';

/** The events whose record was just created: IsCreated holds for them. */
const CREATION_EVENTS: readonly TriggerEvent[] = ['JobIsCreated', 'ClientIsCreated', 'FormIsSubmitted'];

/** What conditions are evaluated against, from freshly read records. */
export function evaluationContextFor(
  records: LoadedRecords,
  names: ReferenceNames,
  event: TriggerEvent | null,
): EvaluationContext {
  return buildEvaluationContext({
    job: records.job,
    client: records.client,
    formResponse: records.formResponse,
    payments: records.payments,
    isCreated: event === null ? null : CREATION_EVENTS.includes(event),
    names,
  });
}
