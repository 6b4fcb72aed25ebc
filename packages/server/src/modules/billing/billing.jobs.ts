import { PAST_DUE_GRACE_DAYS } from '@automate/contract';
import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { listVendorsPastDueSince } from './billing.repository.ts';
import { settleVendorStanding } from './subscription-sync.service.ts';

/**
 * Hourly: vendors past due for longer than the grace have their automations paused (no Stripe event
 * marks the end of a grace this server grants).
 */
export const endPastDueGraceJob = defineJob({
  name: 'billing.end-past-due-grace',
  payload: z.object({}).loose(),
  schedule: '7 * * * *',
  handle: async (_payload, { deps }) => {
    const cutoff = new Date(deps.clock.now().getTime() - PAST_DUE_GRACE_DAYS * 86_400_000);
    const vendorIds = await listVendorsPastDueSince(deps.database.db, cutoff);
    for (const vendorId of vendorIds) {
      await deps.database.db.transaction((tx) => settleVendorStanding(tx, deps, vendorId));
    }
    return { settled: vendorIds.length };
  },
});
