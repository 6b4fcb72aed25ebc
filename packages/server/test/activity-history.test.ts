import {
  AuditEntry,
  ErrorBody,
  searchPage,
  successEnvelope,
  type TriggerDefinitionInput,
  toSearchParams,
} from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredActivity } from '../src/modules/audit/audit.service.ts';
import { markVendorConnected } from '../src/modules/vendors/vendors.repository.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { insertTestRun } from './support/run-factory.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
type Team = Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

const ActivityPage = successEnvelope(searchPage(AuditEntry));
const base = (team: Team) => `/api/vendor/${team.vendor.id}`;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  services.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const definition = (overrides: Partial<TriggerDefinitionInput> = {}): TriggerDefinitionInput => ({
  name: 'Quote follow-up',
  enabled: false,
  event: 'JobQuoteSent',
  targetKind: 'Job',
  actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Followed up on the quote.' } }],
  ...overrides,
});

async function activity(team: Team, filters: Record<string, string> = {}) {
  const query = toSearchParams({
    Filters: Object.entries(filters).map(([field, value]) => ({ field, action: 'Eq' as const, value })),
  });
  const response = await services.app.inject({
    method: 'GET',
    url: `${base(team)}/Activity/search`,
    query,
    headers: bearer(team.userToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return ActivityPage.parse(response.json()).data;
}

describe('activity history', () => {
  let team: Team;
  let triggerId: string;

  beforeAll(async () => {
    team = await createVendorTeam(services.deps);
    await markVendorConnected(services.deps.database.db, team.vendor.id, crypto.randomUUID());
  });

  it('records who created, changed, switched on and off, and deleted a trigger, with the change in words', async () => {
    const created = await call('POST', `${base(team)}/Trigger`, team.adminToken, definition());
    expect(created.statusCode, created.body).toBe(201);
    triggerId = created.json().data.id;
    const url = `${base(team)}/Trigger/${triggerId}`;
    const changed = definition({
      name: 'Quote chaser',
      delay: { amount: 2, unit: 'Day' },
      actions: [
        { id: 'a1', type: 'Job_AddNote', params: { text: 'Chased the quote.' } },
        { id: 'a2', type: 'Job_AddNote', params: { text: 'Second note.' } },
      ],
    });
    expect((await call('POST', url, team.userToken, changed)).statusCode).toBe(200);
    expect((await call('POST', url, team.adminToken, { ...changed, enabled: true })).statusCode).toBe(200);
    expect((await call('POST', url, team.adminToken, { ...changed, enabled: false })).statusCode).toBe(200);

    const entries = (await activity(team, { triggerId })).rows;
    expect(entries.map((entry) => entry.action)).toEqual([
      'trigger.disable',
      'trigger.enable',
      'trigger.change',
      'trigger.create',
    ]);
    const [disabled, enabled, change, create] = entries;
    expect(create?.summary).toBe('Created “Quote follow-up”.');
    expect(create?.actorName).toContain(team.admin.email);
    expect(change?.actorName).toContain(team.user.email);
    expect(change?.summary).toBe(
      '“Quote chaser”: Name: “Quote follow-up” → “Quote chaser”. Delay: none → 2 days. ' +
        'Changed the action “Add a note to the job”. Added the action “Add a note to the job”.',
    );
    expect(change?.before).toMatchObject({ name: 'Quote follow-up' });
    expect(change?.after).toMatchObject({ name: 'Quote chaser' });
    expect(enabled?.summary).toBe('“Quote chaser”: Switched on.');
    expect(disabled?.summary).toBe('“Quote chaser”: Switched off.');

    expect((await call('DELETE', url, team.adminToken)).statusCode).toBe(200);
    const [deleted] = (await activity(team, { triggerId })).rows;
    expect(deleted).toMatchObject({ action: 'trigger.delete', summary: 'Deleted “Quote chaser”.' });

    const createdOn = await call(
      'POST',
      `${base(team)}/Trigger`,
      team.adminToken,
      definition({ name: 'Visit reminder', enabled: true }),
    );
    expect(createdOn.statusCode, createdOn.body).toBe(201);
    const [createOn] = (await activity(team, { triggerId: createdOn.json().data.id })).rows;
    expect(createOn).toMatchObject({ action: 'trigger.create', summary: 'Created “Visit reminder”, switched on.' });
    expect(createOn?.actorName).toContain(team.admin.email);
  });

  it('records who cancelled or retried which run', async () => {
    const created = await call('POST', `${base(team)}/Trigger`, team.adminToken, definition({ name: 'Reminder' }));
    const reminderId = created.json().data.id as string;
    const scheduled = await insertTestRun(services, team.vendor.id, reminderId, {
      status: 'Scheduled',
      minutesAgo: 5,
      dueInMinutes: 60,
      jobNumber: '1042',
    });
    const failed = await insertTestRun(services, team.vendor.id, reminderId, {
      status: 'Failed',
      minutesAgo: 5,
      jobNumber: '1043',
    });
    const runs = `${base(team)}/Trigger/runs`;
    expect((await call('GET', `${runs}/${scheduled}/cancel`, team.userToken)).statusCode).toBe(200);
    expect((await call('POST', `${runs}/${failed}/retry`, team.adminToken)).statusCode).toBe(200);

    const [retry] = (await activity(team, { runId: failed })).rows;
    expect(retry).toMatchObject({
      action: 'run.retry',
      triggerId: reminderId,
      summary: 'Retried the failed run of “Reminder” for job 1043.',
    });
    const [cancel] = (await activity(team, { runId: scheduled })).rows;
    expect(cancel).toMatchObject({
      action: 'run.cancel',
      summary: 'Cancelled the scheduled run of “Reminder” for job 1042.',
    });
    expect(cancel?.actorName).toContain(team.user.email);
  });

  it("is the vendor's own: another vendor sees none of it, and an unknown filter is refused", async () => {
    const other = await createVendorTeam(services.deps);
    expect((await activity(other)).total).toBe(0);
    const foreign = await call('GET', `${base(team)}/Activity/search`, other.userToken);
    expect(foreign.statusCode).toBe(404);
    const bad = await services.app.inject({
      method: 'GET',
      url: `${base(team)}/Activity/search`,
      query: toSearchParams({ SortBy: 'summary' }),
      headers: bearer(team.userToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).message).toContain('You cannot sort audit entries by "summary"');
  });

  it('keeps a year: the nightly clean-up removes older entries', async () => {
    const before = (await activity(team)).total;
    expect(before).toBeGreaterThan(0);
    const aYearAndADay = 365 * 24 * 60 * 60 * 1000;
    services.clock.advance(aYearAndADay - 60_000);
    expect(await removeExpiredActivity(services.deps)).toBe(0);
    services.clock.advance(60_000);
    expect(await removeExpiredActivity(services.deps)).toBeGreaterThanOrEqual(before);
    services.clock.advance(-aYearAndADay);
    expect((await activity(team)).total).toBe(0);
  });
});
