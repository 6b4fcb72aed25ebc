import { describe, expect, it } from 'vitest';
import { secondBefore } from './reconciliation.service.ts';

describe('the reconciliation window', () => {
  it('starts a second before the newest edit seen, so later changes within that second are read', () => {
    expect(secondBefore('2026-11-22 10:00:00')).toBe('2026-11-22 09:59:59');
    expect(secondBefore('2027-01-01 00:00:00')).toBe('2026-12-31 23:59:59');
  });

  it("keeps the baseline's zero date of an empty account", () => {
    expect(secondBefore('0000-00-00 00:00:00')).toBe('0000-00-00 00:00:00');
  });
});
