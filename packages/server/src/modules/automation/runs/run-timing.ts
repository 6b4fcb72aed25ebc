import { isClientFacingAction, type TriggerDefinition } from '@automate/contract';
import type { Sm8Record } from '../../../engine/events/derive-events.ts';
import { dueAt, formatInZone } from '../../../engine/schedule/due-at.ts';
import { nextBusinessOpening } from '../../../engine/schedule/quiet-hours.ts';
import { bookingTiming } from '../match/booking-start.ts';

/** "2 hours": the delay as a person says it. */
function delayWords(delay: NonNullable<TriggerDefinition['delay']>): string {
  const unit = delay.unit.toLowerCase();
  return `${delay.amount} ${unit}${delay.amount === 1 ? '' : 's'}`;
}

/**
 * When a run whose event happened at `start` would act, by the engine's own rules: its delay (calendar
 * units in the business's zone; counted back from the start of the job's booking for "before the booking
 * starts", as a real run counts it), then, for its client messages, the next business opening when that
 * moment falls in quiet hours. `at` is null when it would act at once, or not at all (`skipped`: the
 * booking it counts back from is gone or has started, so a real run would be recorded as Skipped).
 */
export function runTiming(
  definition: TriggerDefinition,
  start: Date,
  vendor: { timeZone: string; quietHours: Parameters<typeof nextBusinessOpening>[1] },
  booking: Sm8Record | null,
): { at: string | null; sentence: string; skipped: boolean } {
  const { delay } = definition;
  const zone = vendor.timeZone;
  let due = dueAt(start, delay, zone);
  let waits = delay ? `${delayWords(delay)} after the event, at ${formatInZone(due, zone)}` : null;
  if (delay?.from === 'BookingStart') {
    const timing = bookingTiming(booking, delay, zone, start);
    const before = `${delayWords(delay)} before the job’s booking starts`;
    if (timing.kind === 'gone') {
      return {
        at: null,
        skipped: true,
        sentence: `It would act ${before}, but this job has no booking in the ServiceM8 schedule, so its time cannot be worked out: a real run for it would be skipped.`,
      };
    }
    if (timing.kind === 'started') {
      return {
        at: null,
        skipped: true,
        sentence: `It would act ${before}, but this job’s booking has already started (${formatInZone(timing.start, zone)}): a real run for it would be skipped.`,
      };
    }
    due = timing.dueAt;
    const starts = `the booking starts ${formatInZone(timing.start, zone)}`;
    waits =
      due.getTime() <= start.getTime()
        ? `at once: ${starts}, so ${delayWords(delay)} before it has passed already`
        : `${before}, at ${formatInZone(due, zone)} (${starts})`;
  }
  const messages = definition.actions.some((action) => isClientFacingAction(action.type));
  const opening = messages && !definition.ignoreQuietHours ? nextBusinessOpening(due, vendor.quietHours, zone) : null;
  if (opening) {
    const first = waits ? `It would run ${waits}` : 'It would run at once';
    return {
      at: opening.toISOString(),
      skipped: false,
      sentence: `${first}; its client messages would wait for business hours (quiet hours) and go at ${formatInZone(opening, zone)}.`,
    };
  }
  if (waits) return { at: due.toISOString(), skipped: false, sentence: `It would act ${waits}.` };
  return { at: null, skipped: false, sentence: 'It would act at once, as soon as the event happens.' };
}
