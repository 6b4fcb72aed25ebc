import type { Deps } from '../../deps.ts';
import { reconcileJob } from '../automation/automation.jobs.ts';
import { checkWebhooksJob } from '../servicem8/servicem8.jobs.ts';
import { connectedVendorIds } from '../servicem8/sm8-access.ts';

/**
 * Queues the catch-up of the vendors whose deliveries were refused (`RefusedDeliveries`): ServiceM8
 * does not send them again, so each such account is reconciled, and every account's subscriptions
 * are checked (refused deliveries count as failures, after which ServiceM8 deactivates one). Once
 * queued, with the database, the refusals are forgotten. Answers whether it was queued; `wasFailing`
 * says the last try failed too, so a database away for long is logged once.
 */
export async function catchUpRefused(deps: Deps, wasFailing: boolean): Promise<boolean> {
  const { vendorIds, everyone, upTo } = deps.refusedDeliveries.waiting();
  try {
    // A refused caller's secret was not always checked: only connected vendors are read.
    const connected = new Set(await connectedVendorIds(deps.database.db));
    const vendors = vendorIds.filter((vendorId) => connected.has(vendorId));
    if (!everyone && vendors.length === 0) {
      deps.refusedDeliveries.forget(upTo);
      return true;
    }
    await deps.database.db.transaction(async (tx) => {
      if (everyone) await deps.queue.send(checkWebhooksJob, { catchUp: true }, { tx });
      else {
        for (const vendorId of vendors) await deps.queue.send(reconcileJob, { vendorId }, { tx });
        await deps.queue.send(checkWebhooksJob, {}, { tx });
      }
    });
    deps.refusedDeliveries.forget(upTo);
    deps.logger.info(
      { vendorIds: everyone ? 'all' : vendors },
      'Reading what changed in ServiceM8 while its deliveries were refused',
    );
    return true;
  } catch (error) {
    if (!wasFailing) {
      deps.logger.warn({ err: error }, 'Deliveries were refused; their catch-up waits for the database');
    }
    return false;
  }
}
