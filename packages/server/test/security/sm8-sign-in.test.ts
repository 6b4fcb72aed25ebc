import { SEED_IDS } from '@automate/servicem8-sim';
import { isNotNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConnection } from '../../src/modules/servicem8/servicem8.repository.ts';
import { sm8Connections } from '../../src/modules/servicem8/servicem8.schema.ts';
import { findUserByEmail, updateUser } from '../../src/modules/users/users.repository.ts';
import { sm8Identities } from '../../src/modules/users/users.schema.ts';
import { vendors } from '../../src/modules/vendors/vendors.schema.ts';
import {
  addMember,
  bearer,
  createUser,
  createVendor,
  createVendorTeam,
  TEST_PASSWORD,
  tokenFor,
} from '../support/factories.ts';
import { pageLinkIn, waitForEmail } from '../support/outbox.ts';
import {
  AddonOutcome,
  askForLinkEmail,
  ConnectOutcome,
  claimOf,
  complete,
  consent,
  LinkOutcome,
  linkByEmailProof,
  linkByPassword,
  openAddonLink,
  openAddonWindow,
  setStaffEmail,
} from '../support/sm8-flows.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

/**
 * Nothing ServiceM8 says about a person grants access: OAuth consent proves only that a browser can
 * authorise an account, an add-on event proves a ServiceM8 login, and only a person who proves their
 * Automate account links that login. The first four tests are the attacks that worked before this model.
 */
let services: TestServices;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};
const setAccountEmail = (email: string) => sim().controls.writeRecord('vendor', SEED_IDS.vendor, { email });
const identitiesOf = async (token: string) =>
  (await services.app.inject({ method: 'GET', url: '/api/User/servicem8/identities', headers: bearer(token) })).json()
    .data as unknown[];
const vendorsOf = async (token: string) =>
  (await services.app.inject({ method: 'GET', url: '/api/User/info', headers: bearer(token) })).json().data
    .vendors as Array<{ name: string; role: string }>;

/** Each test starts with the simulator's one account connected to no business and no login linked. */
async function freeTheAccount(): Promise<void> {
  // One statement at a time: an activation job of the last connection may hold these rows meanwhile.
  const db = services.deps.database.db;
  await db.delete(sm8Connections);
  await db.delete(sm8Identities);
  await db.update(vendors).set({ sm8Connected: false, sm8AccountUuid: null }).where(isNotNull(vendors.sm8AccountUuid));
}

/** Connects the simulator's account to a new business whose Admin is returned, as a signed-in person would. */
async function connectedBusiness(name: string) {
  await freeTheAccount();
  const team = await createVendorTeam(services.deps, name);
  const connected = await complete(
    services,
    { connection: await consent(services), vendorId: team.vendor.id },
    team.adminToken,
  );
  expect(connected.statusCode, connected.body).toBe(200);
  return team;
}

describe('the attacks that worked before', () => {
  it('1. Activate never links a staff member to the signed-in victim, so the add-on cannot sign in as her', async () => {
    const victim = await connectedBusiness('Victim Plumbing');
    // The attacker owns the ServiceM8 account: the account and a staff member get the victim's address.
    setAccountEmail(victim.admin.email);
    setStaffEmail(services, SEED_IDS.staff.apprentice, victim.admin.email);
    // The attacker's "Sign in with ServiceM8" link, opened and activated by the signed-in victim.
    const activated = await complete(services, { connection: await consent(services) }, victim.adminToken);
    expect(ConnectOutcome.parse(activated.json()).data).toMatchObject({ outcome: 'Connected', reconnected: true });
    expect(await identitiesOf(victim.adminToken)).toEqual([]);

    const asStaff = await openAddonLink(services, SEED_IDS.staff.apprentice);
    expect(AddonOutcome.parse(asStaff.json()).data).toMatchObject({ outcome: 'LinkNeeded', staffName: 'Jack Wilson' });
  });

  it('2. consenting with an account another business uses makes a newcomer nothing there', async () => {
    const demo = await connectedBusiness('Demo Plumbing');
    const tokensBefore = await findConnection(services.deps.database.db, demo.vendor.id);
    const pat = await createVendorTeam(services.deps, "Pat's Pipes");

    const withoutChoice = await complete(services, { connection: await consent(services) }, pat.adminToken);
    expect(withoutChoice.statusCode).toBe(409);
    expect(withoutChoice.json().message).toContain('ask its Admin for an invitation');
    const intoOwn = await complete(
      services,
      { connection: await consent(services), vendorId: pat.vendor.id },
      pat.adminToken,
    );
    expect(intoOwn.statusCode).toBe(409);
    expect((await vendorsOf(pat.adminToken)).map((v) => v.name)).toEqual(["Pat's Pipes"]);
    const tokensAfter = await findConnection(services.deps.database.db, demo.vendor.id);
    expect(tokensAfter?.accessTokenEnc).toBe(tokensBefore?.accessTokenEnc);

    // A member the Admin removed gets back neither by connecting nor from the add-on.
    const linked = await linkByPassword(services, claimOf(await openAddonLink(services, SEED_IDS.staff.office)), {
      email: demo.user.email,
      password: TEST_PASSWORD,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const removed = await services.app.inject({
      method: 'DELETE',
      url: `/api/Vendor/${demo.vendor.id}/users/${demo.user.id}`,
      headers: bearer(demo.adminToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await identitiesOf(demo.userToken)).toEqual([]);
    await services.app.inject({
      method: 'PATCH',
      url: `/api/Vendor/${demo.vendor.id}`,
      headers: bearer(demo.adminToken),
      payload: { sm8StaffMayJoin: true },
    });
    const reconnect = await complete(services, { connection: await consent(services) }, demo.userToken);
    expect(reconnect.statusCode).toBe(409);
    const viaAddon = await openAddonLink(services, SEED_IDS.staff.office);
    const relink = await linkByPassword(services, claimOf(viaAddon), {
      email: demo.user.email,
      password: TEST_PASSWORD,
    });
    expect(relink.statusCode).toBe(403);
    expect(await vendorsOf(demo.userToken)).toEqual([]);
  });

  it('3. "Sign in with ServiceM8" signs nobody in, whoever consented', async () => {
    await connectedBusiness('Olivia Plumbing');
    sim().controls.setOAuth({ autoApprove: true, staffUuid: SEED_IDS.staff.apprentice });
    try {
      const answer = await complete(services, { connection: await consent(services) });
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).not.toContain('token');
      const asNewOwner = await complete(services, {
        connection: await consent(services),
        newOwner: { email: 'jack@example.org', password: 'a-fine-password-7', firstName: 'Jack', lastName: 'W' },
      });
      expect(asNewOwner.statusCode).toBe(409);
      expect(asNewOwner.json().message).toContain('already connected to a business in Automate');
    } finally {
      sim().controls.setOAuth({ autoApprove: true, staffUuid: SEED_IDS.staff.owner });
    }
  });

  it('4. an add-on staff member with an unregistered or a registered address gets the same answer, and no account', async () => {
    const team = await connectedBusiness('Address Plumbing');
    setStaffEmail(services, SEED_IDS.staff.plumber, 'nobody-yet@example.org');
    const unregistered = AddonOutcome.parse((await openAddonLink(services, SEED_IDS.staff.plumber)).json()).data;
    setStaffEmail(services, SEED_IDS.staff.plumber, team.admin.email);
    const registered = AddonOutcome.parse((await openAddonLink(services, SEED_IDS.staff.plumber)).json()).data;
    const { claim: _first, ...one } = unregistered as { claim: string };
    const { claim: _second, ...two } = registered as { claim: string };
    expect(one).toEqual(two);
    expect(one).toMatchObject({ outcome: 'LinkNeeded', staffName: 'Sam Nguyen', vendorName: 'Address Plumbing' });
    expect(await findUserByEmail(services.deps.database.db, 'nobody-yet@example.org')).toBeUndefined();
  });
});

describe('linking a ServiceM8 login', () => {
  it('needs the account proven now: a session is not enough, a wrong password is refused, the right one links', async () => {
    const team = await connectedBusiness('Link Plumbing');
    const claim = claimOf(await openAddonLink(services, SEED_IDS.staff.plumber));
    const withSessionOnly = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/link',
      headers: bearer(team.userToken),
      payload: { claim },
    });
    expect(withSessionOnly.statusCode).toBe(400);
    const wrong = await linkByPassword(services, claim, { email: team.user.email, password: 'not-it-at-all-9' });
    expect(wrong.statusCode).toBe(401);
    const right = await linkByPassword(services, claim, { email: team.user.email, password: TEST_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    const signedIn = LinkOutcome.parse(right.json()).data;
    expect(signedIn.session.id).toBe(team.user.id);
    expect(signedIn.session.vendors.map((v) => v.name)).toEqual(['Link Plumbing']);

    // From then on the add-on signs them in, for that business only, once per event.
    const again = await openAddonWindow(services, SEED_IDS.staff.plumber);
    expect(again && AddonOutcome.parse(again.json()).data).toMatchObject({
      outcome: 'SignedIn',
      vendorName: 'Link Plumbing',
      session: { id: team.user.id },
    });
    const activity = await services.app.inject({
      method: 'GET',
      url: `/api/vendor/${team.vendor.id}/Activity/search`,
      headers: bearer(team.adminToken),
    });
    const actions = (activity.json().data?.rows ?? []) as Array<{ action: string }>;
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['servicem8.connect', 'servicem8.link']));
  });

  it('by a link mailed to the address the person gives, never to the one ServiceM8 holds', async () => {
    const team = await connectedBusiness('Mail Plumbing');
    setStaffEmail(services, SEED_IDS.staff.office, team.admin.email);
    const claim = claimOf(await openAddonLink(services, SEED_IDS.staff.office));
    const asked = await askForLinkEmail(services, claim, team.user.email);
    expect(asked.json().message).toBe(
      `If an Automate account uses ${team.user.email}, we have emailed it a link. Open it within 30 minutes to link your ServiceM8 login.`,
    );
    const mail = await waitForEmail(services, superAdminToken, { to: team.user.email, templateKey: 'servicem8-link' });
    expect(mail.text).toContain('Priya Patel');
    const query = pageLinkIn(mail, '/sm8/link');
    const linked = await linkByEmailProof(services, query.get('claim') ?? '', {
      token: query.get('token') ?? '',
      userId: query.get('userId') ?? '',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(LinkOutcome.parse(linked.json()).data.session.id).toBe(team.user.id);
  });

  it('never for platform staff, even when a link to them exists', async () => {
    const team = await connectedBusiness('Platform Plumbing');
    const staffer = await createUser(services.deps, { superAdmin: true });
    await addMember(services.deps, team.vendor, staffer, 'Admin');
    const claim = claimOf(await openAddonLink(services, SEED_IDS.staff.apprentice));
    const refused = await linkByPassword(services, claim, { email: staffer.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect((await askForLinkEmail(services, claim, staffer.email)).statusCode).toBe(200);

    const member = team.user;
    await linkByPassword(services, claimOf(await openAddonLink(services, SEED_IDS.staff.apprentice)), {
      email: member.email,
      password: TEST_PASSWORD,
    });
    await updateUser(services.deps.database.db, member.id, { roles: ['SuperAdmin'] });
    expect((await openAddonLink(services, SEED_IDS.staff.apprentice)).statusCode).toBe(403);
  });
});

describe('a new business asked for without signing in', () => {
  it('exists only once its owner confirms their address, and the answer never says whether the address is taken', async () => {
    const taken = await createUser(services.deps);
    const fresh = 'owner-to-be@example.org';
    const ask = async (email: string) =>
      complete(services, {
        connection: await consent(services),
        newOwner: { email, password: 'a-fine-password-7', firstName: 'Owen', lastName: 'Owner' },
      });
    await freeTheAccount();
    const forTaken = ConnectOutcome.parse((await ask(taken.email)).json()).data;
    const forFresh = ConnectOutcome.parse((await ask(fresh)).json()).data;
    expect(forFresh.outcome).toBe('ConfirmEmail');
    expect(JSON.stringify(forTaken).replaceAll(taken.email, fresh)).toBe(JSON.stringify(forFresh));
    await waitForEmail(services, superAdminToken, { to: taken.email, templateKey: 'account-exists' });

    const mail = await waitForEmail(services, superAdminToken, { to: fresh, templateKey: 'verify-email' });
    const query = pageLinkIn(mail, '/sm8/confirm');
    const confirmed = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/business/confirm',
      payload: { token: query.get('token'), userId: query.get('userId') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { session, vendorName } = confirmed.json().data;
    expect(vendorName).toBe('Harbour Plumbing & Gas');
    expect(session.vendors).toMatchObject([{ name: 'Harbour Plumbing & Gas', role: 'Admin', sm8Connected: true }]);
  });
});

describe('sessions', () => {
  it('end one at a time when signing out, and all at once when the password is reset', async () => {
    const user = await createUser(services.deps);
    const first = await tokenFor(services.deps, user);
    const second = await tokenFor(services.deps, user);
    const info = async (token: string) =>
      (await services.app.inject({ method: 'GET', url: '/api/User/info', headers: bearer(token) })).statusCode;
    const out = await services.app.inject({ method: 'POST', url: '/api/Auth/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect(await info(first)).toBe(401);
    expect(await info(second)).toBe(200);
  });

  it('from the add-on act only for the business of that ServiceM8 account', async () => {
    const team = await connectedBusiness('Scoped Plumbing');
    const other = await createVendor(services.deps, 'Other Business');
    await addMember(services.deps, other, team.user, 'Admin');
    const claim = claimOf(await openAddonLink(services, SEED_IDS.staff.plumber));
    const linked = LinkOutcome.parse(
      (await linkByPassword(services, claim, { email: team.user.email, password: TEST_PASSWORD })).json(),
    ).data;
    const elsewhere = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${other.id}`,
      headers: bearer(linked.session.token),
    });
    expect(elsewhere.statusCode).toBe(404);
    const here = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${team.vendor.id}`,
      headers: bearer(linked.session.token),
    });
    expect(here.statusCode).toBe(200);
    // Nor can it create a business under the person's name.
    await freeTheAccount();
    const newBusiness = await complete(services, { connection: await consent(services) }, linked.session.token);
    expect(newBusiness.statusCode).toBe(403);
  });

  it('refuse a token without an id, expiry or issue time, issued in the future, or lasting longer than a session', async () => {
    const user = await createUser(services.deps);
    const valid = await tokenFor(services.deps, user);
    const { jti } = JSON.parse(Buffer.from(valid.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
    const sign = async (claims: (now: number) => { iat?: number; exp?: number; jti?: string }) => {
      const { iat, exp, jti: id } = claims(Math.floor(services.clock.now().getTime() / 1000));
      let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuer('automate');
      if (iat !== undefined) jwt = jwt.setIssuedAt(iat);
      if (exp !== undefined) jwt = jwt.setExpirationTime(exp);
      if (id !== undefined) jwt = jwt.setJti(id);
      return jwt.sign(services.deps.keys.sessionSigningKey);
    };
    const info = async (token: string) =>
      (await services.app.inject({ method: 'GET', url: '/api/User/info', headers: bearer(token) })).statusCode;
    expect(await info(await sign((now) => ({ iat: now, exp: now + 3600, jti })))).toBe(200);
    expect(await info(await sign((now) => ({ iat: now, exp: now + 3600 })))).toBe(401);
    expect(await info(await sign((now) => ({ iat: now, exp: now + 3600, jti: crypto.randomUUID() })))).toBe(401);
    expect(await info(await sign((now) => ({ iat: now, jti })))).toBe(401);
    expect(await info(await sign((now) => ({ exp: now + 3600, jti })))).toBe(401);
    expect(await info(await sign((now) => ({ iat: now + 3600, exp: now + 7200, jti })))).toBe(401);
    expect(await info(await sign((now) => ({ iat: now, exp: now + 10 * 365 * 86_400, jti })))).toBe(401);
  });

  it('an add-on event signs in once', async () => {
    const team = await connectedBusiness('Once Plumbing');
    await linkByPassword(services, claimOf(await openAddonLink(services, SEED_IDS.staff.owner)), {
      email: team.admin.email,
      password: TEST_PASSWORD,
    });
    const { jwt } = await sim().controls.mintAddonEvent({
      eventName: 'automate_open',
      staffUuid: SEED_IDS.staff.owner,
    });
    const use = () =>
      services.app.inject({ method: 'GET', url: '/api/Auth/servicem8/tokenlogin', query: { token: jwt } });
    expect((await use()).statusCode).toBe(200);
    expect((await use()).statusCode).toBe(401);
  });
});
