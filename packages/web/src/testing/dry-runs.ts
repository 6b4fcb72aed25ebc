import type { DryRunConditionResult } from '@automate/contract';

/** A dry run's conditions for a definition that has none: the empty group holds, in the server's words. */
export const NO_CONDITIONS: DryRunConditionResult = {
  kind: 'group',
  where: 'conditions',
  combiner: 'And',
  result: true,
  reason: 'There are no conditions, so this holds.',
  items: [],
};
