import {
  AdminTriggerRunPage,
  ErrorBody,
  type SearchQueryInput,
  successEnvelope,
  toSearchParams,
} from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { createTestTrigger, insertTestRun } from './support/run-factory.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superToken: string;
type Team = Awaited<ReturnType<typeof createVendorTeam>>;
let plumbing: Team;
let electric: Team;
const runs: Record<string, string> = {};
const triggers = { chaser: '', thanks: '' };

const RunPage = successEnvelope(AdminTriggerRunPage);
const search = (query: SearchQueryInput, token = superToken) =>
  services.app.inject({ method: 'GET', url: '/api/Admin/runs', query: toSearchParams(query), headers: bearer(token) });
const idsOf = (response: { json(): unknown }) => RunPage.parse(response.json()).data.rows.map((row) => row.id);

beforeAll(async () => {
  services = await startTestServices();
  superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
  plumbing = await createVendorTeam(services.deps, 'Plumbing Co');
  electric = await createVendorTeam(services.deps, 'Electric Co');
  const chaser = await createTestTrigger(services, plumbing, 'Quote chaser');
  const thanks = await createTestTrigger(services, electric, 'Thank you note');
  Object.assign(triggers, { chaser, thanks });
  runs.plumbingOld = await insertTestRun(services, plumbing.vendor.id, chaser, {
    status: 'Succeeded',
    minutesAgo: 300,
    jobNumber: '1001',
  });
  runs.electricFailed = await insertTestRun(services, electric.vendor.id, thanks, {
    status: 'Failed',
    minutesAgo: 200,
    jobNumber: '1001',
    event: 'JobCompleted',
    reason: 'The client has no email address.',
  });
  runs.plumbingSkipped = await insertTestRun(services, plumbing.vendor.id, chaser, {
    status: 'Skipped',
    minutesAgo: 100,
    jobNumber: '2002',
    event: 'JobQuoteSent',
  });
});
afterAll(() => services.cleanup());

describe('GET /api/Admin/runs', () => {
  it("lists every vendor's runs newest first, each with its vendor's and its trigger's name", async () => {
    const response = await search({ PageSize: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const page = RunPage.parse(response.json()).data;
    expect(page.rows.map((row) => row.id)).toEqual([runs.plumbingSkipped, runs.electricFailed, runs.plumbingOld]);
    expect(page.rows[1]).toMatchObject({
      vendorId: electric.vendor.id,
      vendorName: 'Electric Co',
      triggerName: 'Thank you note',
      reason: 'The client has no email address.',
    });
    expect(page.total).toBe(3);
  });

  it('filters by status, vendor, trigger, event, job number and creation time', async () => {
    const filtered = (Filters: SearchQueryInput['Filters']) => search({ Filters }).then(idsOf);
    expect(await filtered([{ action: 'Eq', field: 'status', value: 'Failed' }])).toEqual([runs.electricFailed]);
    expect(await filtered([{ action: 'Eq', field: 'vendorId', value: plumbing.vendor.id }])).toEqual([
      runs.plumbingSkipped,
      runs.plumbingOld,
    ]);
    expect(await filtered([{ action: 'Eq', field: 'triggerId', value: triggers.thanks }])).toEqual([
      runs.electricFailed,
    ]);
    expect(
      await filtered([
        { action: 'Eq', field: 'triggerId', value: triggers.chaser },
        { action: 'Eq', field: 'status', value: 'Succeeded' },
      ]),
    ).toEqual([runs.plumbingOld]);
    expect(await filtered([{ action: 'Eq', field: 'event', value: 'JobQuoteSent' }])).toEqual([runs.plumbingSkipped]);
    expect(await filtered([{ action: 'Eq', field: 'jobNumber', value: '1001' }])).toEqual([
      runs.electricFailed,
      runs.plumbingOld,
    ]);
    const since = new Date(services.clock.now().getTime() - 250 * 60_000).toISOString();
    expect(await filtered([{ action: 'GtEq', field: 'createdAt', value: since }])).toEqual([
      runs.plumbingSkipped,
      runs.electricFailed,
    ]);
  });

  it('pages by cursor without repeating a run', async () => {
    const first = RunPage.parse((await search({ PageSize: 2 })).json()).data;
    expect(first.nextCursor).not.toBeNull();
    const second = RunPage.parse((await search({ PageSize: 2, Cursor: first.nextCursor ?? '' })).json()).data;
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual([
      runs.plumbingSkipped,
      runs.electricFailed,
      runs.plumbingOld,
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a sort or filter it does not offer, naming the field', async () => {
    const response = await search({ SortBy: 'triggerName' });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).message).toMatch(/triggerName/);
  });

  it("is for super admins only: a vendor's Admin is refused", async () => {
    const response = await search({}, plumbing.adminToken);
    expect(response.statusCode).toBe(403);
  });
});
