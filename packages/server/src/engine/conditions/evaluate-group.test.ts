import type { ConditionGroup, ConditionItem } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { evaluateGroup, type GroupResult } from './evaluate-group.ts';
import { buildCondition, buildContext, buildJob, IDS } from './evaluation-context.factory.ts';

/** The job is a Quote with the Warranty badge: `yes` holds, `no` does not. */
const context = () => buildContext({ job: buildJob({ status: 'Quote', badges: [IDS.warranty] }) });
const yes = (): ConditionItem => buildCondition('JobHasBadge', { badgeUuid: IDS.warranty });
const no = (): ConditionItem => buildCondition('JobIsStatus', { status: 'Completed' });
const group = (combiner: 'And' | 'Or', ...items: ConditionItem[]): ConditionGroup => ({ combiner, items });

describe('evaluateGroup', () => {
  it.each([
    { title: 'And, all hold', input: group('And', yes(), yes()), result: true, reason: 'All 2 conditions hold.' },
    {
      title: 'And, one fails',
      input: group('And', yes(), no()),
      result: false,
      reason: '1 of 2 conditions hold; all must hold.',
    },
    { title: 'And, one condition holding', input: group('And', yes()), result: true, reason: 'The condition holds.' },
    {
      title: 'And, none hold',
      input: group('And', no(), no()),
      result: false,
      reason: '0 of 2 conditions hold; all must hold.',
    },
    {
      title: 'Or, one holds',
      input: group('Or', no(), yes()),
      result: true,
      reason: '1 of 2 conditions holds; one is enough.',
    },
    {
      title: 'Or, all hold',
      input: group('Or', yes(), yes(), yes()),
      result: true,
      reason: '3 of 3 conditions hold; one is enough.',
    },
    {
      title: 'Or, none hold',
      input: group('Or', no(), no()),
      result: false,
      reason: 'None of 2 conditions holds; one is enough.',
    },
    {
      title: 'Or, one condition failing',
      input: group('Or', no()),
      result: false,
      reason: 'The condition does not hold.',
    },
    { title: 'And, empty', input: group('And'), result: true, reason: 'There are no conditions, so this holds.' },
    { title: 'Or, empty', input: group('Or'), result: true, reason: 'There are no conditions, so this holds.' },
  ])('$title → $result', ({ input, result, reason }) => {
    const outcome = evaluateGroup(input, context());
    expect(outcome.result).toBe(result);
    expect(outcome.reason).toBe(reason);
  });

  it.each([
    { title: 'And[yes, Or[no, yes]]', input: group('And', yes(), group('Or', no(), yes())), result: true },
    { title: 'And[yes, Or[no, no]]', input: group('And', yes(), group('Or', no(), no())), result: false },
    { title: 'Or[no, And[yes, yes]]', input: group('Or', no(), group('And', yes(), yes())), result: true },
    { title: 'Or[no, And[yes, no]]', input: group('Or', no(), group('And', yes(), no())), result: false },
    {
      title: 'Or[no, And[yes, Or[no, And[yes]]]]',
      input: group('Or', no(), group('And', yes(), group('Or', no(), group('And', yes())))),
      result: true,
    },
    { title: 'And[Or[] (empty), no]', input: group('And', group('Or'), no()), result: false },
    {
      title: "group marked type 'Group'",
      input: group('And', { type: 'Group', combiner: 'Or', items: [yes()] }),
      result: true,
    },
  ])('nested: $title → $result', ({ input, result }) => {
    expect(evaluateGroup(input, context()).result).toBe(result);
  });

  it('returns the tree of results with where each item is', () => {
    const tree = evaluateGroup(group('And', yes(), group('Or', no(), yes())), context());
    expect(tree).toEqual<GroupResult>({
      kind: 'group',
      where: 'conditions',
      combiner: 'And',
      result: true,
      reason: 'All 2 conditions hold.',
      items: [
        {
          kind: 'condition',
          where: 'conditions.items[0]',
          type: 'JobHasBadge',
          result: true,
          reason: 'The job has the badge Warranty? yes.',
        },
        {
          kind: 'group',
          where: 'conditions.items[1]',
          combiner: 'Or',
          result: true,
          reason: '1 of 2 conditions holds; one is enough.',
          items: [
            {
              kind: 'condition',
              where: 'conditions.items[1].items[0]',
              type: 'JobIsStatus',
              result: false,
              reason: "The job's status is Completed? no: it is Quote.",
            },
            {
              kind: 'condition',
              where: 'conditions.items[1].items[1]',
              type: 'JobHasBadge',
              result: true,
              reason: 'The job has the badge Warranty? yes.',
            },
          ],
        },
      ],
    });
  });

  it('evaluates every item, even after the outcome is known', () => {
    const tree = evaluateGroup(group('And', no(), yes(), no()), context());
    expect(tree.items.map((item) => item.result)).toEqual([false, true, false]);
  });

  it('applies the missing-data rules inside groups', () => {
    const noBadges = buildContext({ job: buildJob({ badges: [] }) });
    const excludes = buildCondition('JobExcludesBadges', { badgeUuids: [IDS.warranty] });
    const has = buildCondition('JobHasBadge', { badgeUuid: IDS.warranty });
    expect(evaluateGroup(group('And', excludes), noBadges).result).toBe(true);
    expect(evaluateGroup(group('Or', has), noBadges).result).toBe(false);
  });
});
