import { describe, expect, it } from 'vitest';
import { editDateBefore } from './reconcile-cursor.ts';

describe('where a listing of changes starts', () => {
  it('counts back from the newest edit seen, across a day and a year', () => {
    expect(editDateBefore('2026-11-22 10:00:00', 1000)).toBe('2026-11-22 09:59:59');
    expect(editDateBefore('2027-01-01 00:00:30', 60_000)).toBe('2026-12-31 23:59:30');
  });

  it("keeps the baseline's zero date of an empty account", () => {
    expect(editDateBefore('0000-00-00 00:00:00', 60_000)).toBe('0000-00-00 00:00:00');
  });
});
