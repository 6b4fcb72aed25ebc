import { describe, expect, it } from 'vitest';
import { dayBefore, dueAt, dueBefore, formatInZone, sm8DateTime } from './due-at.ts';

const at = (iso: string) => new Date(iso);

describe('dueAt', () => {
  it('is the event time when the trigger has no delay', () => {
    expect(dueAt(at('2026-03-01T10:00:00Z'), undefined, 'Pacific/Auckland').toISOString()).toBe(
      '2026-03-01T10:00:00.000Z',
    );
  });

  it('adds minutes and hours as elapsed time, across a clock change too', () => {
    // Sydney moves from 03:00 AEDT back to 02:00 AEST on 5 April 2026 (16:00 UTC on the 4th).
    const before = at('2026-04-04T15:30:00Z');
    expect(dueAt(before, { amount: 90, unit: 'Minute' }, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T17:00:00.000Z',
    );
    expect(dueAt(before, { amount: 2, unit: 'Hour' }, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T17:30:00.000Z',
    );
  });

  it('keeps the wall-clock time when days cross the end of daylight saving (a 25-hour day)', () => {
    // 9:00 in Sydney on 4 April 2026 (AEDT, +11) → 9:00 on 5 April (AEST, +10).
    const due = dueAt(at('2026-04-03T22:00:00Z'), { amount: 1, unit: 'Day' }, 'Australia/Sydney');
    expect(due.toISOString()).toBe('2026-04-04T23:00:00.000Z');
  });

  it('keeps the wall-clock time when days cross the start of daylight saving (a 23-hour day)', () => {
    // 9:00 in Auckland on 26 September 2026 (NZST, +12) → 9:00 on 29 September (NZDT, +13).
    const due = dueAt(at('2026-09-25T21:00:00Z'), { amount: 3, unit: 'Day' }, 'Pacific/Auckland');
    expect(due.toISOString()).toBe('2026-09-28T20:00:00.000Z');
  });

  it('moves a wall time skipped by daylight saving forward by the gap', () => {
    // 2:30 on 27 September 2026 does not exist in Auckland (2:00 → 3:00); a day after 2:30 on the 26th is 3:30.
    const due = dueAt(at('2026-09-25T14:30:00Z'), { amount: 1, unit: 'Day' }, 'Pacific/Auckland');
    expect(due.toISOString()).toBe('2026-09-26T14:30:00.000Z');
  });

  it('ends a month after 31 January on the last day of February, in the vendor zone', () => {
    const due = dueAt(at('2026-01-30T22:00:00Z'), { amount: 1, unit: 'Month' }, 'Pacific/Auckland');
    // 31 January 11:00 NZDT → 28 February 11:00 NZDT.
    expect(due.toISOString()).toBe('2026-02-27T22:00:00.000Z');
  });

  it('adds years by the calendar (29 February → 28 February)', () => {
    const due = dueAt(at('2028-02-29T00:00:00Z'), { amount: 1, unit: 'Year' }, 'UTC');
    expect(due.toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('falls back to UTC for a zone it does not know', () => {
    const due = dueAt(at('2026-01-01T00:00:00Z'), { amount: 1, unit: 'Day' }, 'Mars/Olympus');
    expect(due.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('formatInZone', () => {
  it("writes a moment in the vendor's zone, naming the zone (its reader's clock is not known)", () => {
    expect(formatInZone(at('2026-11-23T22:30:00Z'), 'Australia/Sydney')).toBe('Tue, 24 Nov 2026, 9:30 am AEDT');
    expect(formatInZone(at('2026-04-05T20:00:00Z'), 'Pacific/Auckland')).toBe('Mon, 6 Apr 2026, 8:00 am NZST');
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(formatInZone(at('2026-11-23T22:30:00Z'), 'Mars/Olympus')).toBe('Mon, 23 Nov 2026, 10:30 pm UTC');
  });
});

describe('dayBefore', () => {
  it('is the vendor’s previous calendar day, 25 hours long when the clocks went back, with the hour it is now', () => {
    // 7:05 on Monday 6 April 2026 in Sydney; Sunday the 5th had 25 hours (03:00 AEDT back to 02:00 AEST).
    const day = dayBefore(at('2026-04-05T21:05:00Z'), 'Australia/Sydney');
    expect(day.from.toISOString()).toBe('2026-04-04T13:00:00.000Z');
    expect(day.to.toISOString()).toBe('2026-04-05T14:00:00.000Z');
    expect(day.label).toBe('Sun 5 Apr 2026');
    expect(day.hourNow).toBe(7);
  });
});

describe('dueBefore', () => {
  it('counts days back in the vendor’s calendar: 9:00 the day before, across the end of daylight saving', () => {
    // A booking at 9:00 on 5 April 2026 in Sydney (AEST, +10); 9:00 on the 4th is AEDT (+11).
    const start = sm8DateTime('2026-04-05 09:00:00', 'Australia/Sydney');
    expect(start?.toISOString()).toBe('2026-04-04T23:00:00.000Z');
    expect(dueBefore(start as Date, { amount: 1, unit: 'Day' }, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-03T22:00:00.000Z',
    );
  });

  it('counts hours back as elapsed time', () => {
    const start = at('2026-03-01T10:00:00Z');
    expect(dueBefore(start, { amount: 2, unit: 'Hour' }, 'Pacific/Auckland').toISOString()).toBe(
      '2026-03-01T08:00:00.000Z',
    );
  });
});

describe('sm8DateTime', () => {
  it('reads ServiceM8’s local date and time in the account’s zone', () => {
    expect(sm8DateTime('2026-12-01 09:00:00', 'Pacific/Auckland')?.toISOString()).toBe('2026-11-30T20:00:00.000Z');
  });

  it('is null for ServiceM8’s empty date, a date alone, or nothing', () => {
    expect(sm8DateTime('0000-00-00 00:00:00', 'Pacific/Auckland')).toBeNull();
    expect(sm8DateTime('2026-12-01', 'Pacific/Auckland')).toBeNull();
    expect(sm8DateTime(undefined, 'Pacific/Auckland')).toBeNull();
  });
});
