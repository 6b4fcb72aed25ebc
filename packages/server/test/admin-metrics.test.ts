import { AdminMetrics, ErrorBody, successEnvelope } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStarts } from '../src/modules/admin/admin-metrics.service.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { createTestTrigger, insertTestRun } from './support/run-factory.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
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
  services = await startTestServices();
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
