/**
 * @automate/stripe-sim: a local Stripe for tests, browser journeys and demo mode. See README.md for
 * the endpoints it answers and the test cards its hosted pages accept.
 */
export { StripeError } from './http/stripe-error.ts';
export { RETRY_AFTER_DAYS } from './objects/billing.ts';
export { TEST_CARDS } from './objects/cards.ts';
export type { Customer, Invoice, Price, Product, StripeEvent, Subscription } from './objects/stripe-objects.ts';
export {
  buildStripeSim,
  DEFAULT_SECRET_KEY,
  DEFAULT_WEBHOOK_SECRET,
  type StripeSim,
  type StripeSimOptions,
} from './stripe-sim.ts';
export { signWebhookPayload } from './webhooks/signature.ts';
export type { Delivery, WebhookEndpoint } from './webhooks/webhook-dispatcher.ts';
