import { TriggerDefinition } from '@automate/contract';
import type { Db } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { bookingEventKey } from '../../../engine/events/derive-events.ts';
import { triggerVersion } from '../../triggers/trigger-lookups.service.ts';
import { bringRunsForward, listWaitingRunsOfEvent } from '../automation.repository.ts';
import { queueRunExecutions } from '../execute/execute-run.jobs.ts';

/**
 * A booking moved or cancelled (its snapshot shows it): the Scheduled runs timed from its start are
 * queued to execute now, in `tx`, where the executor reads the booking and runs, skips, or postpones
 * each to its new time. Runs timed from the event keep their time.
 */
export async function wakeBookingRuns(
  deps: Pick<Deps, 'queue' | 'clock'>,
  tx: Db,
  vendorId: string,
  bookingUuid: string,
): Promise<void> {
  const now = deps.clock.now();
  const waiting = await listWaitingRunsOfEvent(tx, vendorId, bookingEventKey(bookingUuid), now);
  const timedFromBooking: string[] = [];
  for (const run of waiting) {
    const version = await triggerVersion(tx, { triggerId: run.triggerId, version: run.triggerVersion });
    const definition = TriggerDefinition.safeParse(version?.definition);
    if (definition.success && definition.data.delay?.from === 'BookingStart') timedFromBooking.push(run.id);
  }
  await queueRunExecutions(deps, await bringRunsForward(tx, timedFromBooking, now), tx);
}
