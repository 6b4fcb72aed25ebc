import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { findInboxDelivery, markInboxDelivery } from './webhooks.repository.ts';

/**
 * Processes one stored ServiceM8 delivery. Deriving trigger events from it (re-reading the record,
 * comparing with the last snapshot) belongs to the automation engine; until that lands the delivery
 * is marked processed so the inbox shows it was taken.
 */
export const processDeliveryJob = defineJob({
  name: 'webhooks.process-delivery',
  payload: z.object({ inboxId: z.uuid() }),
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 },
  async handle({ inboxId }, { deps }) {
    const delivery = await findInboxDelivery(deps.database.db, inboxId);
    if (delivery?.status !== 'Received') return { skipped: true };
    await markInboxDelivery(deps.database.db, inboxId, 'Processed', deps.clock.now());
    return { topic: delivery.topic };
  },
});
