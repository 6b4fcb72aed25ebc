import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from './vendor-time.ts';

describe('times as a business reads them', () => {
  const at = '2026-03-03T01:05:09.000Z';

  it('gives the exact time in the business’s time zone, whatever the browser’s', () => {
    expect(formatExactTime(at, 'Pacific/Auckland')).toMatch(/3 Mar 2026.*2:05:09\s?pm/i);
    expect(formatExactTime(at, 'Australia/Perth')).toMatch(/3 Mar 2026.*9:05:09\s?am/i);
  });

  it('says how far a time is from now in the largest whole unit', () => {
    const now = Date.parse(at);
    expect(formatRelativeTime(new Date(now + 5 * 60_000), now)).toBe('in 5 minutes');
    expect(formatRelativeTime(new Date(now - 2 * 3_600_000), now)).toBe('2 hours ago');
    expect(formatRelativeTime(new Date(now - 24 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(now + 10_000), now)).toBe('now');
  });
});
