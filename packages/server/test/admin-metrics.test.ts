import { AdminMetrics, ErrorBody, successEnvelope } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStarts } from '../src/modules/admin/admin-metrics.service.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { createTestTrigger, insertTestRun } from './support/run-factory.ts';
import {
  type BillingServices,
  buyPlan,
  customerOnTestClock,
  deliverEventsFrom,
  stripeOf,
} from './support/stripe-billing.ts';
import { startTestServices } from './support/test-services.ts';

let services: BillingServices;
let superToken: string;
const Metrics = successEnvelope(AdminMetrics);
const DAY = 24 * 60;
const dayOf = (minutesAgo: number) =>
  new Date(Math.floor(services.clock.now().getTime() / 60_000) * 60_000 - minutesAgo * 60_000)
    .toISOString()
    .slice(0, 10);
const metrics = (query: Record<string, string>, token = superToken) =>
  services.app.inject({ method: 'GET', url: '/api/Admin/metrics', query, headers: bearer(token) });

beforeAll(async () => {
  const started = await startTestServices({ stripe: true });
  if (!started.stripe) throw new Error('no Stripe simulator');
  services = { ...started, stripe: started.stripe };
  superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

describe('GET /api/Admin/metrics', () => {
  it('counts the seeded runs per day by status, the failure rate and the triggers failing most', async () => {
    const team = await createVendorTeam(services.deps, 'Metrics Plumbing');
    const chaser = await createTestTrigger(services, team, 'Quote chaser');
    const thanks = await createTestTrigger(services, team, 'Thank-you note');
    // Runs at noon-ish UTC days apart, so each falls on a known day.
    const noon = (daysAgo: number) => daysAgo * DAY + 1;
    await insertTestRun(services, team.vendor.id, chaser, { status: 'Succeeded', minutesAgo: noon(2) });
    await insertTestRun(services, team.vendor.id, chaser, {
      status: 'Failed',
      minutesAgo: noon(2),
      reason: 'No email.',
    });
    await insertTestRun(services, team.vendor.id, chaser, {
      status: 'Failed',
      minutesAgo: noon(1),
      reason: 'No email.',
    });
    await insertTestRun(services, team.vendor.id, chaser, {
      status: 'Failed',
      minutesAgo: noon(1),
      reason: 'Badge gone.',
    });
    await insertTestRun(services, team.vendor.id, thanks, { status: 'Failed', minutesAgo: noon(1), reason: 'Busy.' });
    await insertTestRun(services, team.vendor.id, thanks, { status: 'Skipped', minutesAgo: noon(1) });
    // Outside the range asked for.
    await insertTestRun(services, team.vendor.id, thanks, { status: 'Failed', minutesAgo: noon(10), reason: 'Old.' });

    const from = dayOf(noon(2));
    const to = dayOf(noon(1));
    const response = await metrics({ from, to });
    expect(response.statusCode, response.body).toBe(200);
    const data = Metrics.parse(response.json()).data;
    expect(
      data.runs.buckets.map(({ start, Succeeded, Failed, Skipped }) => ({ start, Succeeded, Failed, Skipped })),
    ).toEqual([
      { start: from, Succeeded: 1, Failed: 1, Skipped: 0 },
      { start: to, Succeeded: 0, Failed: 3, Skipped: 1 },
    ]);
    expect(data.runs.totals).toMatchObject({ Succeeded: 1, Failed: 4, Skipped: 1, Scheduled: 0 });
    expect(data.runs.failureRate).toBeCloseTo(4 / 5);
    expect(data.topFailingTriggers.slice(0, 2)).toEqual([
      {
        triggerId: chaser,
        triggerName: 'Quote chaser',
        vendorId: team.vendor.id,
        vendorName: 'Metrics Plumbing',
        failures: 3,
        commonReason: 'No email.',
      },
      {
        triggerId: thanks,
        triggerName: 'Thank-you note',
        vendorId: team.vendor.id,
        vendorName: 'Metrics Plumbing',
        failures: 1,
        commonReason: 'Busy.',
      },
    ]);
    expect(data.vendors.total).toBeGreaterThanOrEqual(1);
    expect(data.vendors.newInRange).toBe(0);
    expect(data.mail).toMatchObject({ failed: 0 });
    // By week: the same runs, in the week buckets that hold the two days (clamped to the range).
    const weekly = Metrics.parse((await metrics({ from, to, granularity: 'week' })).json()).data;
    expect(weekly.runs.totals).toEqual(data.runs.totals);
    expect(weekly.runs.buckets.reduce((sum, bucket) => sum + bucket.Failed, 0)).toBe(4);
    expect(weekly.runs.buckets.every((bucket) => new Date(`${bucket.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(data.webhookDeliveries).toEqual([
      { start: from, count: 0 },
      { start: to, count: 0 },
    ]);
  });

  it('sums the monthly recurring revenue at either end of the range and counts the subscriptions that ended', {
    timeout: 30_000,
  }, async () => {
    const at = (day: string) => Math.floor(Date.parse(`${day}T09:00:00Z`) / 1000);
    /** A vendor that buys a plan on `day`, on a Stripe test clock set to then. */
    const subscribedOn = async (day: string, planName: string, interval: 'month' | 'year') => {
      const team = await createVendorTeam(services.deps);
      const { clockId } = await customerOnTestClock(services, team.vendor.id, at(day));
      const { subscription } = await buyPlan(services, team, planName, { interval });
      if (!subscription) throw new Error(`no ${planName} subscription`);
      return { clockId, subscriptionId: subscription.id };
    };
    await subscribedOn('2026-01-05', 'Pro', 'month');
    await subscribedOn('2026-01-05', 'Business', 'year');
    const leaving = await subscribedOn('2026-01-05', 'Pro', 'month');
    // Starter's 14-day trial runs into March: not paying by the end of February.
    await subscribedOn('2026-02-20', 'Starter', 'month');
    await subscribedOn('2026-02-20', 'Business', 'month');
    const stripe = stripeOf(services);
    const before = services.stripe.events().length;
    await stripe.testHelpers.testClocks.advance(leaving.clockId, { frozen_time: at('2026-02-10') });
    await stripe.subscriptions.cancel(leaving.subscriptionId);
    await deliverEventsFrom(services, before);

    const february = Metrics.parse((await metrics({ from: '2026-02-01', to: '2026-02-28' })).json()).data;
    // 1 February: Pro $79 + Business $1,990 a year ($165.83 a month) + Pro $79.
    // 1 March: Pro $79 + Business $165.83 + Business $199 a month (the second Pro ended on 10 February).
    expect(february.mrrCents).toEqual({ start: 7900 + 16583 + 7900, end: 7900 + 16583 + 19900 });
    expect(february.churn).toEqual({ ended: 1, payingAtStart: 3, rate: 1 / 3 });

    // Before anyone subscribed: nothing, and no rate without paying subscriptions to lose.
    const december = Metrics.parse((await metrics({ from: '2025-12-01', to: '2025-12-31' })).json()).data;
    expect(december.mrrCents).toEqual({ start: 0, end: 0 });
    expect(december.churn).toEqual({ ended: 0, payingAtStart: 0, rate: null });
  });

  it('buckets by week, each starting on a Monday', () => {
    expect(bucketStarts('2026-03-04', '2026-03-17', 'week')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(bucketStarts('2026-03-04', '2026-03-06', 'day')).toEqual(['2026-03-04', '2026-03-05', '2026-03-06']);
  });

  it('refuses a range that is backwards, too long or not made of days, saying why', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ from: '2026-03-05', to: '2026-03-01' }, 'from must not be after to.'],
      [{ from: '2024-01-01', to: '2026-01-01' }, 'The range can span at most 366 days.'],
      [{ from: 'yesterday', to: '2026-01-01' }, 'from must be a day written YYYY-MM-DD.'],
      [{ from: '2026-01-01', to: '2026-01-02', granularity: 'hour' }, 'granularity must be day or week.'],
    ];
    for (const [query, message] of cases) {
      const response = await metrics(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(ErrorBody.parse(response.json()))).toContain(message);
    }
  });

  it('is for super admins only', async () => {
    const team = await createVendorTeam(services.deps);
    expect((await metrics({ from: '2026-01-01', to: '2026-01-02' }, team.adminToken)).statusCode).toBe(403);
  });
});
