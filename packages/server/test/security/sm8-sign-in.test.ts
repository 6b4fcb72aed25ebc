import {
  OutboxMessage,
  Sm8ConnectionCandidates,
  Sm8SignInOutcome,
  searchPage,
  successEnvelope,
  toSearchParams,
} from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail, updateUser } from '../../src/modules/users/users.repository.ts';
import { addMember, bearer, createUser, createVendor, createVendorTeam, tokenFor } from '../support/factories.ts';
import { waitForEmail } from '../support/outbox.ts';
import { consentInBrowser } from '../support/sm8-consent.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

/**
 * Signing in with ServiceM8 trusts the (account, staff) identity linked to a user, never a staff
 * member's email: a ServiceM8 account owner can give a staff member anyone's address.
 */
let services: TestServices;
let superAdminToken: string;
const SUPER_ADMIN_EMAIL = 'root@automate.example.com';
const Outcome = successEnvelope(Sm8SignInOutcome);

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
  superAdminToken = await tokenFor(
    services.deps,
    await createUser(services.deps, { email: SUPER_ADMIN_EMAIL, superAdmin: true }),
  );
});
afterAll(() => services.cleanup());

const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};

/** What the ServiceM8 account owner controls: staff emails and the account's email. */
function setStaffEmail(staffUuid: string, email: string) {
  sim().controls.writeRecord('staff', staffUuid, { email });
}
function setAccountEmail(email: string) {
  sim().controls.writeRecord('vendor', SEED_IDS.vendor, { email });
}

async function connect(options: { token?: string; vendorId?: string } = {}) {
  const { connection, error } = await consentInBrowser(services);
  if (!connection) throw new Error(`consent failed: ${error}`);
  const response = await services.app.inject({
    method: 'POST',
    url: '/api/Auth/servicem8/complete',
    headers: options.token ? bearer(options.token) : {},
    payload: { connection, accountUuid: SEED_IDS.vendor, ...(options.vendorId ? { vendorId: options.vendorId } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { connection, outcome: Outcome.parse(response.json()).data };
}

async function openAddon(staffUuid: string) {
  const { jwt } = await sim().controls.mintAddonEvent({ eventName: 'open_automate', staffUuid });
  return services.app.inject({ method: 'GET', url: '/api/Auth/servicem8/tokenlogin', query: { token: jwt } });
}

async function linkEmailsTo(to: string) {
  const response = await services.app.inject({
    method: 'GET',
    url: '/api/Admin/outbox/search',
    headers: bearer(superAdminToken),
    query: toSearchParams({
      Filters: [
        { action: 'Eq', field: 'to', value: to },
        { action: 'Eq', field: 'templateKey', value: 'servicem8-link' },
      ],
    }),
  });
  return successEnvelope(searchPage(OutboxMessage)).parse(response.json()).data.rows;
}

describe('signing in with ServiceM8', () => {
  let alice: Awaited<ReturnType<typeof createVendorTeam>>;

  it('connects while signed in to the business the person chooses, and never changes who is signed in', async () => {
    alice = await createVendorTeam(services.deps, 'Alice Plumbing');
    setAccountEmail(alice.admin.email);
    setStaffEmail(SEED_IDS.staff.owner, alice.admin.email);

    const { connection } = await consentInBrowser(services);
    const candidates = await services.app.inject({
      method: 'GET',
      url: '/api/Auth/servicem8/vendors',
      headers: bearer(alice.adminToken),
      query: { connection: connection ?? '' },
    });
    expect(successEnvelope(Sm8ConnectionCandidates).parse(candidates.json()).data.targets).toEqual([
      { vendorId: alice.vendor.id, name: 'Alice Plumbing' },
    ]);

    const { outcome } = await connect({ token: alice.adminToken, vendorId: alice.vendor.id });
    if (outcome.outcome !== 'SignedIn') throw new Error(outcome.reason);
    expect(outcome.session.id).toBe(alice.admin.id);
    expect(outcome).toMatchObject({ vendorId: alice.vendor.id, vendorName: 'Alice Plumbing', linked: true });

    const identities = await services.app.inject({
      method: 'GET',
      url: '/api/User/servicem8/identities',
      headers: bearer(alice.adminToken),
    });
    expect(identities.json().data).toMatchObject([
      { accountUuid: SEED_IDS.vendor, staffUuid: SEED_IDS.staff.owner, staffEmail: alice.admin.email },
    ]);
  });

  it('does not sign anyone in as the super admin whose email a staff member was given (add-on token)', async () => {
    setStaffEmail(SEED_IDS.staff.plumber, SUPER_ADMIN_EMAIL);
    const response = await openAddon(SEED_IDS.staff.plumber);
    expect(response.statusCode, response.body).toBe(200);
    const outcome = Outcome.parse(response.json()).data;
    expect(outcome).toMatchObject({ outcome: 'SignInNeeded', email: SUPER_ADMIN_EMAIL });
    if (outcome.outcome !== 'SignInNeeded' || !outcome.claim) throw new Error('expected a claim');

    const mailed = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/link/email',
      payload: { claim: outcome.claim },
    });
    expect(mailed.statusCode).toBe(200);
    expect(await linkEmailsTo(SUPER_ADMIN_EMAIL)).toEqual([]);

    const unproven = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/link',
      payload: { claim: outcome.claim },
    });
    expect(unproven.statusCode).toBe(401);
    const asSuperAdmin = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/link',
      headers: bearer(superAdminToken),
      payload: { claim: outcome.claim },
    });
    expect(asSuperAdmin.statusCode).toBe(403);
    expect((await openAddon(SEED_IDS.staff.plumber)).json().data.outcome).toBe('SignInNeeded');
  });

  it('does not sign anyone in as the super admin through connect; the linked identity decides, not the email', async () => {
    setAccountEmail(SUPER_ADMIN_EMAIL);
    setStaffEmail(SEED_IDS.staff.owner, SUPER_ADMIN_EMAIL);
    const { outcome } = await connect();
    if (outcome.outcome !== 'SignedIn') throw new Error(outcome.reason);
    expect(outcome.session.email).toBe(alice.admin.email);
    expect(outcome.session.roles).toEqual([]);
  });

  it('asks a staff member whose email belongs to another account to prove it, then links it by the mailed link', async () => {
    const bob = await createVendorTeam(services.deps, 'Bob Electrical');
    setStaffEmail(SEED_IDS.staff.office, bob.user.email);
    const first = Outcome.parse((await openAddon(SEED_IDS.staff.office)).json()).data;
    if (first.outcome !== 'SignInNeeded' || !first.claim) throw new Error('expected SignInNeeded');
    expect(first.email).toBe(bob.user.email);

    const summary = await services.app.inject({
      method: 'GET',
      url: '/api/Auth/servicem8/link',
      query: { claim: first.claim },
    });
    expect(summary.json().data).toMatchObject({
      accountName: 'Alice Plumbing',
      staff: { email: bob.user.email, firstName: 'Priya' },
      vendorName: 'Alice Plumbing',
    });

    await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/link/email',
      payload: { claim: first.claim },
    });
    const email = await waitForEmail(services, superAdminToken, { to: bob.user.email, templateKey: 'servicem8-link' });
    expect(email.text).toContain('Priya Patel');
    const link = new URL(email.text.match(/\((http[^)]+\/sm8\/link\?[^)]+)\)/)?.[1] ?? '');
    const confirmed = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/link',
      payload: {
        claim: link.searchParams.get('claim'),
        proof: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId') },
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      outcome: 'SignedIn',
      linked: true,
      session: {
        id: bob.user.id,
        vendors: expect.arrayContaining([expect.objectContaining({ name: 'Alice Plumbing', role: 'User' })]),
      },
    });

    const next = Outcome.parse((await openAddon(SEED_IDS.staff.office)).json()).data;
    expect(next.outcome === 'SignedIn' && next.session.id).toBe(bob.user.id);

    await updateUser(services.deps.database.db, bob.user.id, { roles: ['SuperAdmin'] });
    expect((await openAddon(SEED_IDS.staff.office)).statusCode).toBe(403);
  });

  it('creates a new user at a first sign-in when no account has the email, without calling the address confirmed', async () => {
    setStaffEmail(SEED_IDS.staff.apprentice, 'jack.new@example.com');
    const outcome = Outcome.parse((await openAddon(SEED_IDS.staff.apprentice)).json()).data;
    if (outcome.outcome !== 'SignedIn') throw new Error(outcome.reason);
    expect(outcome.session.email).toBe('jack.new@example.com');
    expect(outcome.session.vendors).toMatchObject([{ name: 'Alice Plumbing', role: 'User' }]);
    const created = await findUserByEmail(services.deps.database.db, 'jack.new@example.com');
    expect(created?.emailVerifiedAt).toBeNull();
  });

  it('lets a user see and remove a linked sign-in, after which it signs nobody in', async () => {
    const removed = await services.app.inject({
      method: 'DELETE',
      url: `/api/User/servicem8/identities/${SEED_IDS.vendor}/${SEED_IDS.staff.owner}`,
      headers: bearer(alice.adminToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await services.app.inject({
      method: 'DELETE',
      url: `/api/User/servicem8/identities/${SEED_IDS.vendor}/${SEED_IDS.staff.owner}`,
      headers: bearer(alice.adminToken),
    });
    expect(again.statusCode).toBe(404);
    const { outcome } = await connect();
    expect(outcome).toMatchObject({ outcome: 'SignInNeeded', email: SUPER_ADMIN_EMAIL });
  });

  it('signs nobody in when ServiceM8 does not say who the owner is (no staff member has the account’s email)', async () => {
    setAccountEmail('accounts@harbourplumbing.example.com');
    const { outcome } = await connect();
    expect(outcome).toMatchObject({ outcome: 'SignInNeeded', email: null, claim: null });
    const signedIn = await connect({ token: alice.adminToken });
    expect(signedIn.outcome.outcome === 'SignedIn' && signedIn.outcome.session.id).toBe(alice.admin.id);
  });

  it('refuses a connect finished in another browser than the one that started it (login CSRF)', async () => {
    const withoutCookie = await consentInBrowser(services, { callbackCookie: '' });
    expect(withoutCookie).toMatchObject({ connection: null, error: expect.stringContaining('another browser') });
    const otherBrowser = await services.app.inject({ method: 'GET', url: '/api/Auth/login/servicem8' });
    const withOtherCookie = await consentInBrowser(services, {
      callbackCookie: String(otherBrowser.headers['set-cookie']).split(';')[0],
    });
    expect(withOtherCookie.connection).toBeNull();
  });

  it('never links a platform user who connects, nor makes them a member', async () => {
    const vendor = await createVendor(services.deps, 'Platform Test');
    const staffer = await createUser(services.deps, { superAdmin: true });
    await addMember(services.deps, vendor, staffer, 'Admin');
    setAccountEmail(staffer.email);
    setStaffEmail(SEED_IDS.staff.owner, staffer.email);
    const { outcome } = await connect({ token: await tokenFor(services.deps, staffer) });
    expect(outcome).toMatchObject({ outcome: 'SignedIn', linked: false, vendorName: 'Alice Plumbing' });
  });
});

describe('session tokens', () => {
  /** A token for a new user, with claims set relative to the time after the user was created. */
  const sign = async (claims: (now: number) => { iat?: number; exp?: number }) => {
    const user = await createUser(services.deps);
    const { iat, exp } = claims(Math.floor(services.clock.now().getTime() / 1000));
    let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuer('automate');
    if (iat !== undefined) jwt = jwt.setIssuedAt(iat);
    if (exp !== undefined) jwt = jwt.setExpirationTime(exp);
    return jwt.sign(services.deps.keys.sessionSigningKey);
  };
  const info = async (token: string) =>
    (await services.app.inject({ method: 'GET', url: '/api/User/info', headers: bearer(token) })).statusCode;

  it('refuses a token without an expiry or issue time, issued in the future, or lasting longer than a session', async () => {
    expect(await info(await sign((now) => ({ iat: now, exp: now + 3600 })))).toBe(200);
    expect(await info(await sign((now) => ({ iat: now })))).toBe(401);
    expect(await info(await sign((now) => ({ exp: now + 3600 })))).toBe(401);
    expect(await info(await sign((now) => ({ iat: now + 3600, exp: now + 7200 })))).toBe(401);
    expect(await info(await sign((now) => ({ iat: now, exp: now + 10 * 365 * 86_400 })))).toBe(401);
  });
});
