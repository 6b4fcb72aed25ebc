import {
  AdminVendorDetail,
  AdminVendorRow,
  ErrorBody,
  type SearchQueryInput,
  Sm8WebhookCheck,
  searchPage,
  successEnvelope,
  toSearchParams,
  Vendor,
} from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { createTestTrigger, insertTestRun } from './support/run-factory.ts';

let h: AutomationHarness;
let superToken: string;

beforeAll(async () => {
  h = await startAutomationHarness();
  superToken = await tokenFor(h.deps, await createUser(h.deps, { superAdmin: true }));
}, 60_000);
afterAll(() => h.cleanup());

const Page = successEnvelope(searchPage(AdminVendorRow));
const Detail = successEnvelope(AdminVendorDetail);
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = superToken) =>
  h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const search = (query: SearchQueryInput) =>
  h.app.inject({
    method: 'GET',
    url: '/api/Admin/vendors/search',
    headers: bearer(superToken),
    query: toSearchParams(query),
  });

describe('GET /api/Admin/vendors/search', () => {
  it('lists vendors by name with enabled triggers, runs and failures of 30 days and the last activity', async () => {
    const team = await createVendorTeam(h.deps, 'Aardvark Activity Ltd');
    const trigger = await createTestTrigger(h, team, 'Counted');
    await insertTestRun(h, team.vendor.id, trigger, { status: 'Failed', minutesAgo: 60 });
    await insertTestRun(h, team.vendor.id, trigger, { status: 'Succeeded', minutesAgo: 30 });
    // 31 days ago: not in the last 30 days, but not the last activity either.
    await insertTestRun(h, team.vendor.id, trigger, { status: 'Failed', minutesAgo: 31 * 24 * 60 });

    const response = await search({ Filters: [{ action: 'ILike', field: 'name', value: 'aardvark activity' }] });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = Page.parse(response.json()).data.rows;
    const now = h.clock.now().getTime();
    expect(row).toMatchObject({
      name: 'Aardvark Activity Ltd',
      enabledTriggers: 0,
      runs30Days: 2,
      failures30Days: 1,
      automationsSuspended: null,
    });
    expect(Math.abs(Date.parse(row?.lastActivityAt ?? '') - (now - 30 * 60_000))).toBeLessThan(60_000);
  });

  it('is refused to a vendor Admin', async () => {
    const team = await createVendorTeam(h.deps);
    expect((await call('GET', '/api/Admin/vendors/search', undefined, team.adminToken)).statusCode).toBe(403);
  });
});

describe("the connected vendor's page", () => {
  it('shows the ServiceM8 connection, checks the webhooks and re-syncs', async () => {
    const detail = Detail.parse((await call('GET', `/api/Admin/vendors/${h.vendorId}`)).json()).data;
    expect(detail.sm8Connected).toBe(true);
    expect(detail.serviceM8?.connectedAt).toBeTruthy();

    const checked = await call('POST', `/api/Vendor/${h.vendorId}/servicem8/webhooks/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(successEnvelope(Sm8WebhookCheck).parse(checked.json())).toMatchObject({
      data: { resubscribed: [] },
      message: 'Every webhook is live.',
    });
    const synced = await call('GET', `/api/Vendor/${h.vendorId}/sync`);
    expect(synced.statusCode, synced.body).toBe(200);
  });
});

describe('suspending automations', () => {
  it("skips the vendor's new runs with the reason, which the vendor sees, until they are resumed", async () => {
    const trigger = await h.createTrigger({
      name: 'Note on completion',
      event: 'JobCompleted',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Done' } }],
    });
    const suspended = await call('POST', `/api/Admin/vendors/${h.vendorId}/suspension`, {
      suspended: true,
      reason: 'Unpaid invoice INV-12',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(Detail.parse(suspended.json()).data.automationsSuspended?.reason).toBe('Unpaid invoice INV-12');
    const seenByVendor = await call('GET', `/api/Vendor/${h.vendorId}`, undefined, h.token);
    expect(successEnvelope(Vendor).parse(seenByVendor.json()).data.automationsSuspended?.reason).toBe(
      'Unpaid invoice INV-12',
    );

    await h.change('job', SEED_IDS.jobs.workOrderBurstPipe, { status: 'Completed' });
    const [skipped] = await h.settledRuns(trigger, 1);
    expect(skipped).toMatchObject({
      status: 'Skipped',
      reason: 'Automations are suspended by the Automate team: Unpaid invoice INV-12',
    });

    const resumed = await call('POST', `/api/Admin/vendors/${h.vendorId}/suspension`, { suspended: false });
    expect(Detail.parse(resumed.json()).data.automationsSuspended).toBeNull();
    await h.change('job', SEED_IDS.jobs.workOrderBlockedSewer, { status: 'Completed' });
    const [latest] = await h.settledRuns(trigger, 2);
    expect(latest?.status).toBe('Succeeded');
  });

  it('needs a reason to suspend', async () => {
    const response = await call('POST', `/api/Admin/vendors/${h.vendorId}/suspension`, {
      suspended: true,
      reason: ' ',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).message).toContain('the vendor sees the reason');
  });
});

describe('disconnecting ServiceM8', () => {
  it('forgets the connection after which the vendor shows as not connected; a second time is a 409', async () => {
    const team = await createVendorTeam(h.deps);
    const notConnected = await call('DELETE', `/api/Vendor/${team.vendor.id}/servicem8`);
    expect(notConnected.statusCode).toBe(409);

    const response = await call('DELETE', `/api/Vendor/${h.vendorId}/servicem8`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = Detail.parse((await call('GET', `/api/Admin/vendors/${h.vendorId}`)).json()).data;
    expect(detail).toMatchObject({ sm8Connected: false, serviceM8: null });
  });
});
