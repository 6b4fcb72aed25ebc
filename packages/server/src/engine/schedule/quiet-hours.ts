import type { QuietHours } from '@automate/contract';
import { DateTime } from 'luxon';
import { zoneOrUtc } from './due-at.ts';

/**
 * When a client message due at `now` may go out: null when now is within business hours (or quiet
 * hours are off), else the next opening (`start` on the next business day, on the calendar of the
 * vendor's zone, daylight saving included; an opening the clock change skips moves forward by the gap).
 */
export function nextBusinessOpening(now: Date, hours: QuietHours, timeZone: string): Date | null {
  if (!hours.enabled) return null;
  const zone = zoneOrUtc(timeZone);
  const local = DateTime.fromJSDate(now, { zone });
  const [startHour, startMinute] = clock(hours.start);
  const [endHour, endMinute] = clock(hours.end);
  for (let offset = 0; offset <= 7; offset++) {
    const day = local.startOf('day').plus({ days: offset });
    if (!hours.days.includes(day.weekday)) continue;
    const opens = day.set({ hour: startHour, minute: startMinute });
    const closes = day.set({ hour: endHour, minute: endMinute });
    if (offset === 0 && local >= opens && local < closes) return null;
    if (opens > local) return opens.toJSDate();
  }
  return null;
}

function clock(time: string): [number, number] {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return [hour, minute];
}
