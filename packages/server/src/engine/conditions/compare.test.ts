import { COMPARISON_OPERATORS } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { compareValues } from './compare.ts';

describe('compareValues', () => {
  const expectations = {
    Eq: { less: false, equal: true, greater: false },
    NotEq: { less: true, equal: false, greater: true },
    Lt: { less: true, equal: false, greater: false },
    LtEq: { less: true, equal: true, greater: false },
    Gt: { less: false, equal: false, greater: true },
    GtEq: { less: false, equal: true, greater: true },
  } as const;
  const rows = COMPARISON_OPERATORS.flatMap((operator) => [
    { operator, actual: -1.5, side: 'less' as const },
    { operator, actual: 0, side: 'equal' as const },
    { operator, actual: 2, side: 'greater' as const },
  ]);

  it.each(rows)('$actual $operator 0 (a number $side)', ({ operator, actual, side }) => {
    expect(compareValues(operator, actual, 0)).toBe(expectations[operator][side]);
  });

  it.each(COMPARISON_OPERATORS)('orders YYYY-MM-DD dates across months and years with %s', (operator) => {
    expect(compareValues(operator, '2024-12-31', '2025-01-01')).toBe(expectations[operator].less);
    expect(compareValues(operator, '2025-01-01', '2025-01-01')).toBe(expectations[operator].equal);
    expect(compareValues(operator, '2025-10-01', '2025-09-30')).toBe(expectations[operator].greater);
  });
});
