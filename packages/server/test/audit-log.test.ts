import {
  AuditEntry,
  type SearchFilter,
  type SearchQueryInput,
  searchPage,
  successEnvelope,
  toSearchParams,
} from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { createTestTrigger, insertTestRun } from './support/run-factory.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superAdmin: Awaited<ReturnType<typeof createUser>>;
let superToken: string;

const Entries = successEnvelope(searchPage(AuditEntry));
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = superToken) =>
  services.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
async function entries(...Filters: SearchFilter[]) {
  const query: SearchQueryInput = { Filters };
  const response = await services.app.inject({
    method: 'GET',
    url: '/api/Admin/audit/search',
    headers: bearer(superToken),
    query: toSearchParams(query),
  });
  expect(response.statusCode, response.body).toBe(200);
  return Entries.parse(response.json()).data.rows;
}
const about = (field: string, value: string): SearchFilter => ({ action: 'Eq', field, value });

beforeAll(async () => {
  services = await startTestServices();
  superAdmin = await createUser(services.deps, { superAdmin: true, firstName: 'Sam' });
  superToken = await tokenFor(services.deps, superAdmin);
});
afterAll(() => services.cleanup());

describe('the audit log', () => {
  it('records admin actions on a user with who, what and the setting before and after', async () => {
    const user = await createUser(services.deps, { firstName: 'Gail' });
    expect((await call('POST', `/api/Admin/users/${user.id}/superadmin`, { superAdmin: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/Admin/users/${user.id}/disabled`, { disabled: true })).statusCode).toBe(200);

    const [disabled, granted] = await entries(about('targetUserId', user.id));
    expect(granted).toMatchObject({
      actorUserId: superAdmin.id,
      actorName: `Sam User <${superAdmin.email}>`,
      action: 'user.superadmin',
      summary: 'Granted SuperAdmin to Gail User.',
      before: { roles: [] },
      after: { roles: ['SuperAdmin'] },
    });
    expect(disabled).toMatchObject({ action: 'user.disabled', before: { disabled: false }, after: { disabled: true } });
  });

  it("records suspending and resuming a vendor's automations on the vendor", async () => {
    const team = await createVendorTeam(services.deps, 'Suspended Sparks');
    await call('POST', `/api/Admin/vendors/${team.vendor.id}/suspension`, { suspended: true, reason: 'Chargeback' });
    await call('POST', `/api/Admin/vendors/${team.vendor.id}/suspension`, { suspended: false });
    const [resumed, suspended] = await entries(about('vendorId', team.vendor.id));
    expect(suspended).toMatchObject({
      action: 'vendor.suspension',
      summary: "Suspended Suspended Sparks's automations: Chargeback",
      after: { suspended: true, reason: 'Chargeback' },
    });
    expect(resumed).toMatchObject({
      before: { suspended: true, reason: 'Chargeback' },
      after: { suspended: false, reason: null },
    });
  });

  it('records every change a super admin makes acting as a vendor, and none of their reads or the members’ own', async () => {
    const team = await createVendorTeam(services.deps, 'Acted On Ltd');
    const trigger = await createTestTrigger(services, team, 'Chaser');
    const run = await insertTestRun(services, team.vendor.id, trigger, {
      status: 'Scheduled',
      minutesAgo: 1,
      dueInMinutes: 60,
    });
    expect((await call('GET', `/api/Vendor/${team.vendor.id}`)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/Vendor/${team.vendor.id}`, { name: 'Renamed Ltd' }, team.adminToken)).statusCode,
    ).toBe(200);
    expect((await call('PATCH', `/api/Vendor/${team.vendor.id}`, { timeZone: 'Europe/London' })).statusCode).toBe(200);
    services.clock.advance(1000); // the log lists newest first; entries in the same millisecond have no order
    const cancelled = await call('GET', `/api/vendor/${team.vendor.id}/Trigger/runs/${run}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A refused change changes nothing and is not recorded.
    expect((await call('PATCH', `/api/Vendor/${team.vendor.id}`, {})).statusCode).toBe(400);

    const logged = await entries(about('vendorId', team.vendor.id));
    expect(logged.map((entry) => entry.action)).toEqual([
      'GET /api/vendor/:vendorId/Trigger/runs/:runId/cancel',
      'PATCH /api/Vendor/:id',
    ]);
    expect(logged[1]).toMatchObject({
      actorUserId: superAdmin.id,
      summary:
        'As the vendor: Change a vendor’s name, time zone, sender name, client messaging settings or address on invoices.',
      before: { name: 'Renamed Ltd', timeZone: 'Pacific/Auckland' },
      after: { timeZone: 'Europe/London' },
    });
  });

  it('is for super admins only', async () => {
    const team = await createVendorTeam(services.deps);
    expect((await call('GET', '/api/Admin/audit/search', undefined, team.adminToken)).statusCode).toBe(403);
  });
});
