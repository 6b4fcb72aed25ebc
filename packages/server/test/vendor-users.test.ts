import { ErrorBody, successEnvelope, UserSession, Vendor, VendorUser } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { linkIn, waitForEmail } from './support/outbox.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices();
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  services.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('inviting people to a vendor', () => {
  it('gives a new address an account, a link to choose a password, and the vendor on sign-in', async () => {
    const team = await createVendorTeam(services.deps, 'Golf Glazing');
    const invited = await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: 'Nina.New@example.com',
      role: 'User',
      firstName: 'Nina',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().message).toBe('We emailed Nina.New@example.com an invitation.');
    expect(successEnvelope(VendorUser).parse(invited.json()).data).toMatchObject({
      email: 'Nina.New@example.com',
      role: 'User',
      firstName: 'Nina',
      emailVerified: false,
    });

    const email = await waitForEmail(services, superAdminToken, {
      to: 'Nina.New@example.com',
      templateKey: 'vendor-invitation',
    });
    expect(email.subject).toBe('Ada added you to Golf Glazing on Automate');
    expect(email.text).toContain('Choose a password to get started (the link works for 72 hours):');
    const link = linkIn(email, 'reset');
    const reset = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/password/reset',
      payload: { ...link, password: 'glazing-pass-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: 'nina.new@example.com', password: 'glazing-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(successEnvelope(UserSession).parse(login.json()).data.vendors).toEqual([
      { vendorId: team.vendor.id, name: 'Golf Glazing', role: 'User', sm8Connected: false },
    ]);
  });

  it('adds an existing user and tells them to sign in', async () => {
    const team = await createVendorTeam(services.deps, 'Hotel Heating');
    const existing = await createUser(services.deps, { email: 'existing@example.com' });
    const invited = await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: 'EXISTING@example.com',
      role: 'Admin',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({ id: existing.id, role: 'Admin' });
    const email = await waitForEmail(services, superAdminToken, {
      to: 'existing@example.com',
      templateKey: 'vendor-invitation',
    });
    expect(email.text).toContain('Sign in to get started:');
    expect(email.text).toContain('https://automate.test/auth/login');

    const again = await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: 'existing@example.com',
      role: 'User',
    });
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).message).toBe('existing@example.com is already a member of Hotel Heating.');
  });
});

describe('roles and removal', () => {
  it('changes roles, and keeps at least one Admin', async () => {
    const team = await createVendorTeam(services.deps);
    const promoted = await inject('PATCH', `/api/Vendor/${team.vendor.id}/users/${team.user.id}`, team.adminToken, {
      role: 'Admin',
    });
    expect(promoted.json().data.role).toBe('Admin');
    const demoted = await inject('PATCH', `/api/Vendor/${team.vendor.id}/users/${team.admin.id}`, team.adminToken, {
      role: 'User',
    });
    expect(demoted.statusCode).toBe(200);

    const lastAdmin = team.user;
    const refuse = await inject('PATCH', `/api/Vendor/${team.vendor.id}/users/${lastAdmin.id}`, team.userToken, {
      role: 'User',
    });
    expect(refuse.statusCode).toBe(409);
    expect(ErrorBody.parse(refuse.json()).message).toBe(
      'A vendor needs at least one Admin: make someone else an Admin first.',
    );
    const remove = await inject('DELETE', `/api/Vendor/${team.vendor.id}/users/${lastAdmin.id}`, team.userToken);
    expect(remove.statusCode).toBe(409);
  });

  it('removes a member, who then cannot see the vendor', async () => {
    const team = await createVendorTeam(services.deps);
    expect((await inject('GET', `/api/Vendor/${team.vendor.id}`, team.userToken)).statusCode).toBe(200);
    const removed = await inject('DELETE', `/api/Vendor/${team.vendor.id}/users/${team.user.id}`, team.adminToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('The user was removed from the vendor.');
    expect((await inject('GET', `/api/Vendor/${team.vendor.id}`, team.userToken)).statusCode).toBe(404);
    const search = await inject('GET', `/api/Vendor/${team.vendor.id}/users/search`, team.adminToken);
    expect(search.json().data.rows.map((row: { email: string }) => row.email)).toEqual([team.admin.email]);
  });
});

describe('vendor settings', () => {
  it('renames and changes the time zone, and says what is wrong with a bad one', async () => {
    const team = await createVendorTeam(services.deps);
    const changed = await inject('PATCH', `/api/Vendor/${team.vendor.id}`, team.adminToken, {
      name: '  Kilo Kitchens  ',
      timeZone: 'Australia/Sydney',
    });
    expect(successEnvelope(Vendor).parse(changed.json()).data).toMatchObject({
      name: 'Kilo Kitchens',
      timeZone: 'Australia/Sydney',
    });
    const bad = await inject('PATCH', `/api/Vendor/${team.vendor.id}`, team.adminToken, { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).errors).toEqual({
      timeZone: ['timeZone must be an IANA time zone such as Pacific/Auckland.'],
    });
    const empty = await inject('PATCH', `/api/Vendor/${team.vendor.id}`, team.adminToken, {});
    expect(ErrorBody.parse(empty.json()).message).toBe('Nothing to change: send a new name or timeZone.');
  });

  it('lists vendors for super admins with the filter the vendor selector uses', async () => {
    const team = await createVendorTeam(services.deps, 'Lima Landscaping');
    const response = await services.app.inject({
      method: 'GET',
      url: '/api/Vendor/search',
      headers: bearer(superAdminToken),
      query: {
        PageNumber: '1',
        PageSize: '200',
        SortBy: 'name',
        SortDir: 'Ascending',
        Filters: JSON.stringify([{ action: 'Eq', field: 'hasCurrentSubscription', value: true }]),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json().data.rows.map((row: { name: string }) => row.name);
    expect(names).toContain('Lima Landscaping');
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    expect((await inject('GET', '/api/Vendor/search', team.adminToken)).statusCode).toBe(403);
  });
});
