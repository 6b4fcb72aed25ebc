import type { CurrentSubscription } from '@automate/contract';

/** A live monthly Pro subscription halfway through its period, as `GET /api/Accounting/product/sub/active` answers. */
export const ACTIVE_SUBSCRIPTION: CurrentSubscription = {
  id: 'sub_1',
  plan: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Pro',
    limits: { activeTriggers: 25, runsPerMonth: 10_000, messagesPerMonth: 2500, webAddressDeliveriesPerDay: 2500 },
  },
  interval: 'month',
  amountCents: 7900,
  status: 'active',
  automationsRun: true,
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  trialEnd: null,
  graceEndsAt: null,
  usage: {
    activeTriggers: { used: 3, limit: 25 },
    runs: { used: 9000, limit: 10_000 },
    messages: { used: 12, limit: 2500 },
  },
};
