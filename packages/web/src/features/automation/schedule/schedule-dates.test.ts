import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayHeading,
  dayKey,
  groupByDay,
  parseDayKey,
  startOfDay,
  startOfWeek,
  weekDays,
} from './schedule-dates.ts';

const byDay = (groups: ReturnType<typeof groupByDay<{ id: string; dueAt: string }>>) =>
  groups.map((group) => [group.key, group.items.map((item) => item.id)]);

describe('schedule dates', () => {
  it('groups items by their day in the business’s time zone, in order', () => {
    const items = [
      { id: 'a', dueAt: '2026-03-03T09:00:00Z' }, // 10 pm on the 3rd in Auckland, 4 am in New York
      { id: 'b', dueAt: '2026-03-03T11:30:00Z' }, // 00:30 on the 4th in Auckland
      { id: 'c', dueAt: '2026-03-04T03:00:00Z' }, // 10 pm on the 3rd in New York
      { id: 'd', dueAt: 'not a date' },
    ];
    expect(byDay(groupByDay(items, (item) => item.dueAt, 'Pacific/Auckland'))).toEqual([
      ['2026-03-03', ['a']],
      ['2026-03-04', ['b', 'c']],
    ]);
    expect(byDay(groupByDay(items, (item) => item.dueAt, 'America/New_York'))).toEqual([
      ['2026-03-03', ['a', 'b', 'c']],
    ]);
  });

  it('finds when a day begins in a zone, across a change of daylight saving', () => {
    expect(startOfDay('2026-03-02', 'Pacific/Auckland').toISOString()).toBe('2026-03-01T11:00:00.000Z');
    // New Zealand leaves daylight saving on 5 April 2026: that day begins at UTC+13, the next at UTC+12.
    expect(startOfDay('2026-04-05', 'Pacific/Auckland').toISOString()).toBe('2026-04-04T11:00:00.000Z');
    expect(startOfDay('2026-04-06', 'Pacific/Auckland').toISOString()).toBe('2026-04-05T12:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayKey(new Date('2026-03-01T11:00:00Z'), 'Pacific/Auckland')).toBe('2026-03-02');
    expect(dayKey(new Date('2026-03-01T10:59:59Z'), 'Pacific/Auckland')).toBe('2026-03-01');
  });

  it('weeks start on Monday', () => {
    expect(startOfWeek('2026-03-08')).toBe('2026-03-02'); // a Sunday
    expect(startOfWeek('2026-03-02')).toBe('2026-03-02'); // the Monday itself
    expect(weekDays('2026-03-02')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('names today and tomorrow, and reads only real days', () => {
    expect(dayHeading('2026-03-03', '2026-03-03')).toBe('Today');
    expect(dayHeading('2026-03-04', '2026-03-03')).toBe('Tomorrow');
    expect(dayHeading('2026-03-02', '2026-03-03')).toBe('Yesterday');
    expect(dayHeading('2026-03-10', '2026-03-03')).toMatch(/^Tuesday,? 10 March 2026$/);
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('soon')).toBeNull();
    expect(parseDayKey('2026-03-02')).toBe('2026-03-02');
  });
});
