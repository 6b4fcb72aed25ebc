import type { PlanInput } from '@automate/contract';

/** The plans a new installation sells (NZD cents, GST-inclusive); super admins change them afterwards. */
export const DEFAULT_PLANS: readonly PlanInput[] = [
  {
    name: 'Starter',
    description: 'For a small team automating its first jobs.',
    features: ['5 active automations', '1,000 runs a month', '500 emails and texts a month', 'Email support'],
    monthlyPriceCents: 2900,
    yearlyPriceCents: 29000,
    trialDays: 14,
    limits: { activeTriggers: 5, runsPerMonth: 1000, messagesPerMonth: 500, webAddressDeliveriesPerDay: 500 },
  },
  {
    name: 'Pro',
    description: 'For a busy business running most of its workflow on automations.',
    features: ['25 active automations', '10,000 runs a month', '2,500 emails and texts a month', 'Priority support'],
    monthlyPriceCents: 7900,
    yearlyPriceCents: 79000,
    trialDays: 0,
    limits: { activeTriggers: 25, runsPerMonth: 10_000, messagesPerMonth: 2500, webAddressDeliveriesPerDay: 2500 },
  },
  {
    name: 'Business',
    description: 'For several crews and offices, with room to grow.',
    features: ['100 active automations', '50,000 runs a month', '10,000 emails and texts a month', 'Phone support'],
    monthlyPriceCents: 19900,
    yearlyPriceCents: 199000,
    trialDays: 0,
    limits: { activeTriggers: 100, runsPerMonth: 50_000, messagesPerMonth: 10_000, webAddressDeliveriesPerDay: 10_000 },
  },
];
