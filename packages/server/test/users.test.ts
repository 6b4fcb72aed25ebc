import {
  AdminUserRow,
  ErrorBody,
  type SearchQueryInput,
  searchPage,
  successEnvelope,
  toSearchParams,
  UserProfile,
  UserSession,
  WelcomedResponse,
} from '@automate/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, createVendor, createVendorTeam, tokenFor } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superToken: string;

beforeAll(async () => {
  services = await startTestServices();
  superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const Session = successEnvelope(UserSession);
const Profile = successEnvelope(UserProfile);
const Welcomed = successEnvelope(WelcomedResponse);
const UsersPage = successEnvelope(searchPage(AdminUserRow));
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());

const get = (url: string, token?: string) =>
  services.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const postWelcomed = (token: string) =>
  services.app.inject({ method: 'POST', url: '/api/User/welcomed', headers: bearer(token) });
const searchUsers = (query: SearchQueryInput, token = superToken) =>
  services.app.inject({
    method: 'GET',
    url: '/api/Admin/users/search',
    headers: bearer(token),
    query: toSearchParams(query),
  });

describe('GET /api/User/info', () => {
  it("returns the caller's current vendors and roles with a new, working token", async () => {
    const user = await createUser(services.deps, { firstName: 'Iris' });
    const first = await createVendor(services.deps, 'Iris Electrical');
    await addMember(services.deps, first, user, 'Admin');
    const oldToken = await tokenFor(services.deps, user);
    // Joined after the token was issued: the answer reflects memberships as they are now.
    const second = await createVendor(services.deps, 'Bright Sparks');
    await addMember(services.deps, second, user, 'User');

    services.clock.advance(5000);
    try {
      const response = await get('/api/User/info', oldToken);
      expect(response.statusCode, response.body).toBe(200);
      const session = Session.parse(response.json()).data;
      expect(session).toMatchObject({
        id: user.id,
        email: user.email,
        userName: user.email,
        firstName: 'Iris',
        lastName: 'User',
        roles: [],
        lockedOut: false,
        vendors: [
          { vendorId: first.id, name: 'Iris Electrical', role: 'Admin', sm8Connected: false },
          { vendorId: second.id, name: 'Bright Sparks', role: 'User', sm8Connected: false },
        ],
      });
      expect(session.token).not.toBe(oldToken);
      const claims = decodeJwt(session.token);
      expect(claims.sub).toBe(user.id);
      expect(claims.exp).toBe(Date.parse(session.tokenExpiry) / 1000);
      expect(claims.exp).toBeGreaterThan(decodeJwt(oldToken).exp ?? 0);

      const withNewToken = await get('/api/User/info', session.token);
      expect(withNewToken.statusCode).toBe(200);
      expect(Session.parse(withNewToken.json()).data.id).toBe(user.id);
    } finally {
      services.clock.advance(-5000);
    }
  });

  it('shows the SuperAdmin role of a super admin', async () => {
    const admin = await createUser(services.deps, { superAdmin: true });
    const session = Session.parse((await get('/api/User/info', await tokenFor(services.deps, admin))).json()).data;
    expect(session).toMatchObject({ id: admin.id, roles: ['SuperAdmin'], vendors: [] });
  });

  it('answers 401 without a token', async () => {
    const response = await get('/api/User/info');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/User/:id', () => {
  it('answers the user themself, an Admin of their vendor and a super admin', async () => {
    const team = await createVendorTeam(services.deps);
    for (const token of [team.userToken, team.adminToken, superToken]) {
      const response = await get(`/api/User/${team.user.id}`, token);
      expect(response.statusCode, response.body).toBe(200);
      expect(Profile.parse(response.json()).data).toEqual({
        id: team.user.id,
        email: team.user.email,
        userName: team.user.email,
        firstName: 'Uma',
        lastName: 'User',
        roles: [],
        emailVerified: true,
        welcomedAt: null,
        dailyDigest: false,
        createdAt: team.user.createdAt.toISOString(),
      });
      expect(response.body).not.toContain('passwordHash');
      expect(response.body).not.toContain('argon2');
    }
  });

  it('answers 404, as for an unknown id, to a co-member who is not an Admin there and to outsiders', async () => {
    const team = await createVendorTeam(services.deps);
    const outsider = await createVendorTeam(services.deps);
    // Admin of another vendor, but only a User where the target is.
    const mixed = await createUser(services.deps);
    await addMember(services.deps, outsider.vendor, mixed, 'Admin');
    await addMember(services.deps, team.vendor, mixed, 'User');
    const loner = await createUser(services.deps);

    const unknown = await get('/api/User/00000000-0000-4000-8000-000000000000', team.adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'NOT_FOUND', message: 'User was not found.' });

    const refusals = [
      ['User co-member', team.userToken, team.admin.id],
      ['Admin of another vendor', outsider.adminToken, team.user.id],
      ['Admin elsewhere, User here', await tokenFor(services.deps, mixed), team.user.id],
      ['unrelated user', await tokenFor(services.deps, loner), team.user.id],
    ] as const;
    for (const [who, token, targetId] of refusals) {
      const response = await get(`/api/User/${targetId}`, token);
      expect(response.statusCode, who).toBe(404);
      expect(response.json(), who).toEqual(unknown.json());
    }
  });

  it('answers 400 to a malformed id and 401 without a token', async () => {
    const team = await createVendorTeam(services.deps);
    const malformed = await get('/api/User/not-an-id', team.adminToken);
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).errors?.id).toEqual(['id is not a valid id.']);
    expect((await get(`/api/User/${team.user.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/User/welcomed', () => {
  it('records the first time only: a later call answers the same time', async () => {
    const user = await createUser(services.deps);
    const token = await tokenFor(services.deps, user);
    const startedAt = services.clock.now().getTime();

    const first = await postWelcomed(token);
    expect(first.statusCode, first.body).toBe(200);
    const welcomedAt = Welcomed.parse(first.json()).data.welcomedAt;
    expect(Date.parse(welcomedAt)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(welcomedAt)).toBeLessThanOrEqual(services.clock.now().getTime() + 1000);

    services.clock.advance(60_000);
    try {
      const second = await postWelcomed(token);
      expect(second.statusCode).toBe(200);
      expect(Welcomed.parse(second.json()).data.welcomedAt).toBe(welcomedAt);
    } finally {
      services.clock.advance(-60_000);
    }
    const profile = Profile.parse((await get(`/api/User/${user.id}`, token)).json()).data;
    expect(profile.welcomedAt).toBe(welcomedAt);
  });

  it('keeps the first time when several calls arrive at once', async () => {
    const token = await tokenFor(services.deps, await createUser(services.deps));
    const answers = await Promise.all([postWelcomed(token), postWelcomed(token), postWelcomed(token)]);
    const times = new Set(answers.map((answer) => Welcomed.parse(answer.json()).data.welcomedAt));
    expect(times.size).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const response = await services.app.inject({ method: 'POST', url: '/api/User/welcomed' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/User/settings', () => {
  it('switches the daily digest on and off for the signed-in user only, and refuses a value that is not true or false', async () => {
    const team = await createVendorTeam(services.deps);
    const post = (payload: object) =>
      services.app.inject({ method: 'POST', url: '/api/User/settings', headers: bearer(team.adminToken), payload });
    const on = await post({ dailyDigest: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(Profile.parse(on.json()).data).toMatchObject({ id: team.admin.id, dailyDigest: true });
    expect(Profile.parse((await get(`/api/User/${team.user.id}`, team.adminToken)).json()).data.dailyDigest).toBe(
      false,
    );
    expect(Profile.parse((await post({ dailyDigest: false })).json()).data.dailyDigest).toBe(false);
    const bad = await post({ dailyDigest: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('dailyDigest must be true (send me the daily digest) or false.');
  });
});

describe('GET /api/Admin/users/search', () => {
  const domain = 'roster-search.test';
  const emails = {
    alpha: `Alpha.Person@${domain}`,
    bravo: `bravo@${domain}`,
    charlie: `charlie@${domain}`,
  };
  const inDomain = { action: 'ILike', field: 'email', value: 'ROSTER-SEARCH' } as const;
  let ids: Record<keyof typeof emails, string>;

  beforeAll(async () => {
    const alpha = await createUser(services.deps, { email: emails.alpha });
    const bravo = await createUser(services.deps, { email: emails.bravo, verified: false });
    const charlie = await createUser(services.deps, { email: emails.charlie });
    ids = { alpha: alpha.id, bravo: bravo.id, charlie: charlie.id };
    const one = await createVendor(services.deps);
    const two = await createVendor(services.deps);
    await addMember(services.deps, one, alpha, 'Admin');
    await addMember(services.deps, two, alpha, 'User');
    await addMember(services.deps, one, charlie, 'User');
    // Five wrong passwords lock charlie out.
    for (let i = 0; i < 5; i++) {
      await services.app.inject({
        method: 'POST',
        url: '/api/Auth/login',
        payload: { email: emails.charlie, password: 'wrong-password-1' },
      });
    }
  });

  it('lists users with their vendor count and lock-out, filtered by email (ILike) and sorted by email', async () => {
    const response = await searchUsers({ Filters: [inDomain], SortBy: 'email' });
    expect(response.statusCode, response.body).toBe(200);
    const page = UsersPage.parse(response.json()).data;
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => [row.email, row.vendorCount, row.lockedOut, row.emailVerified])).toEqual([
      [emails.alpha, 2, false, true],
      [emails.bravo, 0, false, false],
      [emails.charlie, 1, true, true],
    ]);
    expect(page.rows.map((row) => row.id)).toEqual([ids.alpha, ids.bravo, ids.charlie]);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('argon2');

    const descending = UsersPage.parse(
      (await searchUsers({ Filters: [inDomain], SortBy: 'email', SortDir: 'Descending' })).json(),
    ).data;
    expect(descending.rows.map((row) => row.email)).toEqual([emails.charlie, emails.bravo, emails.alpha]);
  });

  it('pages the results and filters by vendor count', async () => {
    const second = UsersPage.parse(
      (await searchUsers({ Filters: [inDomain], SortBy: 'email', PageSize: 2, PageNumber: 2 })).json(),
    ).data;
    expect(second).toMatchObject({ total: 3, pageNumber: 2, pageSize: 2 });
    expect(second.rows.map((row) => row.email)).toEqual([emails.charlie]);

    const members = UsersPage.parse(
      (await searchUsers({ Filters: [inDomain, { action: 'GtEq', field: 'vendorCount', value: 1 }] })).json(),
    ).data;
    expect(members.rows.map((row) => row.email)).toEqual([emails.alpha, emails.charlie]);
  });

  it('shows the lock-out ending once its 15 minutes are over', async () => {
    services.clock.advance(16 * 60_000);
    try {
      const page = UsersPage.parse(
        (await searchUsers({ Filters: [{ action: 'Eq', field: 'email', value: emails.charlie }] })).json(),
      ).data;
      expect(page.rows.map((row) => row.lockedOut)).toEqual([false]);
    } finally {
      services.clock.advance(-16 * 60_000);
    }
  });

  it('refuses to filter by passwordHash, naming the field', async () => {
    const response = await searchUsers({ Filters: [{ action: 'Like', field: 'passwordHash', value: '$argon2' }] });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(/^You cannot filter users by "passwordHash"\. Filterable fields: /);
    expect(body.errors).toEqual({ Filters: ['"passwordHash" is not a filterable field.'] });
  });

  it('answers 403 to anyone but a super admin, and 401 without a token', async () => {
    const team = await createVendorTeam(services.deps);
    for (const token of [team.adminToken, team.userToken]) {
      const response = await searchUsers({}, token);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'FORBIDDEN', message: 'Only super admins can do this.' });
    }
    const anonymous = await services.app.inject({ method: 'GET', url: '/api/Admin/users/search' });
    expect(anonymous.statusCode).toBe(401);
  });
});
