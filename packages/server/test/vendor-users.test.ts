import { ErrorBody, successEnvelope, UserSession, Vendor, VendorInvitation } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INVITATIONS_PER_VENDOR_PER_DAY } from '../src/modules/invitations/invitation-quota.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { waitForEmail } from './support/outbox.ts';
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

/** The token of the invitation link in an email. */
function invitationToken(text: string): string {
  const found = text.match(/\/auth\/invitation\/([A-Za-z0-9_-]+)/);
  if (!found?.[1]) throw new Error(`no invitation link in: ${text}`);
  return found[1];
}

describe('inviting people to a vendor', () => {
  it('invites a new address, which creates its account on accepting and joins the vendor', async () => {
    const team = await createVendorTeam(services.deps, 'Golf Glazing');
    const invited = await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: 'Nina.New@example.com',
      role: 'User',
      firstName: 'Nina',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().message).toBe('We emailed Nina.New@example.com an invitation.');
    const invitation = successEnvelope(VendorInvitation).parse(invited.json()).data;
    expect(invitation).toMatchObject({ email: 'Nina.New@example.com', role: 'User', status: 'Pending' });

    const email = await waitForEmail(services, superAdminToken, {
      to: 'Nina.New@example.com',
      templateKey: 'vendor-invitation',
    });
    expect(email.subject).toBe('Ada invited you to Golf Glazing on Automate');
    const token = invitationToken(email.text);
    const summary = await services.app.inject({ method: 'GET', url: `/api/Auth/invitation/${token}` });
    expect(summary.json().data).toMatchObject({
      email: 'Nina.New@example.com',
      vendorName: 'Golf Glazing',
      inviterName: 'Ada User',
      role: 'User',
      hasAccount: false,
    });

    const missingPassword = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/invitation/accept',
      payload: { token, firstName: 'Nina', lastName: 'New' },
    });
    expect(missingPassword.statusCode).toBe(400);
    const accepted = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/invitation/accept',
      payload: { token, firstName: 'Nina', lastName: 'New', password: 'glazing-pass-1' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(successEnvelope(UserSession).parse(accepted.json()).data.vendors).toEqual([
      { vendorId: team.vendor.id, name: 'Golf Glazing', role: 'User', sm8Connected: false },
    ]);
    // The team's Admin now finds them among the members, by the name they gave.
    const members = await inject('GET', `/api/Vendor/${team.vendor.id}/users/search`, team.adminToken);
    expect(members.json().data.rows).toContainEqual(
      expect.objectContaining({ email: 'Nina.New@example.com', firstName: 'Nina', lastName: 'New', role: 'User' }),
    );
    const login = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: 'nina.new@example.com', password: 'glazing-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const reused = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/invitation/accept',
      payload: { token, firstName: 'Nina', lastName: 'New', password: 'glazing-pass-1' },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('reveals nothing about another tenant’s user, who joins only by accepting while signed in', async () => {
    const team = await createVendorTeam(services.deps, 'Hotel Heating');
    const other = await createVendorTeam(services.deps, 'Other Business');
    const fresh = await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: 'nobody-yet@example.com',
      role: 'Admin',
    });
    const invited = await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: other.user.email.toUpperCase(),
      role: 'Admin',
    });
    expect(invited.statusCode).toBe(201);
    expect(Object.keys(invited.json().data).sort()).toEqual(Object.keys(fresh.json().data).sort());
    expect(invited.body).not.toContain(other.user.id);
    expect(invited.body).not.toContain(other.user.firstName);
    const members = await inject('GET', `/api/Vendor/${team.vendor.id}/users/search`, team.adminToken);
    expect(members.json().data.rows.map((row: { id: string }) => row.id)).not.toContain(other.user.id);

    const email = await waitForEmail(services, superAdminToken, {
      to: other.user.email.toUpperCase(),
      templateKey: 'vendor-invitation',
    });
    const token = invitationToken(email.text);
    const anonymous = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/invitation/accept',
      payload: { token },
    });
    expect(anonymous.statusCode).toBe(401);
    const someoneElse = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/invitation/accept',
      headers: bearer(other.adminToken),
      payload: { token },
    });
    expect(someoneElse.statusCode).toBe(401);
    const accepted = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/invitation/accept',
      headers: bearer(other.userToken),
      payload: { token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(
      successEnvelope(UserSession)
        .parse(accepted.json())
        .data.vendors.map((v) => v.name)
        .sort(),
    ).toEqual(['Hotel Heating', 'Other Business']);

    const again = await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: other.user.email,
      role: 'User',
    });
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).message).toBe(`${other.user.email} is already a member of Hotel Heating.`);
  });

  it('lists pending invitations and withdraws one, after which its link no longer works', async () => {
    const team = await createVendorTeam(services.deps, 'India Insulation');
    await inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
      email: 'ivy@example.com',
      role: 'User',
    });
    const list = await inject('GET', `/api/Vendor/${team.vendor.id}/invitations`, team.adminToken);
    const [pending] = successEnvelope(z.array(VendorInvitation)).parse(list.json()).data;
    expect(pending).toMatchObject({ email: 'ivy@example.com', status: 'Pending' });
    const email = await waitForEmail(services, superAdminToken, {
      to: 'ivy@example.com',
      templateKey: 'vendor-invitation',
    });

    const withdrawn = await inject(
      'DELETE',
      `/api/Vendor/${team.vendor.id}/invitations/${pending?.id}`,
      team.adminToken,
    );
    expect(withdrawn.statusCode).toBe(200);
    expect((await inject('GET', `/api/Vendor/${team.vendor.id}/invitations`, team.adminToken)).json().data).toEqual([]);
    const summary = await services.app.inject({
      method: 'GET',
      url: `/api/Auth/invitation/${invitationToken(email.text)}`,
    });
    expect(summary.statusCode).toBe(400);
  });

  it(`stops at ${INVITATIONS_PER_VENDOR_PER_DAY} invitations a day, withdrawn ones included, with a 429 saying when more may go`, async () => {
    const team = await createVendorTeam(services.deps, 'Busy Builders');
    const invite = (n: number) =>
      inject('POST', `/api/Vendor/${team.vendor.id}/users`, team.adminToken, {
        email: `guest-${n}@example.com`,
        role: 'User',
      });
    const invitationIds: string[] = [];
    for (let n = 1; n < INVITATIONS_PER_VENDOR_PER_DAY; n++) {
      const invited = await invite(n);
      expect(invited.statusCode).toBe(201);
      invitationIds.push(invited.json().data.id);
    }
    const withdrawn = await inject(
      'DELETE',
      `/api/Vendor/${team.vendor.id}/invitations/${invitationIds[0]}`,
      team.adminToken,
    );
    expect(withdrawn.statusCode).toBe(200);
    expect((await invite(INVITATIONS_PER_VENDOR_PER_DAY)).statusCode).toBe(201);

    const refused = await invite(INVITATIONS_PER_VENDOR_PER_DAY + 1);
    expect(refused.statusCode).toBe(429);
    expect(ErrorBody.parse(refused.json())).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'A business can send at most 50 invitations a day, and yours has sent 50 in the last 24 hours. ' +
        'You can invite again in 24 hours.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);

    services.clock.advance(24 * 3_600_000);
    try {
      expect((await invite(INVITATIONS_PER_VENDOR_PER_DAY + 1)).statusCode).toBe(201);
    } finally {
      services.clock.advance(-24 * 3_600_000);
    }
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
      timeZone: ['Time zone: choose a time zone such as Pacific/Auckland.'],
    });
    const empty = await inject('PATCH', `/api/Vendor/${team.vendor.id}`, team.adminToken, {});
    expect(ErrorBody.parse(empty.json()).message).toBe(
      'Nothing to change: send a new name, timeZone, senderName, clientMessaging, sm8StaffMayJoin or billingAddress.',
    );
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
