import { ErrorBody } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVendorById } from '../src/modules/vendors/vendors.repository.ts';
import { addMember, bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices();
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

type Team = Awaited<ReturnType<typeof createVendorTeam>>;
type Route = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** `vendor` is the vendor in the path (or header); `member` a User-role member of it that may be changed. */
  url: (team: Team) => string;
  body?: (team: Team) => object;
  /** The current-vendor routes take the vendor from the x-vendor-id header instead of the path. */
  viaHeader?: boolean;
  adminOnly: boolean;
  success: number;
};

/** Every vendor-scoped route. A test below fails when a new one is added without a row here. */
const ROUTES: Record<string, Route> = {
  'GET /api/Vendor/{id}': { method: 'GET', url: (t) => `/api/Vendor/${t.vendor.id}`, adminOnly: false, success: 200 },
  'PATCH /api/Vendor/{id}': {
    method: 'PATCH',
    url: (t) => `/api/Vendor/${t.vendor.id}`,
    body: () => ({ name: 'Renamed Ltd' }),
    adminOnly: true,
    success: 200,
  },
  'GET /api/Vendor/{id}/users/search': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/search`,
    adminOnly: true,
    success: 200,
  },
  'POST /api/Vendor/{id}/users': {
    method: 'POST',
    url: (t) => `/api/Vendor/${t.vendor.id}/users`,
    body: () => ({ email: `invitee-${Math.random().toString(36).slice(2)}@example.com`, role: 'User' }),
    adminOnly: true,
    success: 201,
  },
  'GET /api/Vendor/{id}/users/{userId}': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/${t.user.id}`,
    adminOnly: true,
    success: 200,
  },
  'PATCH /api/Vendor/{id}/users/{userId}': {
    method: 'PATCH',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/${t.user.id}`,
    body: () => ({ role: 'Admin' }),
    adminOnly: true,
    success: 200,
  },
  'DELETE /api/Vendor/{id}/users/{userId}': {
    method: 'DELETE',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/${t.user.id}`,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Vendor/{id}/sync': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/sync`,
    adminOnly: true,
    // These vendors have no ServiceM8 account; syncing a connected one is tested against the simulator.
    success: 409,
  },
  'GET /api/Vendor/{id}/servicem8/reference': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/servicem8/reference`,
    adminOnly: false,
    success: 200,
  },
  'POST /api/Webhook/whtest': {
    method: 'POST',
    url: () => '/api/Webhook/whtest',
    body: (t) => ({ object: 'job', entry: [{ uuid: t.vendor.id, changed_fields: ['status'] }] }),
    viaHeader: true,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Vendor/users/search': {
    method: 'GET',
    url: () => '/api/Vendor/users/search',
    viaHeader: true,
    adminOnly: true,
    success: 200,
  },
};

async function call(route: Route, target: Team, token: string) {
  return services.app.inject({
    method: route.method,
    url: route.url(target),
    headers: { ...bearer(token), ...(route.viaHeader ? { 'x-vendor-id': target.vendor.id } : {}) },
    ...(route.body ? { payload: route.body(target) } : {}),
  });
}

describe('tenancy: every vendor-scoped route', () => {
  it('is in this table', async () => {
    const document = (await services.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const vendorScoped: string[] = [];
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, { description?: string }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        if (/(Members|Admins) of the vendor/.test(operation.description ?? '')) {
          vendorScoped.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(vendorScoped.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [name, route] of Object.entries(ROUTES)) {
    describe(name, () => {
      let a: Team;
      let b: Team;
      beforeAll(async () => {
        a = await createVendorTeam(services.deps, 'Alpha Electrical');
        b = await createVendorTeam(services.deps, 'Bravo Builders');
      });

      it("answers 404 to a member of another vendor, and shows none of that vendor's data", async () => {
        const response = await call(route, b, a.adminToken);
        expect(response.statusCode).toBe(404);
        expect(ErrorBody.parse(response.json()).message).toBe('Vendor was not found.');
        expect(response.body).not.toContain('Bravo');
        expect(response.body).not.toContain(b.user.email);
        expect((await findVendorById(services.deps.database.db, b.vendor.id))?.name).toBe('Bravo Builders');
      });

      it(route.adminOnly ? 'answers 403 to a User of the vendor' : 'serves a User of the vendor', async () => {
        const response = await call(route, b, b.userToken);
        if (route.adminOnly) {
          expect(response.statusCode).toBe(403);
          expect(ErrorBody.parse(response.json()).message).toBe('Only Admins of Bravo Builders can do this.');
        } else {
          expect(response.statusCode, response.body).toBe(route.success);
        }
      });

      it('serves a super admin on both vendors', async () => {
        expect((await call(route, a, superAdminToken)).statusCode).toBe(route.success);
        expect((await call(route, b, superAdminToken)).statusCode).toBe(route.success);
      });

      it('answers 401 without a session', async () => {
        const response = await services.app.inject({ method: route.method, url: route.url(a) });
        expect(response.statusCode).toBe(401);
      });
    });
  }
});

describe('tenancy: ids inside a vendor', () => {
  it("answers 404 for another vendor's user under one's own vendor", async () => {
    const a = await createVendorTeam(services.deps);
    const b = await createVendorTeam(services.deps);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await services.app.inject({
        method,
        url: `/api/Vendor/${a.vendor.id}/users/${b.user.id}`,
        headers: bearer(a.adminToken),
        ...(method === 'PATCH' ? { payload: { role: 'Admin' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('answers 404 for a vendor id that is not an id at all', async () => {
    const a = await createVendorTeam(services.deps);
    const response = await services.app.inject({
      method: 'GET',
      url: '/api/Vendor/drop-table',
      headers: bearer(a.adminToken),
    });
    expect(response.statusCode).toBe(404);
  });

  it("lets a user who belongs to two vendors pick the current one by header, and refuses one they don't", async () => {
    const a = await createVendorTeam(services.deps, 'Charlie Cooling');
    const b = await createVendorTeam(services.deps, 'Delta Drains');
    await addMember(services.deps, b.vendor, a.admin, 'Admin');
    const search = (headers: Record<string, string>) =>
      services.app.inject({
        method: 'GET',
        url: '/api/Vendor/users/search',
        headers: { ...bearer(a.adminToken), ...headers },
      });
    const first = (await search({})).json().data.rows.map((row: { email: string }) => row.email);
    expect(first).toContain(a.user.email);
    const second = (await search({ 'x-vendor-id': b.vendor.id }))
      .json()
      .data.rows.map((row: { email: string }) => row.email);
    expect(second).toContain(b.user.email);
    expect(second).not.toContain(a.user.email);
    const other = await createVendorTeam(services.deps);
    expect((await search({ 'x-vendor-id': other.vendor.id })).statusCode).toBe(404);
  });
});

describe('mass assignment', () => {
  it('ignores ids in a body: the path and the session decide what changes', async () => {
    const a = await createVendorTeam(services.deps, 'Echo Electric');
    const b = await createVendorTeam(services.deps, 'Foxtrot Fencing');
    const renamed = await services.app.inject({
      method: 'PATCH',
      url: `/api/Vendor/${a.vendor.id}`,
      headers: bearer(a.adminToken),
      payload: { name: 'Echo Electric NZ', id: b.vendor.id, vendorId: b.vendor.id, sm8Connected: true },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: a.vendor.id, name: 'Echo Electric NZ', sm8Connected: false });
    expect((await findVendorById(services.deps.database.db, b.vendor.id))?.name).toBe('Foxtrot Fencing');

    const invited = await services.app.inject({
      method: 'POST',
      url: `/api/Vendor/${a.vendor.id}/users`,
      headers: bearer(a.adminToken),
      payload: { email: 'newbie@example.com', role: 'User', vendorId: b.vendor.id, roles: ['SuperAdmin'] },
    });
    expect(invited.statusCode).toBe(201);
    const newbie = invited.json().data.id as string;
    const inB = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${b.vendor.id}/users/${newbie}`,
      headers: bearer(b.adminToken),
    });
    expect(inB.statusCode).toBe(404);
    const profile = await services.app.inject({
      method: 'GET',
      url: `/api/User/${newbie}`,
      headers: bearer(superAdminToken),
    });
    expect(profile.json().data.roles).toEqual([]);

    const welcomed = await services.app.inject({
      method: 'POST',
      url: '/api/User/welcomed',
      headers: bearer(a.userToken),
      payload: { id: a.admin.id },
    });
    expect(welcomed.statusCode).toBe(200);
    const adminProfile = await services.app.inject({
      method: 'GET',
      url: `/api/User/${a.admin.id}`,
      headers: bearer(superAdminToken),
    });
    expect(adminProfile.json().data.welcomedAt).toBeNull();
  });
});
