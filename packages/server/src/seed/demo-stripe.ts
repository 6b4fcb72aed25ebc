import { buildStripeSim, DEFAULT_WEBHOOK_SECRET, type StripeSim } from '@automate/stripe-sim';
import type { Deps } from '../deps.ts';
import { createStripeClient } from '../integrations/stripe/stripe-client.ts';
import type { BillingRuntime } from '../modules/billing/billing-runtime.ts';
import { forgetSimulatedStripe } from '../modules/billing/stripe-demo.service.ts';

/**
 * Demo mode without a Stripe key: a simulated Stripe runs inside this process, on its own port, and
 * sends its signed events to this server's webhook, so a newcomer can buy a plan offline with the
 * test card. Its checkout page says that the payment is a test.
 */
export async function startDemoStripe(options: {
  port: number;
  publicUrl: string;
}): Promise<{ sim: StripeSim; runtime: BillingRuntime }> {
  const sim = buildStripeSim({
    webhook: { url: `${options.publicUrl}/api/Webhook/stripe`, secret: DEFAULT_WEBHOOK_SECRET },
  });
  const url = await sim.listen(options.port);
  return {
    sim,
    runtime: { stripe: createStripeClient(sim.secretKey, url), webhookSecret: DEFAULT_WEBHOOK_SECRET, simulated: true },
  };
}

/** The simulator starts empty each time: the ids stored against the last one are forgotten. */
export function resetDemoBilling(deps: Deps): Promise<void> {
  return deps.database.db.transaction((tx) => forgetSimulatedStripe(tx));
}
