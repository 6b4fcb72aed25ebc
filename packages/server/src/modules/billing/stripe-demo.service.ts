import type { Db } from '../../db/database.ts';
import { setVendorSubscription } from '../vendors/vendors.service.ts';
import { forgetStripeIds, listBilledVendorIds } from './billing.repository.ts';
import { forgetStripeInvoiceLinks } from './invoices.repository.ts';

/**
 * Demo mode's simulated Stripe keeps nothing between runs: customers, subscriptions and prices stored
 * against the last one are forgotten (plans are created in the new one on first need), and the
 * vendors that had a subscription there are as never billed again. Invoices stay, as history.
 */
export async function forgetSimulatedStripe(tx: Db): Promise<void> {
  const vendorIds = await listBilledVendorIds(tx);
  await forgetStripeIds(tx);
  await forgetStripeInvoiceLinks(tx);
  for (const vendorId of vendorIds) {
    await setVendorSubscription(tx, vendorId, { currentSubscriptionType: null, subscriptionActive: true });
  }
}
