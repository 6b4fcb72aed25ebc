import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { listActiveConnections } from './servicem8.repository.ts';
import { sm8ClientForVendor } from './sm8-access.ts';
import { syncReferenceData } from './sync.service.ts';
import { ensureWebhookSubscriptions } from './webhook-subscriptions.ts';

const retries = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800 };

/**
 * After connecting: copy the reference data, subscribe the webhooks, then have the automation engine
 * take its baseline.
 */
export const activateVendorJob = defineJob({
  name: 'servicem8.activate-vendor',
  payload: z.object({ vendorId: z.uuid() }),
  queue: retries,
  async handle({ vendorId }, { deps, log }) {
    const client = await sm8ClientForVendor(deps, vendorId);
    const changes = await syncReferenceData(deps, vendorId);
    const subscribed = await ensureWebhookSubscriptions(deps, vendorId, client);
    // The baseline: what exists now is known, so a record that appears later counts as created.
    await deps.reconcileAutomation(vendorId);
    log.info({ vendorId, subscribed, changes }, 'ServiceM8 account activated');
    return { subscribed };
  },
});

/**
 * Every 15 minutes: re-subscribe webhooks ServiceM8 deactivated (after failed deliveries) or lost, then
 * read what changed in that account meanwhile (the deliveries that failed are not sent again). With
 * `catchUp`, every account's changes are read even where no subscription needed repair: an API process
 * queues that when it starts, since ServiceM8's deliveries failed while no process listened for them.
 */
export const checkWebhooksJob = defineJob({
  name: 'servicem8.check-webhooks',
  payload: z.object({ catchUp: z.boolean().optional() }).loose(),
  queue: { retryLimit: 1 },
  schedule: '*/15 * * * *',
  async handle({ catchUp }, { deps, log }) {
    const repaired: Record<string, string[]> = {};
    for (const connection of await listActiveConnections(deps.database.db)) {
      try {
        const client = await sm8ClientForVendor(deps, connection.vendorId);
        const done = await ensureWebhookSubscriptions(deps, connection.vendorId, client);
        if (done.length > 0) repaired[connection.vendorId] = done;
        // After the subscriptions are live, so a change is either read now or delivered later.
        if (done.length > 0 || catchUp) await deps.reconcileAutomation(connection.vendorId);
      } catch (error) {
        log.warn({ err: error, vendorId: connection.vendorId }, 'could not check ServiceM8 webhooks');
      }
    }
    return { repaired };
  },
});
