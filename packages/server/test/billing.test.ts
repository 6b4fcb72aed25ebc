import { randomUUID } from 'node:crypto';
import { ErrorBody, Plan, searchPage, successEnvelope, UserSession, Vendor } from '@automate/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endPastDueGraceJob } from '../src/modules/billing/billing.jobs.ts';
import { billingCustomers, stripeEvents, vendorSubscriptions } from '../src/modules/billing/billing.schema.ts';
import { forgetSimulatedStripe } from '../src/modules/billing/stripe-demo.service.ts';
import { mailOutbox } from '../src/modules/mail/mail.schema.ts';
import { findVendorById, markVendorConnected } from '../src/modules/vendors/vendors.repository.ts';
import { everyOrderOfThree } from './support/covering-orders.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { freePort } from './support/free-port.ts';
import { linkIn, waitForEmail } from './support/outbox.ts';
import {
  type BillingServices,
  buyPlan,
  currentSubscriptionOf,
  customerOnTestClock,
  deliver,
  deliverEventsFrom,
  payOnCheckoutPage,
  priceOf,
  stripeOf,
  vendorCall,
} from './support/stripe-billing.ts';
import { startTestServices } from './support/test-services.ts';

let services: BillingServices;
let superAdminToken: string;
const DAY = 86_400;
const db = () => services.deps.database.db;
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());
const OnePlan = successEnvelope(Plan);

beforeAll(async () => {
  const started = await startTestServices({ stripe: true });
  if (!started.stripe) throw new Error('no Stripe simulator');
  services = { ...started, stripe: started.stripe };
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const planInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Crew ${Math.random().toString(36).slice(2, 7)}`,
  description: 'For crews',
  features: ['Everything in Starter'],
  monthlyPriceCents: 4500,
  yearlyPriceCents: 45000,
  trialDays: 0,
  limits: { activeTriggers: 10, runsPerMonth: 2000, messagesPerMonth: 800, webAddressDeliveriesPerDay: 1000 },
  ...overrides,
});

function admin(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = superAdminToken) {
  return services.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function subscriptionRow(vendorId: string) {
  const [row] = await db().select().from(vendorSubscriptions).where(eq(vendorSubscriptions.vendorId, vendorId));
  return row;
}

async function mailsTo(email: string, key: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.templateKey, key)));
}

describe('plans', () => {
  it('seeds three plans on sale, cheapest first, with monthly and yearly prices', async () => {
    const team = await createVendorTeam(services.deps);
    const response = await admin('GET', '/api/Accounting/product/subscription/active', undefined, team.adminToken);
    const plans = successEnvelope(Plan.array()).parse(response.json()).data;
    expect(
      plans.slice(0, 3).map((plan) => [plan.name, plan.monthlyPriceCents, plan.prices.map((p) => p.interval)]),
    ).toEqual([
      ['Starter', 2900, ['month', 'year']],
      ['Pro', 7900, ['month', 'year']],
      ['Business', 19900, ['month', 'year']],
    ]);
  });

  it('creates a plan with its Stripe product and prices; a new price is a new Stripe price, the old one stays its subscribers’', async () => {
    const created = await admin('POST', '/api/Accounting/product/subscription/create', planInput({ name: 'Crew' }));
    expect(created.statusCode, created.body).toBe(201);
    const plan = OnePlan.parse(created.json()).data;
    const stripe = stripeOf(services);
    const products = (await stripe.products.list({ limit: 100 })).data.filter(
      (product) => product.metadata.planId === plan.id,
    );
    expect(products.map((product) => product.name)).toEqual(['Crew']);
    const prices = (await stripe.prices.list({ product: products[0]?.id, limit: 100 })).data;
    expect(prices.map((price) => [price.unit_amount, price.currency, price.recurring?.interval]).sort()).toEqual([
      [4500, 'nzd', 'month'],
      [45000, 'nzd', 'year'],
    ]);

    const updated = await admin('POST', '/api/Accounting/product/subscription/update', {
      ...planInput({ name: 'Crew Plus', monthlyPriceCents: 5500 }),
      id: plan.id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = OnePlan.parse(updated.json()).data;
    expect(after.monthlyPriceCents).toBe(5500);
    expect(after.limits.webAddressDeliveriesPerDay).toBe(1000);
    expect(after.prices.find((price) => price.interval === 'month')?.id).not.toBe(
      plan.prices.find((p) => p.interval === 'month')?.id,
    );
    expect(after.prices.find((price) => price.interval === 'year')?.id).toBe(
      plan.prices.find((p) => p.interval === 'year')?.id,
    );
    expect((await stripe.products.retrieve(products[0]?.id as string)).name).toBe('Crew Plus');
    const amounts = (await stripe.prices.list({ product: products[0]?.id, limit: 100 })).data.map(
      (price) => price.unit_amount,
    );
    expect(amounts.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([4500, 5500, 45000]);
  });

  it('archives a plan instead of deleting it: hidden from buyers, still searchable', async () => {
    const plan = OnePlan.parse(
      (await admin('POST', '/api/Accounting/product/subscription/create', planInput())).json(),
    ).data;
    const archived = await admin('DELETE', `/api/Accounting/product/subscription/${plan.id}/delete`);
    expect(archived.statusCode, archived.body).toBe(200);
    const team = await createVendorTeam(services.deps);
    const onSale = successEnvelope(Plan.array()).parse(
      (await admin('GET', '/api/Accounting/product/subscription/active', undefined, team.adminToken)).json(),
    ).data;
    expect(onSale.map((p) => p.id)).not.toContain(plan.id);
    const search = await admin(
      'GET',
      `/api/Accounting/product/subscription/search?Filters=${encodeURIComponent(JSON.stringify([{ action: 'Eq', field: 'id', value: plan.id }]))}`,
    );
    expect(
      successEnvelope(searchPage(Plan))
        .parse(search.json())
        .data.rows.map((p) => p.archived),
    ).toEqual([true]);
    const again = await admin('DELETE', `/api/Accounting/product/subscription/${plan.id}/delete`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a plan without a name or price, in sentences, and to anyone but a SuperAdmin', async () => {
    const bad = await admin(
      'POST',
      '/api/Accounting/product/subscription/create',
      planInput({ name: '', monthlyPriceCents: 0 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors?.name).toEqual(['Give the plan a name.']);
    expect(errorOf(bad).errors?.monthlyPriceCents?.[0]).toContain('The monthly price must be more than zero.');
    const team = await createVendorTeam(services.deps);
    const forbidden = await admin('POST', '/api/Accounting/product/subscription/create', planInput(), team.adminToken);
    expect(forbidden.statusCode).toBe(403);
  });

  it('gives each plan its deliveries to web addresses a day, changed by a super admin within bounds', async () => {
    const team = await createVendorTeam(services.deps);
    const onSale = successEnvelope(Plan.array()).parse(
      (await admin('GET', '/api/Accounting/product/subscription/active', undefined, team.adminToken)).json(),
    ).data;
    const seeded = onSale.filter((plan) => ['Starter', 'Pro', 'Business'].includes(plan.name));
    expect(seeded.map((plan) => [plan.name, plan.limits.webAddressDeliveriesPerDay])).toEqual([
      ['Starter', 500],
      ['Pro', 2500],
      ['Business', 10_000],
    ]);

    const plan = OnePlan.parse(
      (await admin('POST', '/api/Accounting/product/subscription/create', planInput())).json(),
    ).data;
    const limits = plan.limits;
    const update = (webAddressDeliveriesPerDay: unknown) =>
      admin('POST', '/api/Accounting/product/subscription/update', {
        ...planInput({ limits: { ...limits, webAddressDeliveriesPerDay } }),
        id: plan.id,
      });
    for (const [value, message] of [
      [-1, 'The number of deliveries to web addresses a day cannot be negative.'],
      [2.5, 'The number of deliveries to web addresses a day must be a whole number.'],
      [20_000_000, 'The number of deliveries to web addresses a day must be at most 10,000,000.'],
      ['many', 'The number of deliveries to web addresses a day must be a number.'],
    ] as const) {
      const refused = await update(value);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).errors?.['limits.webAddressDeliveriesPerDay']).toEqual([message]);
    }
    const missing = await admin('POST', '/api/Accounting/product/subscription/update', {
      ...planInput({ limits: { activeTriggers: 1, runsPerMonth: 1, messagesPerMonth: 1 } }),
      id: plan.id,
    });
    expect(missing.statusCode).toBe(400);
    const changed = await update(250);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(OnePlan.parse(changed.json()).data.limits.webAddressDeliveriesPerDay).toBe(250);
  });
});

describe('checkout and the subscription', () => {
  it('lets the checkout popup keep its link to the app: /payment/close loosens the opener policy, other pages allow popups only', async () => {
    const close = await services.app.inject({ method: 'GET', url: '/payment/close?status=success' });
    expect(close.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const other = await services.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('sells a plan through Stripe Checkout to one Stripe customer per vendor', async () => {
    const team = await createVendorTeam(services.deps);
    const { paid, subscription } = await buyPlan(services, team, 'Pro');
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/^https:\/\/automate\.test\/payment\/close\?status=success&session_id=cs_test_/);
    expect(subscription).toMatchObject({
      plan: { name: 'Pro', limits: { activeTriggers: 25 } },
      status: 'active',
      interval: 'month',
      amountCents: 7900,
      automationsRun: true,
      cancelAtPeriodEnd: false,
      usage: { activeTriggers: { used: 0, limit: 25 }, runs: { used: 0, limit: 10000 } },
    });
    expect(await findVendorById(db(), team.vendor.id)).toMatchObject({
      currentSubscriptionType: 'Pro',
      subscriptionActive: true,
    });

    const priceId = await priceOf(services, team.adminToken, 'Business');
    await vendorCall(services, team.adminToken, team.vendor.id, `/api/Accounting/checkout/${priceId}`);
    expect(
      [...services.stripe.state.customers.values()].filter((c) => c.metadata.vendorId === team.vendor.id),
    ).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0341 with Stripe’s message, and nothing changes', async () => {
    const team = await createVendorTeam(services.deps);
    const priceId = await priceOf(services, team.adminToken, 'Pro');
    const link = await vendorCall(services, team.adminToken, team.vendor.id, `/api/Accounting/checkout/${priceId}`);
    const before = services.stripe.events().length;
    const declined = await payOnCheckoutPage(link.json().data.url, '4000 0000 0000 0341');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    await deliverEventsFrom(services, before);
    expect(await currentSubscriptionOf(services, team)).toBeNull();
    expect(await findVendorById(db(), team.vendor.id)).toMatchObject({ currentSubscriptionType: 'Standard' });
  });

  it('cancels at the period end and resumes before then', async () => {
    const team = await createVendorTeam(services.deps);
    const { subscription } = await buyPlan(services, team, 'Pro');
    const id = subscription?.id as string;
    const canceled = await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/subscription/${id}/cancel`,
    );
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect((await stripeOf(services).subscriptions.retrieve(id)).cancel_at_period_end).toBe(true);
    const twice = await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/subscription/${id}/cancel`,
    );
    expect(twice.statusCode).toBe(409);
    const resumed = await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/subscription/${id}/resume`,
    );
    expect(resumed.json().data).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
    expect((await stripeOf(services).subscriptions.retrieve(id)).cancel_at_period_end).toBe(false);
  });

  it('changes plan in place, prorated, through the same checkout call', async () => {
    const team = await createVendorTeam(services.deps);
    await buyPlan(services, team, 'Starter');
    const priceId = await priceOf(services, team.adminToken, 'Business');
    const link = await vendorCall(services, team.adminToken, team.vendor.id, `/api/Accounting/checkout/${priceId}`);
    expect(link.json().data).toEqual({
      url: 'https://automate.test/payment/close?status=changed',
      changedInPlace: true,
    });
    const now = await currentSubscriptionOf(services, team);
    expect(now?.plan?.name).toBe('Business');
    expect(await findVendorById(db(), team.vendor.id)).toMatchObject({ currentSubscriptionType: 'Business' });
  });

  it('writes the billing a super admin does acting as a vendor into the audit log', async () => {
    const team = await createVendorTeam(services.deps, 'Audited Aircon');
    const { subscription } = await buyPlan(services, team, 'Starter');
    const id = subscription?.id as string;
    const asVendor = (url: string) => vendorCall(services, superAdminToken, team.vendor.id, url);
    expect((await asVendor(`/api/Accounting/subscription/${id}/cancel`)).statusCode).toBe(200);
    services.clock.advance(1000); // the log lists newest first; entries in the same millisecond have no order
    expect((await asVendor(`/api/Accounting/subscription/${id}/resume`)).statusCode).toBe(200);
    services.clock.advance(1000);
    const priceId = await priceOf(services, team.adminToken, 'Pro');
    expect((await asVendor(`/api/Accounting/checkout/${priceId}`)).statusCode).toBe(200);
    // Reads stay out of the log.
    expect((await asVendor('/api/Accounting/product/sub/active')).statusCode).toBe(200);

    const filters = JSON.stringify([{ action: 'Eq', field: 'vendorId', value: team.vendor.id }]);
    const log = await admin('GET', `/api/Admin/audit/search?Filters=${encodeURIComponent(filters)}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(
      log.json().data.rows.map((entry: { action: string; summary: string }) => [entry.action, entry.summary]),
    ).toEqual([
      ['GET /api/Accounting/checkout/:id', 'As the vendor: Pay for a plan price.'],
      ['GET /api/Accounting/subscription/:id/resume', 'As the vendor: Keep a subscription that was set to cancel.'],
      [
        'GET /api/Accounting/subscription/:id/cancel',
        'As the vendor: Cancel the subscription at the end of its period.',
      ],
    ]);
  });

  it('keeps other vendors’ subscriptions out of reach (404) and billing away from vendor Users (403)', async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const { subscription } = await buyPlan(services, other, 'Pro');
    const theirs = await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/subscription/${subscription?.id}/cancel`,
    );
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).message).toBe('Subscription was not found.');
    const viaHeader = await vendorCall(
      services,
      team.adminToken,
      other.vendor.id,
      '/api/Accounting/product/sub/active',
    );
    expect(viaHeader.statusCode).toBe(404);
    const priceId = await priceOf(services, team.adminToken, 'Pro');
    for (const url of [
      '/api/Accounting/product/sub/active',
      `/api/Accounting/checkout/${priceId}`,
      `/api/Accounting/subscription/${subscription?.id}/cancel`,
    ]) {
      const response = await vendorCall(services, team.userToken, team.vendor.id, url);
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('a business that signs up', () => {
  it('runs no automations until it chooses a plan, and the plan’s free trial runs them', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const post = (url: string, payload: object) => services.app.inject({ method: 'POST', url, payload });
    const registered = await post('/api/Auth/register', {
      email,
      password: 'plumbing-2026',
      firstName: 'Nia',
      lastName: 'Tane',
      vendorName: 'Tane Electrical',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const verify = await waitForEmail(services, superAdminToken, { to: email, templateKey: 'verify-email' });
    expect((await post('/api/Auth/verify', linkIn(verify, 'verify'))).statusCode).toBe(200);
    const login = await post('/api/Auth/login', { email, password: 'plumbing-2026' });
    const session = successEnvelope(UserSession).parse(login.json()).data;
    const vendorId = session.vendors[0]?.vendorId as string;
    const team = { adminToken: session.token, vendor: { id: vendorId } };
    const vendorRecord = async () =>
      successEnvelope(Vendor).parse(
        (await vendorCall(services, team.adminToken, vendorId, `/api/Vendor/${vendorId}`)).json(),
      ).data;

    expect(await vendorRecord()).toMatchObject({ subscriptionActive: false, hasCurrentSubscription: false });
    expect(await currentSubscriptionOf(services, team)).toBeNull();

    const { subscription } = await buyPlan(services, team, 'Starter');
    expect(subscription).toMatchObject({ status: 'trialing', automationsRun: true, plan: { name: 'Starter' } });
    expect(subscription?.trialEnd).not.toBeNull();
    expect(await vendorRecord()).toMatchObject({ subscriptionActive: true, currentSubscriptionType: 'Starter' });
  });
});

describe('when Stripe cannot be reached', () => {
  it('answers 503 with a sentence and changes nothing', async () => {
    const port = await freePort();
    const offline = await startTestServices({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: 'whsec_offline',
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
      },
    });
    try {
      const team = await createVendorTeam(offline.deps);
      const priceId = await priceOf(offline, team.adminToken, 'Pro');
      const response = await vendorCall(
        offline,
        team.adminToken,
        team.vendor.id,
        `/api/Accounting/checkout/${priceId}`,
      );
      expect(response.statusCode).toBe(503);
      expect(errorOf(response).message).toBe(
        'Stripe could not be reached. Nothing was changed; try again in a minute.',
      );
      expect(await offline.deps.database.db.select().from(billingCustomers)).toEqual([]);
    } finally {
      await offline.cleanup();
    }
  });
});

describe('demo mode', () => {
  it('forgets what the last simulated Stripe held when a new one starts, keeping invoices as history', async () => {
    const team = await createVendorTeam(services.deps);
    await buyPlan(services, team, 'Pro');
    await db().transaction((tx) => forgetSimulatedStripe(tx));
    expect(await currentSubscriptionOf(services, team)).toBeNull();
    expect(await findVendorById(db(), team.vendor.id)).toMatchObject({
      currentSubscriptionType: null,
      subscriptionActive: true,
    });
    const invoices = await admin(
      'GET',
      `/api/Accounting/invoices/search/vendor/${team.vendor.id}`,
      undefined,
      team.adminToken,
    );
    expect(invoices.json().data.rows.map((row: { status: string; paymentUrl: string | null }) => row.status)).toEqual([
      'PAID',
    ]);
    // A new checkout creates the vendor's customer and the plan's price in the new Stripe.
    await buyPlan(services, team, 'Pro');
    expect((await currentSubscriptionOf(services, team))?.status).toBe('active');
  });
});

describe('plan limits', () => {
  it('refuses to enable the 6th trigger on the 5-trigger Starter plan, naming the limit', async () => {
    const team = await createVendorTeam(services.deps);
    await markVendorConnected(db(), team.vendor.id, randomUUID());
    await buyPlan(services, team, 'Starter');
    const trigger = (name: string, enabled: boolean) => ({
      name,
      enabled,
      event: 'JobQuoteSent',
      targetKind: 'Job',
      actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Followed up.' } }],
    });
    const url = `/api/vendor/${team.vendor.id}/Trigger`;
    for (let i = 1; i <= 5; i++) {
      const created = await admin('POST', url, trigger(`Automation ${i}`, true), team.adminToken);
      expect(created.statusCode, created.body).toBe(201);
    }
    const sixth = await admin('POST', url, trigger('Automation 6', true), team.adminToken);
    expect(sixth.statusCode).toBe(400);
    expect(errorOf(sixth).message).toBe(
      'Your Starter plan allows 5 active automations: switch another off, or change plan, to enable this one.',
    );
    const disabled = await admin('POST', url, trigger('Automation 6', false), team.adminToken);
    expect(disabled.statusCode).toBe(201);
    const fifth = (await admin('GET', `${url}/search`, undefined, team.adminToken))
      .json()
      .data.rows.find((row: { name: string }) => row.name === 'Automation 5');
    const resaved = await admin('POST', `${url}/${fifth.id}`, trigger('Automation 5 renamed', true), team.adminToken);
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await currentSubscriptionOf(services, team))?.usage?.activeTriggers).toEqual({ used: 5, limit: 5 });

    const upgrade = await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/checkout/${await priceOf(services, team.adminToken, 'Pro')}`,
    );
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    expect((await admin('POST', url, trigger('Automation 7', true), team.adminToken)).statusCode).toBe(201);
    const backToStarter = await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/checkout/${await priceOf(services, team.adminToken, 'Starter')}`,
    );
    expect(backToStarter.statusCode).toBe(400);
    expect(errorOf(backToStarter).message).toBe(
      'Your Starter plan allows 5 active automations, and 6 are on: switch 1 off before changing plan.',
    );
  });
});

describe('the Stripe webhook', () => {
  it('refuses a changed body, another secret and a timestamp older than 300 s with 400, and changes nothing', async () => {
    const team = await createVendorTeam(services.deps);
    await buyPlan(services, team, 'Pro');
    const before = await subscriptionRow(team.vendor.id);
    const event = services.stripe.events().find((candidate) => candidate.type === 'customer.subscription.created');
    if (!event) throw new Error('no event');
    const canceled = { ...event, id: `${event.id}_x`, type: 'customer.subscription.deleted' };
    const tampered = await deliver(services, event, { body: JSON.stringify(canceled) });
    const wrongSecret = await deliver(services, canceled, { secret: 'whsec_someone_else' });
    const old = await deliver(services, canceled, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const unsigned = await services.app.inject({ method: 'POST', url: '/api/Webhook/stripe', payload: canceled });
    for (const response of [tampered, wrongSecret, old, unsigned]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toMatch(/^The Stripe-Signature header does not match this body/);
    }
    expect(errorOf(old).message).toContain('Timestamp outside the tolerance zone');
    expect(await subscriptionRow(team.vendor.id)).toEqual(before);
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, canceled.id))).toEqual([]);
  });

  it('answers 200 not-ours, changing nothing, for a customer that is no vendor’s and for a subscription or invoice Stripe does not know', async () => {
    const team = await createVendorTeam(services.deps);
    await buyPlan(services, team, 'Pro');
    const before = await subscriptionRow(team.vendor.id);
    const created = services.stripe
      .events()
      .find(
        (candidate) =>
          candidate.type === 'customer.subscription.created' &&
          (candidate.data.object as { id: string }).id === before?.stripeSubscriptionId,
      );
    if (!created) throw new Error('no event');
    const object = created.data.object as Record<string, unknown>;
    const unknownSubscription = {
      ...created,
      id: `evt_unknown_sub_${randomUUID()}`,
      type: 'customer.subscription.updated',
      data: { object: { ...object, id: 'sub_stripe_never_made' } },
    };
    const unknownCustomer = {
      ...created,
      id: `evt_unknown_cus_${randomUUID()}`,
      data: { object: { ...object, customer: 'cus_someone_else' } },
    };
    const unknownInvoice = {
      ...created,
      id: `evt_unknown_inv_${randomUUID()}`,
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_stripe_never_made',
          object: 'invoice',
          customer: object.customer,
          parent: { subscription_details: { subscription: 'sub_stripe_never_made' } },
        },
      },
    };
    for (const event of [unknownSubscription, unknownCustomer, unknownInvoice]) {
      const response = await deliver(services, event);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ eventId: event.id, outcome: 'not-ours' });
      expect((await deliver(services, event)).json().data.outcome).toBe('duplicate');
    }
    expect(await subscriptionRow(team.vendor.id)).toEqual(before);
  });

  it('acts on an event delivered five times once', async () => {
    const team = await createVendorTeam(services.deps);
    const start = Math.floor(Date.UTC(2026, 0, 10) / 1000);
    const { clockId } = await customerOnTestClock(services, team.vendor.id, start);
    const checkout = await buyPlanWithoutEvents(team, 'Starter', '4000000000000341');
    expect(checkout.status).toBe(303);
    await stripeOf(services).testHelpers.testClocks.advance(clockId, { frozen_time: start + 15 * DAY });
    const failed = services.stripe.events().find((event) => event.type === 'invoice.payment_failed');
    if (!failed) throw new Error('no failure');
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await deliver(services, failed)).json().data.outcome);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await mailsTo(team.admin.email, 'payment-failed')).toHaveLength(1);
    expect((await subscriptionRow(team.vendor.id))?.status).toBe('past_due');
  });

  it('ends in the state Stripe reports in whatever order one subscription’s events arrive: every three in each of their orders', async () => {
    const team = await createVendorTeam(services.deps);
    const from = services.stripe.events().length;
    const { subscription } = await buyPlan(services, team, 'Starter');
    const id = subscription?.id as string;
    await vendorCall(services, team.adminToken, team.vendor.id, `/api/Accounting/subscription/${id}/cancel`);
    await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/checkout/${await priceOf(services, team.adminToken, 'Pro')}`,
    );
    await stripeOf(services).subscriptions.update(id, { cancel_at_period_end: true });
    const events = services.stripe
      .events()
      .slice(from)
      .filter((event) => /^(customer\.subscription|invoice|checkout\.session)\./.test(event.type));
    const truth = await stripeOf(services).subscriptions.retrieve(id);
    expect(truth.cancel_at_period_end).toBe(true);

    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };

    const orderings = everyOrderOfThree(events, random);
    for (const [ordering, ordered] of orderings.entries()) {
      await db().delete(vendorSubscriptions).where(eq(vendorSubscriptions.vendorId, team.vendor.id));
      for (const event of ordered) await deliver(services, { ...event, id: `${event.id}_${ordering}` });
      const row = await subscriptionRow(team.vendor.id);
      expect([row?.status, row?.cancelAtPeriodEnd, row?.currentPeriodEnd?.getTime()], `ordering ${ordering}`).toEqual([
        truth.status,
        true,
        (truth.items.data[0]?.current_period_end ?? 0) * 1000,
      ]);
    }
    expect(await currentSubscriptionOf(services, team)).toMatchObject({
      plan: { name: 'Pro' },
      cancelAtPeriodEnd: true,
    });
    expect(await findVendorById(db(), team.vendor.id)).toMatchObject({
      currentSubscriptionType: 'Pro',
      subscriptionActive: true,
    });
  });
});

describe('the subscription lifecycle on a test clock', () => {
  it('renews with a paid invoice; a failed renewal goes past due with an email and a banner, pauses after the grace, and paying resumes', async () => {
    const team = await createVendorTeam(services.deps);
    const start = Math.floor(Date.UTC(2026, 1, 1) / 1000);
    const { clockId, customerId } = await customerOnTestClock(services, team.vendor.id, start);
    const stripe = stripeOf(services);
    const from = services.stripe.events().length;
    const paid = await buyPlanWithoutEvents(team, 'Pro', '4242424242424242');
    expect(paid.status).toBe(303);
    await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: start + 29 * DAY });
    let seen = await deliverEventsFrom(services, from);
    const renewed = await currentSubscriptionOf(services, team);
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: '2026-03-01T00:00:00.000Z' });
    const invoices = (await stripe.invoices.list({ customer: customerId })).data;
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
    const mirrored = await admin(
      'GET',
      `/api/Accounting/invoices/search/vendor/${team.vendor.id}`,
      undefined,
      team.adminToken,
    );
    expect(
      mirrored
        .json()
        .data.rows.map((row: { reference: string; status: string; totalCents: number }) => [
          row.reference,
          row.status,
          row.totalCents,
        ]),
    ).toEqual([
      ['Subscription renewal', 'PAID', 7900],
      ['Subscription', 'PAID', 7900],
    ]);

    // The card now fails: the next renewal cannot be paid.
    const failing = await stripe.customers.retrieve(customerId);
    services.stripe.state.cardNumbers.set(
      (failing as { invoice_settings: { default_payment_method: string } }).invoice_settings.default_payment_method,
      '4000000000000341',
    );
    await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: start + 60 * DAY });
    seen = await deliverEventsFrom(services, seen);
    const pastDue = await currentSubscriptionOf(services, team);
    expect(pastDue).toMatchObject({ status: 'past_due', automationsRun: true });
    expect(pastDue?.graceEndsAt).not.toBeNull();
    expect(await mailsTo(team.admin.email, 'payment-failed')).toHaveLength(1);

    services.clock.advance(8 * DAY * 1000);
    team.adminToken = await tokenFor(services.deps, team.admin);
    await endPastDueGraceJob.handle(
      {},
      { deps: services.deps, log: services.deps.logger, jobId: 'test', workerId: 'test', retryCount: 0 },
    );
    expect(await findVendorById(db(), team.vendor.id)).toMatchObject({
      subscriptionActive: false,
      currentSubscriptionType: 'Pro',
    });
    expect((await currentSubscriptionOf(services, team))?.automationsRun).toBe(false);

    const [open] = (await stripe.invoices.list({ customer: customerId, status: 'open' })).data;
    await fetch(open?.hosted_invoice_url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    });
    await deliverEventsFrom(services, seen);
    expect(await currentSubscriptionOf(services, team)).toMatchObject({
      status: 'active',
      automationsRun: true,
      graceEndsAt: null,
    });
    expect(await findVendorById(db(), team.vendor.id)).toMatchObject({ subscriptionActive: true });
  });
});

/** Checkout paid on the hosted page; the test delivers the events itself later. */
async function buyPlanWithoutEvents(
  team: { adminToken: string; vendor: { id: string } },
  planName: string,
  card: string,
) {
  const priceId = await priceOf(services, team.adminToken, planName);
  const link = await vendorCall(services, team.adminToken, team.vendor.id, `/api/Accounting/checkout/${priceId}`);
  return payOnCheckoutPage(link.json().data.url, card);
}
