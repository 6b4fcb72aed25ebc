import { CheckoutLink, CurrentSubscription, Plan, successEnvelope } from '@automate/contract';
import { type StripeEvent, type StripeSim, signWebhookPayload } from '@automate/stripe-sim';
import { CURRENT_VENDOR_HEADER } from '../../src/http/access.ts';
import { createStripeClient } from '../../src/integrations/stripe/stripe-client.ts';
import { insertBillingCustomer } from '../../src/modules/billing/billing.repository.ts';
import { bearer } from './factories.ts';
import type { TestServices } from './test-services.ts';

export type BillingServices = TestServices & { stripe: StripeSim };

/** Stripe's view of the plan name → its prices, as the vendor sees them. */
async function plansOnSale(services: TestServices, token: string): Promise<Plan[]> {
  const response = await services.app.inject({
    method: 'GET',
    url: '/api/Accounting/product/subscription/active',
    headers: bearer(token),
  });
  return successEnvelope(Plan.array()).parse(response.json()).data;
}

export async function priceOf(
  services: TestServices,
  token: string,
  planName: string,
  interval: 'month' | 'year' = 'month',
) {
  const plan = (await plansOnSale(services, token)).find((candidate) => candidate.name === planName);
  const price = plan?.prices.find((candidate) => candidate.interval === interval);
  if (!price) throw new Error(`no ${interval} price for ${planName}`);
  return price.id;
}

/** A billing call of the vendor's, as the web app makes it (the vendor named in the header). */
export function vendorCall(services: TestServices, token: string, vendorId: string, url: string) {
  return services.app.inject({ method: 'GET', url, headers: { ...bearer(token), [CURRENT_VENDOR_HEADER]: vendorId } });
}

/** Delivers one event as Stripe would: the JSON body signed with the endpoint's secret. */
export function deliver(
  services: BillingServices,
  event: StripeEvent,
  options: { secret?: string; timestamp?: number; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = signWebhookPayload(
    payload,
    options.secret ?? services.stripeWebhookSecret,
    options.timestamp ?? Math.floor(Date.now() / 1000),
  );
  return services.app.inject({
    method: 'POST',
    url: '/api/Webhook/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: options.body ?? payload,
  });
}

/** Delivers, in order, every event the simulator raised after the first `from`; answers how many there are now. */
export async function deliverEventsFrom(services: BillingServices, from: number): Promise<number> {
  const events = services.stripe.events();
  for (const event of events.slice(from)) {
    const response = await deliver(services, event);
    if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
  }
  return events.length;
}

/** The Stripe SDK talking to the test's simulator (what the test does "in Stripe's dashboard"). */
export function stripeOf(services: BillingServices) {
  return createStripeClient(services.stripe.secretKey, services.stripe.baseUrl());
}

/** Gives the vendor a Stripe customer on a new test clock (so the test can move its time), as the server would create one. */
export async function customerOnTestClock(services: BillingServices, vendorId: string, startSeconds: number) {
  const stripe = stripeOf(services);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: startSeconds });
  const customer = await stripe.customers.create({ test_clock: clock.id, metadata: { vendorId } });
  await insertBillingCustomer(services.deps.database.db, { vendorId, stripeCustomerId: customer.id });
  return { clockId: clock.id, customerId: customer.id };
}

/** Submits the hosted checkout page with a card, as the buyer's browser does. */
export async function payOnCheckoutPage(url: string, cardNumber: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/**
 * The vendor buys a plan: the checkout link, the hosted page paid with the card, then Stripe's events
 * delivered to the webhook. Answers the subscription the vendor sees afterwards.
 */
export async function buyPlan(
  services: BillingServices,
  team: { adminToken: string; vendor: { id: string } },
  planName: string,
  options: { interval?: 'month' | 'year'; card?: string } = {},
) {
  const before = services.stripe.events().length;
  const priceId = await priceOf(services, team.adminToken, planName, options.interval);
  const link = await vendorCall(services, team.adminToken, team.vendor.id, `/api/Accounting/checkout/${priceId}`);
  if (link.statusCode !== 200) throw new Error(`checkout answered ${link.statusCode}: ${link.body}`);
  const { url } = successEnvelope(CheckoutLink).parse(link.json()).data;
  const paid = await payOnCheckoutPage(url, options.card ?? '4242424242424242');
  await deliverEventsFrom(services, before);
  return { paid, subscription: await currentSubscriptionOf(services, team) };
}

export async function currentSubscriptionOf(
  services: TestServices,
  team: { adminToken: string; vendor: { id: string } },
) {
  const response = await vendorCall(services, team.adminToken, team.vendor.id, '/api/Accounting/product/sub/active');
  if (response.statusCode !== 200) throw new Error(`sub/active answered ${response.statusCode}: ${response.body}`);
  return successEnvelope(CurrentSubscription.nullable()).parse(response.json()).data;
}
