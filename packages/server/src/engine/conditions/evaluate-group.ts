import { type ConditionGroup, type ConditionType, isConditionGroup, type LogicalCombiner } from '@automate/contract';
import { evaluateCondition } from './evaluate-condition.ts';
import type { EvaluationContext } from './evaluation-context.ts';

/**
 * A group's result with the result of every item under it, for the run log and the dry run.
 * `where` is the item's path in the definition (`conditions`, `conditions.items[1].items[0]`).
 * Every item is evaluated (no short-circuit), so the log shows each condition. A group with no
 * items holds (a trigger without conditions always runs), whatever its combiner.
 */
type ConditionResult = {
  kind: 'condition';
  where: string;
  type: ConditionType;
  result: boolean;
  reason: string;
};
export type GroupResult = {
  kind: 'group';
  where: string;
  combiner: LogicalCombiner;
  result: boolean;
  reason: string;
  items: ItemResult[];
};
export type ItemResult = ConditionResult | GroupResult;

export function evaluateGroup(group: ConditionGroup, context: EvaluationContext, where = 'conditions'): GroupResult {
  const items = group.items.map((item, index): ItemResult => {
    const at = `${where}.items[${index}]`;
    if (isConditionGroup(item)) return evaluateGroup(item, context, at);
    return { kind: 'condition', where: at, type: item.type, ...evaluateCondition(item, context) };
  });
  const holding = items.filter((item) => item.result).length;
  const total = items.length;
  const result = total === 0 || (group.combiner === 'And' ? holding === total : holding > 0);
  return {
    kind: 'group',
    where,
    combiner: group.combiner,
    result,
    reason: describeGroup(group.combiner, holding, total),
    items,
  };
}

function describeGroup(combiner: LogicalCombiner, holding: number, total: number): string {
  if (total === 0) return 'There are no conditions, so this holds.';
  const items = total === 1 ? '1 condition' : `${total} conditions`;
  if (combiner === 'And') {
    if (holding === total) return total === 1 ? 'The condition holds.' : `All ${items} hold.`;
    return `${holding} of ${items} hold; all must hold.`;
  }
  if (holding === 0) return total === 1 ? 'The condition does not hold.' : `None of ${items} holds; one is enough.`;
  return `${holding} of ${items} hold${holding === 1 ? 's' : ''}; one is enough.`;
}
