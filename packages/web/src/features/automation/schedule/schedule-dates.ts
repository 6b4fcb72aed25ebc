import { LOCALES } from '@/lib/format.ts';

/**
 * Days of the schedule in the business's time zone (the browser's when none is given): a run due at
 * 23:30 in Auckland sits on that Auckland day whatever zone the browser is in. A day is named by its
 * key, `2026-03-03`; calendar arithmetic on keys is done on UTC dates, which have no daylight saving.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The key's date at UTC midnight (a calendar day with no zone). */
function calendarDate(key: string): Date {
  const match = KEY.exec(key);
  return new Date(Date.UTC(Number(match?.[1]), Number(match?.[2]) - 1, Number(match?.[3])));
}

const keyOfCalendarDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

const wallClock = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The wall-clock time in `timeZone` at `instant`, as milliseconds of a UTC date. */
function wallTimeMs(instant: number, timeZone: string | undefined): number {
  const parts = wallClock(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** `2026-03-03`: the day `instant` falls on in `timeZone`. */
export function dayKey(instant: Date, timeZone?: string): string {
  return keyOfCalendarDate(new Date(wallTimeMs(instant.getTime(), timeZone)));
}

/** The key when `value` is a real day written YYYY-MM-DD; null otherwise. */
export function parseDayKey(value: string | null): string | null {
  if (value === null || !KEY.test(value)) return null;
  return keyOfCalendarDate(calendarDate(value)) === value ? value : null;
}

export function addDays(key: string, days: number): string {
  const date = calendarDate(key);
  date.setUTCDate(date.getUTCDate() + days);
  return keyOfCalendarDate(date);
}

/** The Monday of the key's week. */
export function startOfWeek(key: string): string {
  return addDays(key, -((calendarDate(key).getUTCDay() + 6) % 7));
}

/** Monday to Sunday of the week starting `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The instant the day begins in `timeZone` (its first moment, midnight unless daylight saving skips it). */
export function startOfDay(key: string, timeZone?: string): Date {
  const midnight = calendarDate(key).getTime();
  const offsetAt = (instant: number) => wallTimeMs(instant, timeZone) - Math.floor(instant / 1000) * 1000;
  const guess = midnight - offsetAt(midnight);
  return new Date(midnight - offsetAt(guess));
}

export type DayGroup<T> = { key: string; items: T[] };

/** Items grouped by the day of `at(item)` in `timeZone`, days and items in the order they came (sorted by time). */
export function groupByDay<T>(items: readonly T[], at: (item: T) => string, timeZone?: string): DayGroup<T>[] {
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const date = new Date(at(item));
    if (Number.isNaN(date.getTime())) continue;
    const key = dayKey(date, timeZone);
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { key, items: [item] });
  }
  return [...groups.values()];
}

const formatCalendarDay = (key: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALES, { ...options, timeZone: 'UTC' }).format(calendarDate(key));

/** "Today", "Tomorrow", "Yesterday" (relative to the day `today`), else e.g. "Wednesday 4 March 2026". */
export function dayHeading(key: string, today: string): string {
  if (key === today) return 'Today';
  if (key === addDays(today, 1)) return 'Tomorrow';
  if (key === addDays(today, -1)) return 'Yesterday';
  return formatCalendarDay(key, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** A column heading of the week view, e.g. "Mon 2 Mar". */
export function shortDay(key: string): { weekday: string; day: string } {
  return {
    weekday: formatCalendarDay(key, { weekday: 'short' }),
    day: formatCalendarDay(key, { day: 'numeric', month: 'short' }),
  };
}

/** "2 – 8 Mar 2026" for the week starting `monday`. */
export function weekRangeLabel(monday: string): string {
  const format = new Intl.DateTimeFormat(LOCALES, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(calendarDate(monday), calendarDate(addDays(monday, 6)));
}
