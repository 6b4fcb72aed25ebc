import type { Db } from '../../db/database.ts';
import { forgetStripeIds } from './billing.repository.ts';

/**
 * Demo mode's simulated Stripe keeps nothing between runs: customers, subscriptions and prices stored
 * against the last one are forgotten, and plans are created in the new one on first need.
 */
export function forgetSimulatedStripe(tx: Db): Promise<void> {
  return forgetStripeIds(tx);
}
