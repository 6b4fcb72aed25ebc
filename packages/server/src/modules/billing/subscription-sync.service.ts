import { DateTime } from 'luxon';
import Stripe from 'stripe';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import { vendorAdminContacts } from '../users/memberships.service.ts';
import { findVendor, setVendorSubscription } from '../vendors/vendors.service.ts';
import {
  claimStripeEvent,
  findBillingCustomerByStripeId,
  findPlan,
  findPlanPriceByStripeId,
  findSubscription,
  listVendorSubscriptions,
  upsertSubscription,
} from './billing.repository.ts';
import { requireBilling } from './plan-stripe-sync.ts';
import { automationsRun, currentOf, graceEndsAt, isLive, pastDueSince } from './subscription-standing.ts';

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

export type EventOutcome = 'applied' | 'duplicate' | 'not-ours';

/**
 * Applies what Stripe says about one of its customers. The vendor's billing row is locked for the
 * whole of it, so two events of one vendor are applied one after the other (each reading Stripe after
 * the other's write). With `event`, the event is recorded as handled in the same transaction; an event
 * handled before changes nothing and Stripe is not asked. A customer that is not a vendor's is ignored,
 * and so is an event whose subscription or invoice Stripe does not know (`apply` answers `not-ours`):
 * either is handled, so Stripe stops sending it.
 */
export async function applyForCustomer(
  deps: Deps,
  customerId: string,
  event: { id: string; type: string } | undefined,
  apply: (tx: Db, vendorId: string) => Promise<'applied' | 'not-ours'>,
): Promise<EventOutcome> {
  return deps.database.db.transaction(async (tx) => {
    const customer = await findBillingCustomerByStripeId(tx, customerId, { lock: true });
    if (event && !(await claimStripeEvent(tx, { ...event, receivedAt: deps.clock.now() }))) return 'duplicate';
    if (!customer) return 'not-ours';
    return apply(tx, customer.vendorId);
  });
}

/** What Stripe answers for an object, or undefined when Stripe has no such object (404 `resource_missing`). */
export async function retrieveKnown<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
    throw error;
  }
}

/**
 * Reads the subscription from Stripe and stores it as Stripe has it now, then settles the vendor's
 * standing. Whatever order events arrive in, and however often, the last read wins and is the truth.
 */
export function syncSubscription(
  deps: Deps,
  ref: { subscriptionId: string; customerId: string },
  event?: { id: string; type: string },
): Promise<EventOutcome> {
  return applyForCustomer(deps, ref.customerId, event, (tx, vendorId) =>
    refreshSubscription(tx, deps, vendorId, ref.subscriptionId),
  );
}

/** Inside `applyForCustomer`: the subscription read from Stripe and stored; `not-ours` when Stripe does not know it. */
export async function refreshSubscription(
  tx: Db,
  deps: Deps,
  vendorId: string,
  subscriptionId: string,
): Promise<'applied' | 'not-ours'> {
  const stripe = requireBilling(deps).stripe;
  const subscription = await retrieveKnown(() => stripe.subscriptions.retrieve(subscriptionId));
  if (!subscription) return 'not-ours';
  await storeSubscription(tx, deps, vendorId, subscription);
  return 'applied';
}

async function storeSubscription(
  tx: Db,
  deps: Deps,
  vendorId: string,
  subscription: Stripe.Subscription,
): Promise<void> {
  const now = deps.clock.now();
  const item = subscription.items.data[0];
  const price = item ? await findPlanPriceByStripeId(tx, item.price.id) : undefined;
  const before = await findSubscription(tx, { vendorId, stripeSubscriptionId: subscription.id });
  const since = pastDueSince(subscription.status, before?.pastDueSince, now);
  const next = {
    stripeSubscriptionId: subscription.id,
    vendorId,
    planId: price?.planId ?? null,
    planPriceId: price?.id ?? null,
    status: subscription.status,
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    trialEnd: seconds(subscription.trial_end),
    pastDueSince: since,
    endedAt: seconds(subscription.ended_at),
    startedAt: new Date(subscription.created * 1000),
  };
  // Most deliveries repeat what an earlier one already stored (each reads the same current state).
  if (before && unchanged(before, next)) return;
  await upsertSubscription(tx, { ...next, updatedAt: now });
  await settleVendorStanding(tx, deps, vendorId);
  if (since && !before?.pastDueSince) await tellAdminsPaymentFailed(tx, deps, vendorId, since);
}

function unchanged(before: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([key, value]) => {
    const old = before[key];
    return value instanceof Date && old instanceof Date ? value.getTime() === old.getTime() : value === old;
  });
}

/**
 * Sets the vendor's plan name (`currentSubscriptionType`, null without a live subscription) and
 * whether its automations run, from its current subscription. A vendor never billed is left as it is.
 */
export async function settleVendorStanding(tx: Db, deps: Deps, vendorId: string): Promise<void> {
  const current = currentOf(await listVendorSubscriptions(tx, vendorId));
  if (!current) return;
  const plan = current.planId ? await findPlan(tx, current.planId) : undefined;
  await setVendorSubscription(tx, vendorId, {
    currentSubscriptionType: isLive(current.status) ? (plan?.name ?? 'Subscription') : null,
    subscriptionActive: automationsRun(current, deps.clock.now()),
  });
}

async function tellAdminsPaymentFailed(tx: Db, deps: Deps, vendorId: string, since: Date): Promise<void> {
  const vendor = await findVendor(tx, vendorId);
  const current = currentOf(await listVendorSubscriptions(tx, vendorId));
  const plan = current?.planId ? await findPlan(tx, current.planId) : undefined;
  const graceEnd = current ? graceEndsAt({ status: 'past_due', pastDueSince: since }) : null;
  const zone = vendor?.timeZone ?? 'Pacific/Auckland';
  for (const admin of await vendorAdminContacts(tx, vendorId)) {
    await queueSystemEmail(tx, deps, {
      key: 'payment-failed',
      to: admin,
      data: {
        vendor: { name: vendor?.name ?? '' },
        plan: { name: plan?.name ?? 'current' },
        graceEndsAt: graceEnd ? DateTime.fromJSDate(graceEnd).setZone(zone).toFormat('d LLLL yyyy') : '',
        link: `${deps.config.publicUrl}/app/account/subscription/overview`,
      },
    });
  }
}
