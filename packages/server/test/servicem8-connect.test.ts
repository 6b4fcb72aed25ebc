import { Sm8ConnectionCandidates, Sm8ConnectOutcome, successEnvelope, type UserSession } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhooksJob } from '../src/modules/servicem8/servicem8.jobs.ts';
import { findConnection } from '../src/modules/servicem8/servicem8.repository.ts';
import { currentAccessToken } from '../src/modules/servicem8/sm8-access.ts';
import { bearer, createUser, tokenFor } from './support/factories.ts';
import { pageLinkIn, waitForEmail } from './support/outbox.ts';
import { consentInBrowser } from './support/sm8-consent.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';
import { waitFor } from './support/wait-for.ts';

let services: TestServices;

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
});
afterAll(() => services.cleanup());

const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};

/** Consent in the browser; the connection of the activate page. */
async function consent(): Promise<string> {
  const { connection, error } = await consentInBrowser(services);
  if (!connection) throw new Error(`no connection: ${error}`);
  return connection;
}

describe('connecting a ServiceM8 account', () => {
  let session: UserSession;

  it('creates a new business for the account once its new owner confirms their address, with them as Admin', async () => {
    const connection = await consent();
    const candidates = await services.app.inject({
      method: 'GET',
      url: '/api/Auth/servicem8/vendors',
      query: { connection },
    });
    const { data } = successEnvelope(Sm8ConnectionCandidates).parse(candidates.json());
    expect(data).toMatchObject({
      accountUuid: SEED_IDS.vendor,
      accountName: 'Harbour Plumbing & Gas',
      connectedTo: null,
    });
    expect(data.targets).toEqual([]);

    const complete = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/complete',
      payload: {
        connection,
        accountUuid: SEED_IDS.vendor,
        newOwner: {
          email: 'olivia@example.org',
          password: 'a-fine-password-7',
          firstName: 'Olivia',
          lastName: 'Harper',
        },
      },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(successEnvelope(Sm8ConnectOutcome).parse(complete.json()).data).toEqual({
      outcome: 'ConfirmEmail',
      email: 'olivia@example.org',
      message:
        'We sent a link to olivia@example.org. Open it within 48 hours to confirm your address: Harbour Plumbing & Gas ' +
        'is added to Automate, with you as its Admin, once you do.',
    });
    const superAdmin = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
    const mail = await waitForEmail(services, superAdmin, { to: 'olivia@example.org', templateKey: 'verify-email' });
    const link = pageLinkIn(mail, '/sm8/confirm');
    const confirmed = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/business/confirm',
      payload: { token: link.get('token'), userId: link.get('userId') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    session = confirmed.json().data.session;
    expect(session.email).toBe('olivia@example.org');
    expect(session.vendors).toMatchObject([{ name: 'Harbour Plumbing & Gas', role: 'Admin', sm8Connected: true }]);
    // This server sells no plans (no Stripe), so the new business's automations run without one.
    const vendorId = session.vendors[0]?.vendorId as string;
    const record = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${vendorId}`,
      headers: bearer(session.token),
    });
    expect(record.json().data).toMatchObject({ subscriptionActive: true, hasCurrentSubscription: false });

    const again = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/servicem8/business/confirm',
      payload: { token: link.get('token'), userId: link.get('userId') },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link has already been used. Sign in with ServiceM8 again to start over.');
  });

  it('subscribes the webhooks, answering ServiceM8’s challenge, and syncs the reference data', async () => {
    const vendorId = session.vendors[0]?.vendorId ?? '';
    const callback = (url: string | undefined) =>
      url?.startsWith(`${services.baseUrl}/api/Webhook/sm8cb?vendor=${vendorId}&secret=`);
    const subscriptions = await waitFor(
      () => sim().controls.subscriptions(),
      (list) => list.filter((s) => callback(s.callbackUrl)).length >= 9,
      'the webhook subscriptions',
    );
    const ours = subscriptions.filter((s) => callback(s.callbackUrl));
    expect(ours.every((s) => s.status === 'active')).toBe(true);
    expect(ours.map((s) => s.object ?? s.event).sort()).toEqual(
      [
        'company',
        'company.created',
        'form.response_created',
        'formresponse',
        'job',
        'job.created',
        'job.quote_accepted',
        'jobactivity',
        'jobpayment',
      ].sort(),
    );
    const challenges = sim()
      .controls.deliveries()
      .filter((d) => d.kind === 'challenge' && callback(d.url));
    expect(challenges.length).toBeGreaterThanOrEqual(8);
    expect(challenges.every((d) => d.ok)).toBe(true);

    const reference = await waitFor(
      async () =>
        (
          await services.app.inject({
            method: 'GET',
            url: `/api/Vendor/${vendorId}/servicem8/reference`,
            headers: bearer(session.token),
          })
        ).json().data as Array<{ kind: string; name: string }>,
      (items) => items.some((item) => item.kind === 'badge'),
      'the reference data',
    );
    for (const kind of ['badge', 'queue', 'category', 'staff', 'form', 'formfield', 'material']) {
      expect(
        reference.some((item) => item.kind === kind),
        kind,
      ).toBe(true);
    }
    const vendor = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${vendorId}`,
      headers: bearer(session.token),
    });
    expect(vendor.json().data.timeZone).toBe('Australia/Sydney');
  });

  it('re-syncs on request and says what changed', async () => {
    const vendorId = session.vendors[0]?.vendorId ?? '';
    sim().controls.writeRecord('badge', undefined, { name: 'Warranty' });
    const response = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${vendorId}/sync`,
      headers: bearer(session.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.badge.added).toBe(1);
    expect(response.json().message).toBe('ServiceM8 data is up to date.');
  });

  it('lists the records as pickers show them: by kind, by name, and form fields in their form’s order', async () => {
    const vendorId = session.vendors[0]?.vendorId ?? '';
    sim().controls.writeRecord('badge', undefined, { name: 'zinc roof' });
    sim().controls.writeRecord('badge', undefined, { name: 'Électricien' });
    sim().controls.writeRecord('badge', undefined, { name: 'apprentice' });
    const formUuid = String(sim().controls.writeRecord('form', undefined, { name: 'Site check' }).record.uuid);
    for (const [name, order] of [
      ['Signature', 3],
      ['Address', 1],
      ['Photos', 2],
    ] as const) {
      sim().controls.writeRecord('formfield', undefined, { name, form_uuid: formUuid, sort_order: order });
    }
    const sync = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${vendorId}/sync`,
      headers: bearer(session.token),
    });
    expect(sync.statusCode, sync.body).toBe(200);

    const response = await services.app.inject({
      method: 'GET',
      url: `/api/Vendor/${vendorId}/servicem8/reference`,
      headers: bearer(session.token),
    });
    const items = response.json().data as Array<{ kind: string; name: string; details: { formUuid?: string } }>;
    const kinds = items.map((item) => item.kind);
    expect(kinds).toEqual([...kinds].sort());
    const badges = items.filter((item) => item.kind === 'badge').map((item) => item.name);
    // Ignoring case and accents, as a person reads a list; not by character code ("Warranty" before "apprentice").
    expect(badges).toEqual([...badges].sort((a, b) => a.localeCompare(b, 'en')));
    expect(badges.indexOf('apprentice')).toBeLessThan(badges.indexOf('Électricien'));
    expect(badges.indexOf('Électricien')).toBeLessThan(badges.indexOf('Warranty'));
    expect(badges.indexOf('Warranty')).toBeLessThan(badges.indexOf('zinc roof'));
    const fields = items.filter((item) => item.kind === 'formfield' && item.details.formUuid === formUuid);
    expect(fields.map((field) => field.name)).toEqual(['Address', 'Photos', 'Signature']);
  });

  it('refreshes an expired access token once for concurrent callers, storing the rotated refresh token', async () => {
    const vendorId = session.vendors[0]?.vendorId ?? '';
    const before = await findConnection(services.deps.database.db, vendorId);
    sim().controls.clearCalls();
    services.clock.advance(2 * 3_600_000);
    try {
      const tokens = await Promise.all(Array.from({ length: 5 }, () => currentAccessToken(services.deps, vendorId)));
      expect(new Set(tokens).size).toBe(1);
      const refreshes = sim()
        .controls.calls({ path: '/oauth/access_token' })
        .filter((call) => call.method === 'POST');
      expect(refreshes).toHaveLength(1);
      const after = await findConnection(services.deps.database.db, vendorId);
      expect(after?.refreshTokenEnc).not.toBe(before?.refreshTokenEnc);
      expect(after?.accessTokenExpiresAt.getTime()).toBeGreaterThan(services.clock.now().getTime());
    } finally {
      services.clock.advance(-2 * 3_600_000);
    }
  });

  it('re-subscribes webhooks ServiceM8 deactivated or dropped', async () => {
    const vendorId = session.vendors[0]?.vendorId ?? '';
    const removed = sim().state.subscriptions.remove((s) => s.object?.toLowerCase() === 'job');
    expect(removed).toBe(1);
    const result = await checkWebhooksJob.handle(
      {},
      { deps: services.deps, log: services.deps.logger, jobId: 'test', workerId: 'test', retryCount: 0 },
    );
    expect(result.repaired[vendorId]).toEqual(['job']);
    expect(
      sim()
        .controls.subscriptions()
        .filter((s) => s.object?.toLowerCase() === 'job' && s.status === 'active'),
    ).toHaveLength(1);
  });

  it('tells the activate page when consent was refused or the link is stale', async () => {
    const denied = await services.app.inject({
      method: 'GET',
      url: '/api/Auth/servicem8/callback?error=access_denied',
    });
    expect(new URL(String(denied.headers.location)).searchParams.get('error')).toBe(
      'ServiceM8 access was not allowed, so nothing was connected.',
    );
    const forged = await services.app.inject({
      method: 'GET',
      url: '/api/Auth/servicem8/callback?code=x&state=forged',
    });
    expect(new URL(String(forged.headers.location)).searchParams.get('error')).toBe(
      'This sign-in has expired or was started in another browser. Please sign in with ServiceM8 again.',
    );
    const unknown = await services.app.inject({ method: 'GET', url: '/api/Auth/servicem8/vendors?connection=nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('asks a staff member opening the add-on for the first time to link their ServiceM8 login', async () => {
    const { jwt } = await sim().controls.mintAddonEvent({
      eventName: 'open_automate',
      staffUuid: SEED_IDS.staff.plumber,
    });
    const response = await services.app.inject({
      method: 'GET',
      url: '/api/Auth/servicem8/tokenlogin',
      query: { token: jwt },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      outcome: 'LinkNeeded',
      staffName: 'Sam Nguyen',
      vendorName: 'Harbour Plumbing & Gas',
      staffMayJoin: false,
    });
    const forged = await services.app.inject({
      method: 'GET',
      url: '/api/Auth/servicem8/tokenlogin',
      query: { token: `${jwt.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(401);
  });
});
