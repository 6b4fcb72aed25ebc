import { z } from 'zod';
import type { DeliveryNotice } from '../../engine/events/delivery-notice.ts';
import { EVENT_WEBHOOKS, isEventWebhook } from '../../engine/events/derive-events.ts';
import { defineJob } from '../../queue/job-definition.ts';
import { reconcileJob } from '../automation/automation.jobs.ts';
import { observeChangedObject } from '../automation/observe/change-observation.service.ts';
import { processDelivery } from '../automation/observe/event-intake.service.ts';
import { removeOldDeliveries } from './inbox-retention.service.ts';
import { readDelivery } from './parse-delivery.ts';
import { findInboxDelivery, markInboxDelivery } from './webhooks.repository.ts';

const RETRY_LIMIT = 5;

/**
 * Processes one stored ServiceM8 delivery. An object delivery rings for its object: the records of that
 * object changed since the newest one seen are listed and observed together (events derived, stored,
 * triggers matched), so the records it names are then already seen; any it names that the listing did
 * not show are read one by one, as an event delivery's record is. A delivery that does not name its
 * records (in no layout we know, or without the record's uuid) queues a reconciliation of the vendor's
 * account instead, with marking it processed. A delivery that keeps failing is marked Failed.
 */
export const processDeliveryJob = defineJob({
  name: 'webhooks.process-delivery',
  // vendorId: jobs queued before it was added have none, and run without a vendor's share.
  payload: z.object({ inboxId: z.uuid(), vendorId: z.uuid().optional() }),
  queue: { retryLimit: RETRY_LIMIT, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 },
  concurrency: 'engine',
  vendorOf: (payload) => payload.vendorId,
  async handle({ inboxId }, { deps, retryCount }) {
    const delivery = await findInboxDelivery(deps.database.db, inboxId);
    if (delivery?.status !== 'Received') return { skipped: true };
    try {
      const notice = readDelivery(delivery.payload);
      // The changes of the delivery's object are listed first: its records are then already seen.
      const object = objectRungFor(notice);
      const listing = object
        ? await observeChangedObject(deps, {
            vendorId: delivery.vendorId,
            object,
            receivedAt: delivery.receivedAt,
            changedAt: notice.kind === 'object' ? (notice.changedAt ?? null) : null,
          })
        : undefined;
      const { events, reconcile, skipped } = await processDelivery(deps, {
        vendorId: delivery.vendorId,
        notice,
        receivedAt: delivery.receivedAt,
        retried: retryCount > 0,
        listed: notice.kind === 'object' && (listing === 'listed' || listing === 'covered'),
      });
      if (reconcile) {
        await deps.database.db.transaction(async (tx) => {
          await deps.queue.send(reconcileJob, { vendorId: delivery.vendorId }, { tx });
          await markInboxDelivery(tx, inboxId, 'Processed', deps.clock.now());
        });
      } else {
        await markInboxDelivery(deps.database.db, inboxId, 'Processed', deps.clock.now());
      }
      return {
        topic: delivery.topic,
        events,
        ...(listing ? { listing } : {}),
        ...(reconcile ? { reconcile: true } : {}),
        ...(skipped ? { skipped } : {}),
      };
    } catch (error) {
      if (retryCount >= RETRY_LIMIT) await markInboxDelivery(deps.database.db, inboxId, 'Failed', deps.clock.now());
      throw error;
    }
  },
});

/**
 * The object whose changes a delivery announces: an object delivery's, or that of the record an event
 * we listen for names (an event naming none queues a reconciliation instead).
 */
function objectRungFor(notice: DeliveryNotice): string | undefined {
  if (notice.kind === 'object') return notice.uuids.length > 0 ? notice.object : undefined;
  if (notice.kind === 'event' && notice.uuid !== null && isEventWebhook(notice.event)) {
    return EVENT_WEBHOOKS[notice.event].object;
  }
  return undefined;
}

/** Every night: the inbox keeps a handled delivery 30 days (the metrics keep counting it by day). */
export const removeOldDeliveriesJob = defineJob({
  name: 'webhooks.remove-old-deliveries',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '47 3 * * *',
  handle: async (_payload, { deps }) => ({ removed: await removeOldDeliveries(deps) }),
});
