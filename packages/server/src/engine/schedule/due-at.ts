import { formatBusinessTime, type TriggerDelay } from '@automate/contract';
import { DateTime } from 'luxon';

/**
 * When a run is due: the event time plus the trigger's delay.
 *
 * Minutes and hours are elapsed time (90 minutes is 90 minutes, even across a clock change).
 * Days, months and years are calendar steps in the vendor's time zone: "1 day after 9:00" is
 * 9:00 the next day whether that day has 23, 24 or 25 hours, and a month after 31 January is the
 * last day of February. A wall time that does not exist (skipped by daylight saving) moves forward
 * by the gap, as luxon does.
 */
export function dueAt(from: Date, delay: TriggerDelay | undefined, timeZone: string): Date {
  if (!delay) return from;
  const start = DateTime.fromJSDate(from, { zone: zoneOrUtc(timeZone) });
  const unit = UNITS[delay.unit];
  return start.plus({ [unit]: delay.amount }).toJSDate();
}

/**
 * When a run counted back from a booking is due: `delay` before the booking's `start`, in the same
 * units as `dueAt` (minutes and hours elapsed, days and longer calendar steps in the vendor's zone:
 * "1 day before 9:00" is 9:00 the day before, whatever the clocks did overnight).
 */
export function dueBefore(start: Date, delay: TriggerDelay, timeZone: string): Date {
  const at = DateTime.fromJSDate(start, { zone: zoneOrUtc(timeZone) });
  return at.minus({ [UNITS[delay.unit]]: delay.amount }).toJSDate();
}

const SM8_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * A ServiceM8 date and time (`YYYY-MM-DD HH:MM:SS`, in the account's local time) as an instant; null
 * when it is empty (`0000-00-00 00:00:00`) or not one.
 */
export function sm8DateTime(value: unknown, timeZone: string): Date | null {
  if (typeof value !== 'string' || !SM8_DATETIME.test(value.trim())) return null;
  const at = DateTime.fromFormat(value.trim(), 'yyyy-MM-dd HH:mm:ss', { zone: zoneOrUtc(timeZone) });
  return at.isValid ? at.toJSDate() : null;
}

const UNITS = { Minute: 'minutes', Hour: 'hours', Day: 'days', Month: 'months', Year: 'years' } as const;

/** A zone luxon does not know (a typo in synced data) falls back to UTC rather than failing the run. */
export function zoneOrUtc(timeZone: string): string {
  return DateTime.local().setZone(timeZone).isValid ? timeZone : 'UTC';
}

/**
 * A moment as a vendor reads it in the run log and in messages: "Tue, 24 Nov 2026, 9:30 am AEDT", by the
 * app's one formatter of business times (the web app shows the same run's times with it).
 */
export function formatInZone(at: Date, timeZone: string): string {
  return formatBusinessTime(at, zoneOrUtc(timeZone));
}

/**
 * The calendar day before the one `now` falls on in the vendor's time zone, as instants (`from`
 * included, `to` not; 23 or 25 hours long across a clock change), its name ("Tue 24 Nov 2026"), and
 * the hour it is now there (the daily digest goes out in the morning).
 */
export function dayBefore(now: Date, timeZone: string): { from: Date; to: Date; label: string; hourNow: number } {
  const local = DateTime.fromJSDate(now, { zone: zoneOrUtc(timeZone) });
  const to = local.startOf('day');
  const from = to.minus({ days: 1 });
  return { from: from.toJSDate(), to: to.toJSDate(), label: from.toFormat('ccc d LLL yyyy'), hourNow: local.hour };
}
