import type Stripe from 'stripe';

/** How the server reaches Stripe: the SDK, the webhook signing secret, and whether it is the simulator. */
export type BillingRuntime = {
  stripe: Stripe;
  webhookSecret: string;
  /** The local simulator (demo mode, tests): its checkout page says the payment is a test. */
  simulated: boolean;
};
