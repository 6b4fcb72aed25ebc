import { type ConditionGroup, type ConditionType, isConditionGroup } from '@automate/contract';
import type { EvaluationContext } from './evaluation-context.ts';

/** The records of the evaluation context a condition may read. */
export type ConditionRecord = keyof Pick<EvaluationContext, 'job' | 'client' | 'payments' | 'formResponse'>;

/**
 * What each condition reads, so a run reads from ServiceM8 only what its conditions use; a record
 * not listed here is absent (null) when the condition is evaluated. Keep it in step with EVALUATORS
 * (`evaluate-condition.ts`); `condition-records.test.ts` checks that nothing else changes a result.
 */
const RECORDS_READ: { [T in ConditionType]: readonly ConditionRecord[] } = {
  IsCreated: [],
  JobIsStatus: ['job'],
  JobIsCategory: ['job'],
  JobIsScheduled: ['job'],
  JobIsCompleted: ['job'],
  JobIsInQueue: ['job'],
  JobQuoted: ['job'],
  JobQuoteSent: ['job'],
  JobQuoteApproved: ['job'],
  JobInvoiceSent: ['job'],
  JobInvoiceApproved: ['job'],
  JobPaymentMade: ['job', 'payments'],
  ClientHasBadge: ['client'],
  JobHasBadge: ['job'],
  JobHasAllBadges: ['job'],
  ClientHasAllBadges: ['client'],
  JobExcludesBadges: ['job'],
  ClientExcludesBadges: ['client'],
  FormIsType: ['formResponse'],
  JobExcludesCategories: ['job'],
  JobExcludesQueues: ['job'],
  JobExcludesStatuses: ['job'],
  FormFieldTextIncludes: ['formResponse'],
  FormFieldNumberMatches: ['formResponse'],
  FormFieldChoiceMatches: ['formResponse'],
  FormFieldDateMatches: ['formResponse'],
  FormFieldMultiChoiceIncludes: ['formResponse'],
};

/** The records the conditions of these groups read, nested groups included. */
export function recordsReadBy(groups: readonly ConditionGroup[]): Set<ConditionRecord> {
  const read = new Set<ConditionRecord>();
  const visit = (group: ConditionGroup) => {
    for (const item of group.items) {
      if (isConditionGroup(item)) visit(item);
      else for (const record of RECORDS_READ[item.type] ?? []) read.add(record);
    }
  };
  for (const group of groups) visit(group);
  return read;
}
