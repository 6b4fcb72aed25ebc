import type { ConditionItem } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { evaluateGroup } from './evaluate-group.ts';
import { buildCondition, buildContext, buildJob, IDS } from './evaluation-context.factory.ts';
import { explainLapse } from './explain-result.ts';

/** The job is now a Work Order in the Plumbing category, in the queue Parts on order, with the badge VIP. */
const now = () =>
  buildContext({
    job: buildJob({
      status: 'Work Order',
      category_uuid: IDS.plumbing,
      queue_uuid: IDS.partsOnOrder,
      badges: [IDS.vip],
    }),
  });
const lapse = (...items: ConditionItem[]) => explainLapse(evaluateGroup({ combiner: 'And', items }, now()), 'job 1042');

describe('explainLapse', () => {
  it.each([
    [
      buildCondition('JobIsStatus', { status: 'Quote' }),
      'Skipped: job 1042 is no longer in status Quote (it is Work Order).',
    ],
    [
      buildCondition('JobHasBadge', { badgeUuid: IDS.warranty }),
      'Skipped: job 1042 no longer has the badge Warranty (it has VIP).',
    ],
    [
      buildCondition('JobExcludesQueues', { queueUuids: [IDS.partsOnOrder] }),
      'Skipped: job 1042 is now in one of the queues Parts on order (it is in the queue Parts on order).',
    ],
    [
      buildCondition('JobExcludesStatuses', { statuses: ['Work Order'] }),
      "Skipped: job 1042's status is now one of Work Order (it is Work Order).",
    ],
    [
      buildCondition('JobIsCategory', { categoryUuid: IDS.gasFitting }),
      'Skipped: job 1042 is no longer in the category Gas fitting (it is in Plumbing).',
    ],
  ])('%j', (condition, sentence) => {
    expect(lapse(condition)).toBe(sentence);
  });

  it('names every condition that no longer holds', () => {
    expect(
      lapse(
        buildCondition('JobIsStatus', { status: 'Quote' }),
        buildCondition('JobHasBadge', { badgeUuid: IDS.vip }),
        buildCondition('JobIsCompleted', {}),
      ),
    ).toBe(
      'Skipped: job 1042 is no longer in status Quote (it is Work Order); job 1042 is no longer completed (its status is Work Order).',
    );
  });

  it('gives the reason itself for a condition that does not read as a change of the job', () => {
    expect(lapse(buildCondition('JobQuoteSent', {}))).toMatch(
      /^Skipped: the conditions no longer held when the run was due\. The quote has been sent\? no/,
    );
  });
});
