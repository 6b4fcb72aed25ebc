import { DEFAULT_CLIENT_MESSAGING } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { nextBusinessOpening } from './quiet-hours.ts';

const hours = DEFAULT_CLIENT_MESSAGING.quietHours; // Mon–Sat 08:00–20:00
const at = (iso: string) => new Date(iso);
const opening = (iso: string, zone = 'Pacific/Auckland', quiet = hours) =>
  nextBusinessOpening(at(iso), quiet, zone)?.toISOString() ?? null;

describe('nextBusinessOpening', () => {
  it('lets a message due within business hours go now', () => {
    // Tue 24 Nov 2026 10:00 in Auckland (NZDT, +13).
    expect(opening('2026-11-23T21:00:00Z')).toBeNull();
  });

  it('holds a message due at 22:00 until 08:00 the next business day', () => {
    // Tue 24 Nov 22:00 NZDT → Wed 25 Nov 08:00 NZDT.
    expect(opening('2026-11-24T09:00:00Z')).toBe('2026-11-24T19:00:00.000Z');
    // 20:00 is closed already; 07:59 is not open yet.
    expect(opening('2026-11-24T07:00:00Z')).toBe('2026-11-24T19:00:00.000Z');
    expect(opening('2026-11-24T18:59:00Z')).toBe('2026-11-24T19:00:00.000Z');
  });

  it('skips the days the business is closed, across the end of daylight saving', () => {
    // Sat 4 Apr 2026 22:00 NZDT (+13); clocks go back on Sun 5 Apr; Sunday is closed:
    // Mon 6 Apr 08:00 NZST (+12) = 5 Apr 20:00 UTC.
    expect(opening('2026-04-04T09:00:00Z')).toBe('2026-04-05T20:00:00.000Z');
    // Open on Sundays too: Sun 5 Apr 08:00 NZST, already after the change.
    expect(opening('2026-04-04T09:00:00Z', 'Pacific/Auckland', { ...hours, days: [1, 2, 3, 4, 5, 6, 7] })).toBe(
      '2026-04-04T20:00:00.000Z',
    );
  });

  it('moves an opening the start of daylight saving skips forward by the gap', () => {
    // Auckland skips 02:00–03:00 on Sun 27 Sep 2026: an opening at 02:30 is 03:30 NZDT (+13).
    const early = { ...hours, start: '02:30', days: [7] };
    expect(opening('2026-09-26T12:00:00Z', 'Pacific/Auckland', early)).toBe('2026-09-26T14:30:00.000Z');
  });

  it('holds nothing when quiet hours are off', () => {
    expect(opening('2026-11-24T09:00:00Z', 'Pacific/Auckland', { ...hours, enabled: false })).toBeNull();
  });
});
