import type { CheckoutLink, CurrentSubscription, PlanLimits } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import {
  findBillingCustomer,
  findPlan,
  findPlanPrice,
  findSubscription,
  insertBillingCustomer,
  listVendorSubscriptions,
  type PlanRow,
  type SubscriptionRow,
} from './billing.repository.ts';
import { ensureStripePrice, requireBilling, withStripe } from './plan-stripe-sync.ts';
import {
  automationsPausedSince,
  automationsRun,
  currentOf,
  graceEndsAt,
  isLive,
  PAUSED_RUNS_WAIT_DAYS,
} from './subscription-standing.ts';
import { syncSubscription } from './subscription-sync.service.ts';

/** What the vendor uses this period; the composition root counts it from the triggers and runs. */
export type UsageCounter = (
  vendorId: string,
  since: Date,
) => Promise<{ activeTriggers: number; runs: number; messages: number }>;

const SUBSCRIPTION = 'Subscription';

/** The vendor's Stripe customer, created once (the idempotency key makes a second request get the same one). */
async function ensureCustomer(deps: Deps, vendorId: string, caller: Caller): Promise<string> {
  const db = deps.database.db;
  const existing = await findBillingCustomer(db, vendorId);
  if (existing) return existing.stripeCustomerId;
  const vendor = await findVendor(db, vendorId);
  if (!vendor) throw notFound('Vendor');
  const customer = await requireBilling(deps).stripe.customers.create(
    { name: vendor.name, email: caller.email, metadata: { vendorId } },
    { idempotencyKey: `vendor-customer-${vendorId}` },
  );
  // Two first checkouts at once get the same customer (the idempotency key); the first row stays.
  await insertBillingCustomer(db, { vendorId, stripeCustomerId: customer.id });
  return (await findBillingCustomer(db, vendorId))?.stripeCustomerId ?? customer.id;
}

/**
 * Where the vendor pays for a plan price: a Stripe Checkout page for a vendor without a live
 * subscription (a trial if the plan has one and the vendor never had a subscription), or, for a
 * change of plan, the subscription changed in place (prorated and invoiced now, as Stripe does it)
 * and /payment/close. A downgrade below what the vendor uses now is refused with what to switch off.
 */
export function checkoutLink(
  deps: Deps,
  vendorId: string,
  planPriceId: string,
  caller: Caller,
  countUsage: UsageCounter,
): Promise<CheckoutLink> {
  return withStripe(() => openCheckout(deps, vendorId, planPriceId, caller, countUsage));
}

async function openCheckout(
  deps: Deps,
  vendorId: string,
  planPriceId: string,
  caller: Caller,
  countUsage: UsageCounter,
): Promise<CheckoutLink> {
  const db = deps.database.db;
  const price = await findPlanPrice(db, planPriceId);
  const plan = price ? await findPlan(db, price.planId) : undefined;
  if (!price || !plan) throw notFound('Plan price');
  if (plan.archived || !price.active) {
    throw new AppError(
      'BAD_REQUEST',
      `The ${plan.name} plan is no longer sold at this price: choose one of the current plans.`,
    );
  }
  const { stripe } = requireBilling(deps);
  const stripePriceId = await ensureStripePrice(deps, plan, price);
  const customerId = await ensureCustomer(deps, vendorId, caller);
  const subscriptions = await listVendorSubscriptions(db, vendorId);
  const live = subscriptions.find((subscription) => isLive(subscription.status));
  const closeUrl = `${deps.config.publicUrl}/payment/close`;

  if (live) {
    if (live.planPriceId === price.id)
      throw new AppError('BAD_REQUEST', `You are already on the ${plan.name} plan at this price.`);
    const usage = await countUsage(vendorId, live.currentPeriodStart ?? deps.clock.now());
    if (usage.activeTriggers > plan.maxActiveTriggers) {
      throw new AppError(
        'BAD_REQUEST',
        `${limitSentence(plan, 'activeTriggers')}, and ${usage.activeTriggers} are on: switch ${usage.activeTriggers - plan.maxActiveTriggers} off before changing plan.`,
      );
    }
    const current = await stripe.subscriptions.retrieve(live.stripeSubscriptionId);
    const item = current.items.data[0];
    await stripe.subscriptions.update(live.stripeSubscriptionId, {
      items: [{ ...(item ? { id: item.id } : {}), price: stripePriceId }],
      proration_behavior: 'always_invoice',
      cancel_at_period_end: false,
    });
    await syncSubscription(deps, { subscriptionId: live.stripeSubscriptionId, customerId });
    return { url: `${closeUrl}?status=changed`, changedInPlace: true };
  }

  const firstSubscription = subscriptions.length === 0;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: vendorId,
    line_items: [{ price: stripePriceId, quantity: 1 }],
    success_url: `${closeUrl}?status=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${closeUrl}?status=canceled`,
    metadata: { vendorId, planId: plan.id },
    subscription_data: {
      metadata: { vendorId, planId: plan.id },
      ...(firstSubscription && plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}),
    },
  });
  if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe did not return a checkout page. Try again.');
  return { url: session.url, changedInPlace: false };
}

const LIMIT_WORDS: Record<keyof PlanLimits, [one: string, many: string]> = {
  activeTriggers: ['active automation', 'active automations'],
  runsPerMonth: ['automation run a month', 'automation runs a month'],
  messagesPerMonth: ['email or text message a month', 'emails and text messages a month'],
  webAddressDeliveriesPerDay: ['delivery to a web address a day', 'deliveries to web addresses a day'],
};

/** "Your Starter plan allows 5 active automations" */
export function limitSentence(
  plan: Pick<
    PlanRow,
    'name' | 'maxActiveTriggers' | 'maxRunsPerMonth' | 'maxMessagesPerMonth' | 'maxWebAddressDeliveriesPerDay'
  >,
  limit: keyof PlanLimits,
): string {
  const value = {
    activeTriggers: plan.maxActiveTriggers,
    runsPerMonth: plan.maxRunsPerMonth,
    messagesPerMonth: plan.maxMessagesPerMonth,
    webAddressDeliveriesPerDay: plan.maxWebAddressDeliveriesPerDay,
  }[limit];
  const [one, many] = LIMIT_WORDS[limit];
  return `Your ${plan.name} plan allows ${value.toLocaleString('en-NZ')} ${value === 1 ? one : many}`;
}

/**
 * The limits of the vendor's current plan and when its period began (usage counts from there), or
 * undefined for a vendor without a plan (never billed: no limits apply).
 */
export async function planLimitsOf(
  db: Db,
  vendorId: string,
  now: Date,
): Promise<{ plan: PlanRow; periodStart: Date } | undefined> {
  const current = currentOf(await listVendorSubscriptions(db, vendorId));
  if (!current?.planId || !isLive(current.status)) return undefined;
  const plan = await findPlan(db, current.planId);
  if (!plan) return undefined;
  return {
    plan,
    periodStart: current.currentPeriodStart ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

/**
 * Until when a run scheduled before the vendor's subscription stopped its automations waits for the
 * vendor to pay (30 days from the pause), or null when the run is not one that waits.
 */
export async function pausedRunWaitsUntil(
  db: Db,
  vendorId: string,
  runCreatedAt: Date,
  now: Date,
): Promise<Date | null> {
  const current = currentOf(await listVendorSubscriptions(db, vendorId));
  const since = current ? automationsPausedSince(current, now) : null;
  if (!since || runCreatedAt.getTime() >= since.getTime()) return null;
  const until = new Date(since.getTime() + PAUSED_RUNS_WAIT_DAYS * 86_400_000);
  return now.getTime() < until.getTime() ? until : null;
}

async function toCurrentSubscription(
  deps: Deps,
  row: SubscriptionRow,
  countUsage: UsageCounter,
): Promise<CurrentSubscription> {
  const db = deps.database.db;
  const plan = row.planId ? await findPlan(db, row.planId) : undefined;
  const price = row.planPriceId ? await findPlanPrice(db, row.planPriceId) : undefined;
  const now = deps.clock.now();
  const usage = plan ? await countUsage(row.vendorId, row.currentPeriodStart ?? now) : undefined;
  const limits = plan && {
    activeTriggers: plan.maxActiveTriggers,
    runsPerMonth: plan.maxRunsPerMonth,
    messagesPerMonth: plan.maxMessagesPerMonth,
    webAddressDeliveriesPerDay: plan.maxWebAddressDeliveriesPerDay,
  };
  return {
    id: row.stripeSubscriptionId,
    plan: plan && limits ? { id: plan.id, name: plan.name, limits } : null,
    interval: price?.interval ?? null,
    amountCents: price?.amountCents ?? null,
    status: row.status as CurrentSubscription['status'],
    automationsRun: automationsRun(row, now),
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    graceEndsAt: graceEndsAt(row)?.toISOString() ?? null,
    usage:
      usage && limits
        ? {
            activeTriggers: { used: usage.activeTriggers, limit: limits.activeTriggers },
            runs: { used: usage.runs, limit: limits.runsPerMonth },
            messages: { used: usage.messages, limit: limits.messagesPerMonth },
          }
        : null,
  };
}

/** The vendor's current subscription, or null when it has never had one. */
export async function currentSubscription(
  deps: Deps,
  vendorId: string,
  countUsage: UsageCounter,
): Promise<CurrentSubscription | null> {
  const current = currentOf(await listVendorSubscriptions(deps.database.db, vendorId));
  return current ? toCurrentSubscription(deps, current, countUsage) : null;
}

/** Cancels at the period end (`cancel: true`), or takes that back before the period ends. */
export async function setCancelAtPeriodEnd(
  deps: Deps,
  vendorId: string,
  subscriptionId: string,
  cancel: boolean,
  countUsage: UsageCounter,
): Promise<CurrentSubscription> {
  const row = await findSubscription(deps.database.db, { vendorId, stripeSubscriptionId: subscriptionId });
  if (!row) throw notFound(SUBSCRIPTION);
  const { stripe } = requireBilling(deps);
  if (!isLive(row.status)) {
    throw new AppError('CONFLICT', 'This subscription has ended: choose a plan to subscribe again.');
  }
  if (row.cancelAtPeriodEnd === cancel) {
    throw new AppError(
      'CONFLICT',
      cancel
        ? 'This subscription is already set to cancel at the end of its period.'
        : 'This subscription is not set to cancel.',
    );
  }
  await withStripe(async () => {
    const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    const customerId = typeof updated.customer === 'string' ? updated.customer : updated.customer.id;
    await syncSubscription(deps, { subscriptionId, customerId });
  });
  const after = await findSubscription(deps.database.db, { vendorId, stripeSubscriptionId: subscriptionId });
  if (!after) throw notFound(SUBSCRIPTION);
  return toCurrentSubscription(deps, after, countUsage);
}
