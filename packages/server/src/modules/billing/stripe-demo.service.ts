import type { Db } from '../../db/database.ts';
import { forgetStripeIds } from './billing.repository.ts';
import { forgetStripeInvoiceLinks } from './invoices.repository.ts';

/**
 * Demo mode's simulated Stripe keeps nothing between runs: customers, subscriptions and prices stored
 * against the last one are forgotten, and plans are created in the new one on first need.
 */
export async function forgetSimulatedStripe(tx: Db): Promise<void> {
  await forgetStripeIds(tx);
  await forgetStripeInvoiceLinks(tx);
}
