import type { TriggerDelay } from '@automate/contract';
import { z } from 'zod';
import { bookingUuidOf, isBooking, type Sm8Record } from '../../../engine/events/derive-events.ts';
import type { FreshRecord } from '../../../engine/records/run-records.ts';
import { dueBefore, formatInZone, sm8DateTime } from '../../../engine/schedule/due-at.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';

/**
 * A run whose delay counts back from the booking's start ("1 day before the booking starts", for
 * “A job is scheduled” only): when it is due, and what to do when the booking is gone or has begun.
 * The booking is read when the event is matched and again when the run is due (made due at once
 * when the booking's snapshot shows it moved or cancelled), so a moved booking makes the run wait for
 * its new time, or run now, and a cancelled one skips it.
 */

const AnyRecord = z.record(z.string(), z.unknown());

export type BookingTiming =
  /** Due at `dueAt`: `delay` before `start`, or now when that has passed and the booking has not begun. */
  | { kind: 'due'; start: Date; dueAt: Date }
  /** The booking was deleted, unscheduled, or has no start: `reason` says so. */
  | { kind: 'gone'; reason: string }
  /** The booking has begun (at `start`): too late for anything meant to happen before it. */
  | { kind: 'started'; start: Date; reason: string };

export function bookingTiming(
  booking: Sm8Record | null,
  delay: TriggerDelay,
  timeZone: string,
  now: Date,
): BookingTiming {
  const start = booking && isBooking(booking) ? sm8DateTime(booking.start_date, timeZone) : null;
  if (!start) {
    return {
      kind: 'gone',
      reason: 'The booking was cancelled: it is no longer in the ServiceM8 schedule, so the run was skipped.',
    };
  }
  if (start.getTime() <= now.getTime()) {
    return {
      kind: 'started',
      start,
      reason: `The booking had already started (${formatInZone(start, timeZone)}), so the run was skipped.`,
    };
  }
  const due = dueBefore(start, delay, timeZone);
  return { kind: 'due', start, dueAt: due.getTime() < now.getTime() ? now : due };
}

/** The booking a JobIsScheduled event is about: the record just read when there is one, else read now. */
export async function readBooking(
  client: Sm8Client,
  occurrenceKey: string,
  fresh: readonly FreshRecord[] = [],
): Promise<Sm8Record | null> {
  const uuid = bookingUuidOf(occurrenceKey);
  if (!uuid) return null;
  const known = fresh.find((entry) => entry.object === 'jobactivity' && entry.record.uuid === uuid);
  return known ? known.record : client.get('jobactivity', uuid, AnyRecord);
}

/** How the run log says when a booking starts. */
export function bookingStartWords(start: Date, timeZone: string): string {
  return `The booking starts ${formatInZone(start, timeZone)}.`;
}

/**
 * The visit a test on a job (no event) speaks of: the job's next booking that has not started, else
 * its latest one; null when it has none.
 */
export function nextBooking(activities: readonly Sm8Record[], timeZone: string, now: Date): Sm8Record | null {
  const bookings = activities
    .filter(isBooking)
    .map((booking) => ({ booking, start: sm8DateTime(booking.start_date, timeZone) }))
    .filter((entry): entry is { booking: Sm8Record; start: Date } => entry.start !== null)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const upcoming = bookings.find((entry) => entry.start.getTime() >= now.getTime());
  return (upcoming ?? bookings.at(-1))?.booking ?? null;
}
