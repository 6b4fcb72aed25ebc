import { describe, expect, it } from 'vitest';
import { createVendorTurns } from './vendor-turns.ts';

describe('vendor turns', () => {
  it("lowers a vendor's priority one step for each share of jobs it queued lately, in the order queued", () => {
    let now = 0;
    const turns = createVendorTurns({ share: 3, now: () => now });
    const burst = Array.from({ length: 9 }, () => {
      now += 1;
      return turns.nextPriority('runs', 'harbour');
    });
    expect(burst).toEqual([0, 0, 0, -1, -1, -1, -2, -2, -2]);
    // Another vendor's job in the middle of the burst goes first; the queues are counted apart.
    expect(turns.nextPriority('runs', 'bay')).toBe(0);
    expect(turns.nextPriority('deliveries', 'harbour')).toBe(0);
  });

  it('forgets half of a vendor’s load every minute', () => {
    let now = 0;
    const turns = createVendorTurns({ share: 2, now: () => now });
    for (let i = 0; i < 8; i++) turns.nextPriority('runs', 'harbour');
    expect(turns.nextPriority('runs', 'harbour')).toBe(-4);
    now += 60_000;
    // 9 jobs a minute ago count as 4.5: rounded to 5 whole jobs, two shares.
    expect(turns.nextPriority('runs', 'harbour')).toBe(-2);
    now += 10 * 60_000;
    expect(turns.nextPriority('runs', 'harbour')).toBe(0);
  });
});
