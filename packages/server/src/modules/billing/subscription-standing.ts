import { PAST_DUE_GRACE_DAYS } from '@automate/contract';

/** Pure rules of the subscription lifecycle, from what Stripe says and when this server saw it. */

type Standing = { status: string; pastDueSince: Date | null };

const LIVE = new Set(['trialing', 'active', 'past_due']);
/** Statuses that still hold a plan (a canceled or expired subscription holds none). */
const HOLDING = new Set([...LIVE, 'unpaid', 'incomplete', 'paused']);

export function isLive(status: string): boolean {
  return LIVE.has(status);
}

/** The end of a past-due subscription's grace, during which automations keep running. */
export function graceEndsAt(subscription: Standing): Date | null {
  if (subscription.status !== 'past_due' || !subscription.pastDueSince) return null;
  return new Date(subscription.pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * 86_400_000);
}

/**
 * Whether automations run: in trial or active; past due only during its grace; never when canceled,
 * unpaid or not yet paid.
 */
export function automationsRun(subscription: Standing, now: Date): boolean {
  if (subscription.status === 'trialing' || subscription.status === 'active') return true;
  const graceEnd = graceEndsAt(subscription);
  return graceEnd !== null && now.getTime() < graceEnd.getTime();
}

/** The subscription that decides the vendor's standing: the newest that holds a plan, else the newest. */
export function currentOf<T extends { status: string }>(newestFirst: readonly T[]): T | undefined {
  return newestFirst.find((subscription) => HOLDING.has(subscription.status)) ?? newestFirst[0];
}

/**
 * When a subscription first counts as past due: kept from before, or now; kept while it goes on
 * unpaid. Cleared once it is paid (or ends).
 */
export function pastDueSince(status: string, before: Date | null | undefined, now: Date): Date | null {
  if (status === 'unpaid') return before ?? now;
  if (status !== 'past_due') return null;
  return before ?? now;
}

/** Scheduled runs wait this long for a paused vendor to pay before they are skipped. */
export const PAUSED_RUNS_WAIT_DAYS = 30;

/**
 * Since when the subscription has stopped the vendor's automations: the end of a past-due grace, or
 * when Stripe ended it; null while they run (or when it cannot be told).
 */
export function automationsPausedSince(subscription: Standing & { endedAt: Date | null }, now: Date): Date | null {
  if (automationsRun(subscription, now)) return null;
  if (subscription.pastDueSince)
    return new Date(subscription.pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * 86_400_000);
  return subscription.endedAt;
}
