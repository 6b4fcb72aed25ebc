import { AdminMetrics, successEnvelope } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeRateToken } from '../src/integrations/servicem8/rate-limiter.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer, createUser, tokenFor } from './support/factories.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * The operational figures of `GET /api/Admin/metrics`, on a vendor connected to the ServiceM8
 * simulator: its use of the ServiceM8 allowance against the limits, the webhook deliveries, the job
 * queue and the mail backlog. The run and revenue figures are in admin-metrics.test.ts.
 */

/**
 * Small allowances, so the tests can use them up. The minute's bucket holds an eighteenth of PER_MINUTE
 * (40): more than connecting, the first sync and a delivery take, which (on the test clock, with no
 * refill) left a bucket of 20 empty and the vendor shown as throttled.
 */
const PER_DAY = 300;
const PER_MINUTE = 720;

let h: AutomationHarness;
let superToken: string;
const Metrics = successEnvelope(AdminMetrics);

beforeAll(async () => {
  h = await startAutomationHarness({
    env: { SM8_RATE_PER_DAY: String(PER_DAY), SM8_RATE_PER_MINUTE: String(PER_MINUTE) },
  });
  superToken = await tokenFor(h.deps, await createUser(h.deps, { superAdmin: true }));
}, 60_000);
afterAll(() => h.cleanup());

const today = () => h.clock.now().toISOString().slice(0, 10);
async function metricsOfToday() {
  const response = await h.app.inject({
    method: 'GET',
    url: '/api/Admin/metrics',
    query: { from: today(), to: today() },
    headers: bearer(superToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return Metrics.parse(response.json()).data;
}

describe('the operational figures of GET /api/Admin/metrics', () => {
  it('counts the connected vendor, its ServiceM8 calls against the limits, and the deliveries of the day', async () => {
    const before = await metricsOfToday();
    expect(before.vendors).toMatchObject({ total: 1, connected: 1, newInRange: 1 });

    await h.change('job', SEED_IDS.jobs.workOrderBurstPipe, { status: 'Completed' });
    await h.quiet();
    const after = await metricsOfToday();
    expect(after.webhookDeliveries).toHaveLength(1);
    expect(after.webhookDeliveries[0]?.count).toBeGreaterThan(before.webhookDeliveries[0]?.count ?? 0);

    const [allowance] = after.servicem8;
    expect(after.servicem8).toHaveLength(1);
    expect(allowance).toMatchObject({
      vendorId: h.vendorId,
      vendorName: 'Harbour Plumbing',
      perDayLimit: PER_DAY,
      perMinuteLimit: PER_MINUTE,
      throttled: false,
    });
    // Connecting read the account, and the delivery's record was read: both count.
    expect(allowance?.callsToday).toBeGreaterThan(0);
    expect(allowance?.throttledMsToday).toBeGreaterThanOrEqual(0);
    expect(allowance?.callsToday).toBeLessThan(PER_DAY);
  });

  it("adds up how long the vendor's calls waited for the minute's allowance", async () => {
    const accountUuid = h.sim.info().accountUuid;
    const [before] = (await metricsOfToday()).servicem8;
    // Nothing left in the minute's bucket: each call of the re-sync waits for the next token.
    const at = h.clock.now();
    for (let taken = 0; taken <= PER_MINUTE; taken++) {
      if (!(await takeRateToken(h.deps.database.db, accountUuid, at, h.deps.servicem8.rateLimits)).granted) break;
    }
    const synced = await h.app.inject({
      method: 'GET',
      url: `/api/Vendor/${h.vendorId}/sync`,
      headers: bearer(superToken),
    });
    expect(synced.statusCode, synced.body).toBe(200);

    const [after] = (await metricsOfToday()).servicem8;
    // A token comes every 88 ms (680 a minute beyond the bucket): the first call alone waits about that.
    expect((after?.throttledMsToday ?? 0) - (before?.throttledMsToday ?? 0)).toBeGreaterThanOrEqual(80);
    expect(after?.callsToday).toBeGreaterThan(before?.callsToday ?? 0);
  });

  it('shows a vendor that used up its day as throttled', async () => {
    const accountUuid = h.sim.info().accountUuid;
    // A call a second, so the minute's allowance never runs out first.
    const start = h.clock.now().getTime();
    for (let second = 0; second <= 2 * PER_DAY; second++) {
      const at = new Date(start + second * 1000);
      const take = await takeRateToken(h.deps.database.db, accountUuid, at, h.deps.servicem8.rateLimits);
      if (!take.granted && take.reason === 'day') break;
    }
    const [allowance] = (await metricsOfToday()).servicem8;
    expect(allowance).toMatchObject({ callsToday: PER_DAY, perDayLimit: PER_DAY, throttled: true });
  });

  it('shows the jobs and emails waiting while no worker takes them, and none once they are done', async () => {
    const user = await createUser(h.deps, { firstName: 'Wendy' });
    await h.deps.queue.pauseWorkers();
    try {
      const sent = await h.app.inject({
        method: 'POST',
        url: `/api/Admin/users/${user.id}/password-reset`,
        headers: bearer(superToken),
      });
      expect(sent.statusCode, sent.body).toBe(200);

      const waiting = await metricsOfToday();
      expect(waiting.mail.queued).toBeGreaterThanOrEqual(1);
      expect(waiting.mail.oldestQueuedAt).not.toBeNull();
      const ready = waiting.queue.filter((row) => row.ready > 0);
      expect(ready.length).toBeGreaterThanOrEqual(1);
      for (const row of ready) {
        expect(Date.parse(row.oldestReadyAt ?? '')).toBeLessThanOrEqual(Date.now());
      }
    } finally {
      await h.deps.queue.resumeWorkers();
    }
    const done = await waitFor(
      metricsOfToday,
      (figures) => figures.mail.queued === 0,
      'the queued email to be sent once the workers are back',
    );
    expect(done.mail.oldestQueuedAt).toBeNull();
  });
});
