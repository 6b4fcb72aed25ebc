import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime, formatVendorTime, readerClock } from './vendor-time.ts';

afterEach(() => vi.unstubAllEnvs());

describe('times as a business reads them', () => {
  const at = '2026-03-03T01:05:09.000Z';

  it('gives the time in the business’s time zone, named when the browser’s clock differs', () => {
    expect(formatVendorTime(at, 'Pacific/Auckland', 'exact', 'Australia/Perth')).toBe(
      'Tue, 3 Mar 2026, 2:05:09 pm NZDT',
    );
    expect(formatVendorTime(at, 'Australia/Perth', 'dateTime', 'Pacific/Auckland')).toBe(
      'Tue, 3 Mar 2026, 9:05 am AWST',
    );
    expect(formatVendorTime(at, 'Pacific/Auckland', 'time', 'Pacific/Auckland')).toBe('2:05 pm');
    expect(formatVendorTime(at, 'Pacific/Auckland', 'date', 'Pacific/Auckland')).toBe('3 Mar 2026');
  });

  it('names no zone for a browser whose clock reads the same, whatever the zone is called', () => {
    // Brisbane and Sydney disagree only while Sydney keeps daylight saving.
    expect(formatVendorTime('2026-07-01T00:00:00Z', 'Australia/Sydney', 'time', 'Australia/Brisbane')).toBe('10:00 am');
    expect(formatVendorTime('2026-01-01T00:00:00Z', 'Australia/Sydney', 'time', 'Australia/Brisbane')).toBe(
      '11:00 am AEDT',
    );
  });

  it('reads the browser’s zone as the reader’s, and its clock until the business’s zone is known', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(formatVendorTime(at, 'Pacific/Auckland', 'time')).toBe('2:05 pm NZDT');
    expect(formatVendorTime(at, undefined, 'time')).toBe('8:05 pm');
  });

  it('gives a platform-wide time on the reader’s clock, always naming its zone', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(readerClock(at)).toBe('Mon, 2 Mar 2026, 8:05 pm GMT-5');
    expect(readerClock(at, 'time')).toBe('8:05 pm GMT-5');
  });

  it('says how far a time is from now in the largest whole unit', () => {
    const now = Date.parse(at);
    expect(formatRelativeTime(new Date(now + 5 * 60_000), now)).toBe('in 5 minutes');
    expect(formatRelativeTime(new Date(now - 2 * 3_600_000), now)).toBe('2 hours ago');
    expect(formatRelativeTime(new Date(now - 24 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(now + 10_000), now)).toBe('now');
  });
});
