import type { ComparisonOperator } from '@automate/contract';

/**
 * `actual <operator> expected` for numbers, or for dates written YYYY-MM-DD (which order correctly as
 * text). Both sides must be of the same kind.
 */
export function compareValues<T extends number | string>(
  operator: ComparisonOperator,
  actual: T,
  expected: T,
): boolean {
  switch (operator) {
    case 'Eq':
      return actual === expected;
    case 'NotEq':
      return actual !== expected;
    case 'Lt':
      return actual < expected;
    case 'LtEq':
      return actual <= expected;
    case 'Gt':
      return actual > expected;
    case 'GtEq':
      return actual >= expected;
  }
}
