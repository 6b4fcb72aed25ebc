import { z } from 'zod';

/** Billing: subscription plans (Stripe products and prices), a vendor's subscription, its usage. */

export const BILLING_INTERVALS = ['month', 'year'] as const;
export const BillingInterval = z.enum(BILLING_INTERVALS, 'The billing interval must be month or year.');
export type BillingInterval = z.infer<typeof BillingInterval>;

/** Stripe's subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Days a past-due vendor's automations keep running before they pause. */
export const PAST_DUE_GRACE_DAYS = 7;

export const SUBSCRIPTION_NOT_ACTIVE_REASON = 'Your subscription is not active.';

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(100_000_000, `${label} must be at most 100,000,000 cents.`);
const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(10_000_000, `${label} must be at most 10,000,000.`);

export const PlanLimits = z.object({
  activeTriggers: limit('The number of active automations'),
  runsPerMonth: limit('The number of runs a month'),
  messagesPerMonth: limit('The number of emails and text messages a month'),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

export const PlanInput = z.object({
  name: z.string().trim().min(1, 'Give the plan a name.').max(60, 'The name must be at most 60 characters.'),
  description: z.string().trim().max(500, 'The description must be at most 500 characters.').default(''),
  features: z
    .array(z.string().trim().min(1, 'A feature cannot be empty.').max(120, 'A feature must be at most 120 characters.'))
    .max(20, 'A plan lists at most 20 features.')
    .default([]),
  monthlyPriceCents: cents('The monthly price').min(1, 'The monthly price must be more than zero.'),
  yearlyPriceCents: cents('The yearly price').min(1, 'The yearly price must be more than zero.'),
  trialDays: z
    .number({ error: 'Trial days must be a number.' })
    .int('Trial days must be a whole number.')
    .min(0, 'Trial days cannot be negative.')
    .max(90, 'A trial lasts at most 90 days.')
    .default(0),
  limits: PlanLimits,
});
export type PlanInput = z.input<typeof PlanInput>;

export const PlanUpdate = PlanInput.extend({ id: z.uuid('The plan id is not valid.') });
export type PlanUpdate = z.input<typeof PlanUpdate>;

export const PlanPrice = z.object({
  /** What `GET /Accounting/checkout/{id}` takes. */
  id: z.uuid(),
  interval: BillingInterval,
  amountCents: z.number().int(),
});
export type PlanPrice = z.infer<typeof PlanPrice>;

export const Plan = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int(),
  trialDays: z.number().int(),
  limits: PlanLimits,
  /** Archived plans are hidden from new buyers; their subscribers keep them. */
  archived: z.boolean(),
  /** The prices on sale now, one per interval. */
  prices: z.array(PlanPrice),
  subscribers: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof Plan>;

export const CheckoutLink = z.object({
  /** Open it in a popup: Stripe Checkout, or /payment/close at once for a change of plan. */
  url: z.url(),
  /** True when an existing subscription was changed in place (prorated) instead of a new checkout. */
  changedInPlace: z.boolean(),
});
export type CheckoutLink = z.infer<typeof CheckoutLink>;

export const UsageMeter = z.object({ used: z.number().int(), limit: z.number().int() });

export const CurrentSubscription = z.object({
  id: z.string(),
  plan: Plan.pick({ id: true, name: true, limits: true }).nullable(),
  interval: BillingInterval.nullable(),
  amountCents: z.number().int().nullable(),
  status: SubscriptionStatus,
  /** Whether the vendor's automations run now. */
  automationsRun: z.boolean(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.string().nullable(),
  /** While past due: when the automations pause unless the invoice is paid. */
  graceEndsAt: z.string().nullable(),
  usage: z.object({ activeTriggers: UsageMeter, runs: UsageMeter, messages: UsageMeter }).nullable(),
});
export type CurrentSubscription = z.infer<typeof CurrentSubscription>;
