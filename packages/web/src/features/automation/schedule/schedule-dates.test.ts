import { describe, expect, it } from 'vitest';
import { addDays, dayHeading, dayKey, groupByDay, parseDayKey, startOfWeek, weekDays } from './schedule-dates.ts';

describe('schedule dates', () => {
  it('groups items by their local day, in order', () => {
    const at = (day: number, hour: number) => new Date(2026, 2, day, hour).toISOString();
    const items = [
      { id: 'a', dueAt: at(3, 9) },
      { id: 'b', dueAt: at(3, 23) },
      { id: 'c', dueAt: at(4, 0) },
      { id: 'd', dueAt: 'not a date' },
    ];
    const groups = groupByDay(items, (item) => item.dueAt);
    expect(groups.map((group) => [group.key, group.items.map((item) => item.id)])).toEqual([
      ['2026-03-03', ['a', 'b']],
      ['2026-03-04', ['c']],
    ]);
    expect(groups[0]?.date.getHours()).toBe(0);
  });

  it('weeks start on Monday', () => {
    expect(dayKey(startOfWeek(new Date(2026, 2, 8, 18)))).toBe('2026-03-02'); // a Sunday
    expect(dayKey(startOfWeek(new Date(2026, 2, 2, 0)))).toBe('2026-03-02'); // the Monday itself
    expect(weekDays(new Date(2026, 2, 2)).map(dayKey)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
  });

  it('names today and tomorrow, and reads only real days', () => {
    const now = new Date(2026, 2, 3, 12);
    expect(dayHeading(new Date(2026, 2, 3), now)).toBe('Today');
    expect(dayHeading(addDays(now, 1), now)).toBe('Tomorrow');
    expect(dayHeading(new Date(2026, 2, 10), now)).toMatch(/10/);
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('soon')).toBeNull();
    expect(parseDayKey('2026-03-02')?.getDate()).toBe(2);
  });
});
