import type { Condition, ConditionGroup, ConditionOf, ConditionType } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { type ConditionRecord, recordsReadBy } from './condition-records.ts';
import { evaluateCondition } from './evaluate-condition.ts';
import {
  buildClient,
  buildContext,
  buildFormResponse,
  buildJob,
  buildCondition as condition,
  IDS,
} from './evaluation-context.factory.ts';
import type { EvaluationContext } from './evaluation-context.ts';

/** A condition of every type, with params that some of the contexts below satisfy. */
const SAMPLES: { [T in ConditionType]: ConditionOf<T>['params'] } = {
  IsCreated: {},
  JobIsStatus: { status: 'Quote' },
  JobIsCategory: { categoryUuid: IDS.plumbing },
  JobIsScheduled: {},
  JobIsCompleted: {},
  JobIsInQueue: { queueUuid: IDS.partsOnOrder },
  JobQuoted: {},
  JobQuoteSent: {},
  JobQuoteApproved: {},
  JobInvoiceSent: {},
  JobInvoiceApproved: {},
  JobPaymentMade: {},
  ClientHasBadge: { badgeUuid: IDS.vip },
  JobHasBadge: { badgeUuid: IDS.warranty },
  JobHasAllBadges: { badgeUuids: [IDS.warranty, IDS.urgent] },
  ClientHasAllBadges: { badgeUuids: [IDS.vip] },
  FormIsType: { formUuid: IDS.safetyForm },
  JobExcludesBadges: { badgeUuids: [IDS.warranty] },
  JobExcludesCategories: { categoryUuids: [IDS.plumbing] },
  JobExcludesQueues: { queueUuids: [IDS.partsOnOrder] },
  JobExcludesStatuses: { statuses: ['Quote'] },
  ClientExcludesBadges: { badgeUuids: [IDS.vip] },
  FormFieldTextIncludes: { formUuid: IDS.safetyForm, field: IDS.notesField, text: 'ladder' },
  FormFieldNumberMatches: { formUuid: IDS.safetyForm, field: IDS.ratingField, operator: 'Gt', value: 3 },
  FormFieldChoiceMatches: { formUuid: IDS.safetyForm, field: IDS.recommendField, choice: 'Yes' },
  FormFieldDateMatches: { formUuid: IDS.safetyForm, field: IDS.visitDateField, operator: 'Eq', value: '2026-04-01' },
  FormFieldMultiChoiceIncludes: { formUuid: IDS.safetyForm, field: IDS.hazardsField, choice: 'Height' },
};

const CONTEXTS: Record<string, EvaluationContext> = {
  'a plain work order': buildContext(),
  'a sent, paid quote with badges, a form response and no payments read': buildContext({
    job: buildJob({
      status: 'Quote',
      category_uuid: IDS.plumbing,
      queue_uuid: IDS.partsOnOrder,
      badges: [IDS.warranty, IDS.urgent],
      quote_sent: 1,
      invoice_sent: 1,
      payment_received: 1,
      job_is_scheduled_until_stamp: '2026-04-02 10:00:00',
    }),
    client: buildClient({ badges: [IDS.vip] }),
    payments: null,
    isCreated: true,
    formResponse: buildFormResponse([
      [IDS.notesField, 'Needs a ladder'],
      [IDS.ratingField, 5],
      [IDS.recommendField, 'Yes'],
      [IDS.visitDateField, '2026-04-01'],
      [IDS.hazardsField, ['Height', 'Gas']],
    ]),
  }),
  'two payments on a job not marked paid': buildContext({ payments: { count: 2, total: 150 } }),
};

/** The context with every record the condition does not declare taken away. */
function onlyDeclared(context: EvaluationContext, declared: Set<ConditionRecord>): EvaluationContext {
  const records: ConditionRecord[] = ['job', 'client', 'payments', 'formResponse'];
  return { ...context, ...Object.fromEntries(records.filter((r) => !declared.has(r)).map((r) => [r, null])) };
}

const group = (...items: Condition[]): ConditionGroup => ({ combiner: 'And', items });

describe('the records each condition reads', () => {
  for (const [type, params] of Object.entries(SAMPLES) as Array<
    [ConditionType, ConditionOf<ConditionType>['params']]
  >) {
    it(`${type}: the records it declares decide its result and reason`, () => {
      const sample = condition(type, params as never);
      const declared = recordsReadBy([group(sample)]);
      for (const context of Object.values(CONTEXTS)) {
        expect(evaluateCondition(sample, onlyDeclared(context, declared))).toEqual(evaluateCondition(sample, context));
      }
    });
  }

  it('collects the records of nested groups and reads nothing for no conditions', () => {
    const nested: ConditionGroup = {
      combiner: 'Or',
      items: [
        condition('JobIsStatus', { status: 'Quote' }),
        group(condition('FormIsType', { formUuid: IDS.surveyForm })),
      ],
    };
    expect(recordsReadBy([nested, group(condition('ClientHasBadge', { badgeUuid: IDS.vip }))])).toEqual(
      new Set(['job', 'formResponse', 'client']),
    );
    expect(recordsReadBy([group()])).toEqual(new Set());
  });
});
