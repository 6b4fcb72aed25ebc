import { LOCALES } from '@/lib/format.ts';

/** Days of the schedule, in the browser's time zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-03` for a date's local day. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of `2026-03-03`; null when it is not such a day. */
export function parseDayKey(value: string | null): Date | null {
  const match = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === value ? date : null;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** Local midnight of the Monday of the date's week. */
export function startOfWeek(date: Date): Date {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const sinceMonday = (day.getDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/** Monday to Sunday of the week starting `monday`. */
export function weekDays(monday: Date): Date[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

export type DayGroup<T> = { key: string; date: Date; items: T[] };

/** Items grouped by the local day of `at(item)`, days and items in the order they came (sorted by time). */
export function groupByDay<T>(items: readonly T[], at: (item: T) => string): DayGroup<T>[] {
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const date = new Date(at(item));
    if (Number.isNaN(date.getTime())) continue;
    const key = dayKey(date);
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { key, date: new Date(date.getFullYear(), date.getMonth(), date.getDate()), items: [item] });
  }
  return [...groups.values()];
}

/** "Today", "Tomorrow", else e.g. "Wednesday 4 March 2026". */
export function dayHeading(date: Date, now: Date = new Date()): string {
  const key = dayKey(date);
  if (key === dayKey(now)) return 'Today';
  if (key === dayKey(addDays(now, 1))) return 'Tomorrow';
  if (key === dayKey(addDays(now, -1))) return 'Yesterday';
  return new Intl.DateTimeFormat(LOCALES, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    date,
  );
}

/** A column heading of the week view, e.g. "Mon 2 Mar". */
export function shortDay(date: Date): { weekday: string; day: string } {
  return {
    weekday: new Intl.DateTimeFormat(LOCALES, { weekday: 'short' }).format(date),
    day: new Intl.DateTimeFormat(LOCALES, { day: 'numeric', month: 'short' }).format(date),
  };
}

/** A time of day, e.g. "9:30 am". */
export function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(LOCALES, { timeStyle: 'short' }).format(date);
}

/** "2 – 8 Mar 2026" for the week starting `monday`. */
export function weekRangeLabel(monday: Date): string {
  const sunday = addDays(monday, 6);
  const format = new Intl.DateTimeFormat(LOCALES, { day: 'numeric', month: 'short', year: 'numeric' });
  return format.formatRange(monday, sunday);
}
