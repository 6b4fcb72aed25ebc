import type { GroupResult, ItemResult } from './evaluate-group.ts';

/**
 * Why a group did not hold, in one sentence for the run log: the reasons of the conditions that
 * failed, e.g. `The job's status is Quote? no: it is Work Order.`
 */
export function explainFailure(group: GroupResult): string {
  const failing = collectFailing(group);
  return failing.length > 0 ? failing.join(' ') : group.reason;
}

function collectFailing(item: ItemResult): string[] {
  if (item.result) return [];
  if (item.kind === 'condition') return [item.reason];
  return item.items.flatMap(collectFailing);
}
