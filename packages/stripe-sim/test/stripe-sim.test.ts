import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload } from '../src/webhooks/signature.ts';
import {
  createPlan,
  startReceiver,
  startStripeSim,
  stripeClientFor,
  submitCheckout,
} from './support/stripe-harness.ts';

const DAY = 86_400;

async function checkoutSession(stripe: Stripe, customer: string, price: string, trialDays?: number) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://app.test/payment/close?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/payment/close?canceled=1',
    ...(trialDays ? { subscription_data: { trial_period_days: trialDays, metadata: { vendorId: 'v1' } } } : {}),
  });
}

describe('the Stripe simulator, through the real Stripe SDK', () => {
  it('sells a subscription through the hosted checkout page with the 4242 card', async () => {
    const { stripe } = await startStripeSim();
    const { price } = await createPlan(stripe, 'Pro', 4900);
    const customer = await stripe.customers.create({
      email: 'owner@example.com',
      name: 'Acme Plumbing',
      metadata: { vendorId: 'v1' },
    });
    const session = await checkoutSession(stripe, customer.id, price.id);
    expect(session.url).toMatch(/\/c\/pay\/cs_test_/);

    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain('Test payment');
    expect(page).toContain('$49.00');

    const paid = await submitCheckout(session.url as string, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://app.test/payment/close?session=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.status).toBe('complete');
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string, {
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('active');
    expect(subscription.items.data[0]?.price.id).toBe(price.id);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('paid');
    expect(invoice.amount_paid).toBe(4900);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
  });

  it('declines 4000 0000 0000 0341 at checkout with Stripe’s message and starts nothing', async () => {
    const { stripe, sim } = await startStripeSim();
    const { price } = await createPlan(stripe, 'Pro', 4900);
    const customer = await stripe.customers.create({ email: 'owner@example.com' });
    const session = await checkoutSession(stripe, customer.id, price.id);

    const declined = await submitCheckout(session.url as string, '4000 0000 0000 0341');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: null },
    });
    expect(sim.events().map((event) => event.type)).not.toContain('checkout.session.completed');

    const unknown = await submitCheckout(session.url as string, '1234 5678 9012 3456');
    expect(unknown.html).toContain('Your card number is invalid.');
  });

  it('signs webhooks the way Stripe does, so the SDK’s constructEvent accepts them and refuses a changed body', async () => {
    const receiver = await startReceiver();
    const secret = 'whsec_test_secret';
    const { stripe, sim } = await startStripeSim({ webhook: { url: receiver.url, secret } });
    await stripe.customers.create({ email: 'a@example.com' });
    await sim.webhooksSettled();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('no delivery');
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, secret, 300);
    expect(event.type).toBe('customer.created');
    expect(() =>
      stripe.webhooks.constructEvent(
        delivery.body.replace('a@example.com', 'b@example.com'),
        delivery.signature,
        secret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = signWebhookPayload(delivery.body, secret, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(delivery.body, old, secret, 300)).toThrow(
      /Timestamp outside the tolerance zone/,
    );
  });

  it('renews on a test clock with a paid invoice, and a renewal on a failing card goes past due until paid', async () => {
    const { stripe, sim } = await startStripeSim();
    const { price } = await createPlan(stripe, 'Starter', 1900);
    const start = Math.floor(Date.UTC(2026, 0, 15) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const good = await stripe.customers.create({ email: 'good@example.com', test_clock: clock.id });
    const bad = await stripe.customers.create({ email: 'bad@example.com', test_clock: clock.id });
    const goodSession = await checkoutSession(stripe, good.id, price.id);
    await submitCheckout(goodSession.url as string, '4242424242424242');
    // 0341 is accepted when nothing is due (a trial) and fails at the first charge.
    const badSession = await checkoutSession(stripe, bad.id, price.id, 14);
    await submitCheckout(badSession.url as string, '4000000000000341');
    const [goodSub] = (await stripe.subscriptions.list({ customer: good.id })).data;
    const [badSub] = (await stripe.subscriptions.list({ customer: bad.id })).data;
    expect(goodSub?.items.data[0]?.current_period_end).toBe(Math.floor(Date.UTC(2026, 1, 15) / 1000));
    expect(badSub?.status).toBe('trialing');

    // The trial ends on day 14; its first charge fails and Stripe retries 3 days later.
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 16 * DAY });
    const pastDue = await stripe.subscriptions.retrieve(badSub?.id as string);
    expect(pastDue.status).toBe('past_due');
    const [failed] = (await stripe.invoices.list({ customer: bad.id, status: 'open' })).data;
    expect(failed).toMatchObject({ attempt_count: 1, next_payment_attempt: start + 17 * DAY });
    expect(sim.events().some((event) => event.type === 'invoice.payment_failed')).toBe(true);

    const paying = await fetch(failed?.hosted_invoice_url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }),
    });
    expect(await paying.text()).toContain('the invoice is paid');
    expect((await stripe.subscriptions.retrieve(badSub?.id as string)).status).toBe('active');

    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 32 * DAY });
    expect(advanced.status).toBe('ready');
    const goodInvoices = await stripe.invoices.list({ customer: good.id });
    expect(goodInvoices.data.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
    expect((await stripe.subscriptions.retrieve(goodSub?.id as string)).status).toBe('active');
  });

  it('cancels a subscription whose every retry failed', async () => {
    const { stripe } = await startStripeSim();
    const { price } = await createPlan(stripe, 'Starter', 1900);
    const start = Math.floor(Date.UTC(2026, 0, 15) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const customer = await stripe.customers.create({ test_clock: clock.id });
    const session = await checkoutSession(stripe, customer.id, price.id, 7);
    await submitCheckout(session.url as string, '4000000000000341');
    // Fails on day 7, retried on days 10, 15 and 22.
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 21 * DAY });
    const [open] = (await stripe.invoices.list({ customer: customer.id, status: 'open' })).data;
    expect(open?.attempt_count).toBe(3);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data[0]?.status).toBe('past_due');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 23 * DAY });
    const [ended] = (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data;
    expect(ended).toMatchObject({ status: 'canceled', ended_at: start + 22 * DAY });
  });

  it('cancels a subscription at its period end, and resuming before then keeps it', async () => {
    const { stripe, sim } = await startStripeSim();
    const { price } = await createPlan(stripe, 'Pro', 4900);
    const start = Math.floor(Date.UTC(2026, 2, 1) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const customer = await stripe.customers.create({ test_clock: clock.id });
    const session = await checkoutSession(stripe, customer.id, price.id);
    sim.payCheckout(session.id, '4242424242424242');
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    const id = subscription?.id as string;

    const canceling = await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    expect(canceling.cancel_at).toBe(canceling.items.data[0]?.current_period_end);
    const resumed = await stripe.subscriptions.update(id, { cancel_at_period_end: false });
    expect(resumed.cancel_at).toBeNull();
    await stripe.subscriptions.update(id, { cancel_at_period_end: true });

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 40 * DAY });
    const ended = await stripe.subscriptions.retrieve(id);
    expect(ended.status).toBe('canceled');
    expect(ended.ended_at).toBe(Math.floor(Date.UTC(2026, 3, 1) / 1000));
    expect(sim.events().at(-2)?.type).toBe('customer.subscription.deleted');
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it('prorates a change of plan and invoices it at once when asked to', async () => {
    const { stripe, sim } = await startStripeSim();
    const starter = await createPlan(stripe, 'Starter', 2000);
    const pro = await createPlan(stripe, 'Pro', 6000);
    const start = Math.floor(Date.UTC(2026, 3, 1) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const customer = await stripe.customers.create({ test_clock: clock.id });
    const session = await checkoutSession(stripe, customer.id, starter.price.id);
    sim.payCheckout(session.id, '4242424242424242');
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    // Halfway through April's 30 days.
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 15 * DAY });

    const changed = await stripe.subscriptions.update(subscription?.id as string, {
      items: [{ id: subscription?.items.data[0]?.id, price: pro.price.id }],
      proration_behavior: 'always_invoice',
    });
    expect(changed.items.data[0]?.price.id).toBe(pro.price.id);
    const latest = await stripe.invoices.retrieve(changed.latest_invoice as string);
    expect(latest.billing_reason).toBe('subscription_update');
    expect(latest.lines.data.map((line) => line.amount)).toEqual([-1000, 3000]);
    expect(latest).toMatchObject({ status: 'paid', amount_paid: 2000 });
  });

  it('answers errors as Stripe does: a wrong key, a missing object, a missing parameter', async () => {
    const { stripe, baseUrl } = await startStripeSim();
    await expect(stripeClientFor(baseUrl, 'sk_test_wrong_key_123456').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      message: "No such subscription: 'sub_missing'",
    });
    await expect(
      stripe.prices.create({ currency: 'nzd', unit_amount: 100 } as Stripe.PriceCreateParams),
    ).rejects.toMatchObject({
      message: 'Missing required param: product.',
      param: 'product',
    });
  });

  it('answers a POST repeated with the same idempotency key once', async () => {
    const { stripe, sim } = await startStripeSim();
    const first = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'create-x' });
    const again = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'create-x' });
    expect(again.id).toBe(first.id);
    expect(sim.state.customers.size).toBe(1);
  });
});
