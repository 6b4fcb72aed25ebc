import { choicesOf } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecretOf } from '../src/modules/servicem8/sm8-access.ts';
import { createVendorTeam } from './support/factories.ts';
import { approveConsent, consentInBrowser, returnToCallback } from './support/sm8-consent.ts';
import { ConnectOutcome, complete as completeStep } from './support/sm8-flows.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * ServiceM8's documentation does not say that its redirect back carries the OAuth `state`. Connecting
 * and "Sign in with ServiceM8" must work either way and stay bound to the browser that started them:
 * the simulator is run with each reading of `oauthStateEcho`.
 */
let services: TestServices;
let team: Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
  team = await createVendorTeam(services.deps, 'State Plumbing');
});
afterAll(() => services.cleanup());

const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};

const NOT_THIS_BROWSERS =
  'This sign-in has expired or was started in another browser. Please sign in with ServiceM8 again.';

/** How many codes were exchanged with ServiceM8: a refused callback exchanges none. */
const codeExchanges = () => sim().controls.calls({ path: '/oauth/access_token' }).length;

/** The Admin of State Plumbing connects the account the browser authorised to it (again: reconnects). */
async function complete(connection: string | null) {
  if (!connection) throw new Error('the callback gave no connection');
  const response = await completeStep(services, { connection, vendorId: team.vendor.id }, team.adminToken);
  expect(response.statusCode, response.body).toBe(200);
  return ConnectOutcome.parse(response.json()).data;
}

describe.each(choicesOf('oauthStateEcho'))('ServiceM8 redirects back with oauthStateEcho=%s', (choice) => {
  beforeAll(() => {
    sim().controls.setAssumptions({ oauthStateEcho: choice });
  });

  it('ServiceM8 sends our state back only when it echoes it', async () => {
    const { callback } = await approveConsent(services);
    const query = new URL(callback, 'http://callback.test').searchParams;
    expect(query.get('code')).toBeTruthy();
    expect(query.has('state')).toBe(choice === 'echo');
  });

  it('connecting while signed in works, and connecting again reconnects with a new webhook secret', async () => {
    const consent = await consentInBrowser(services);
    expect(consent.error).toBeNull();
    expect(await complete(consent.connection)).toMatchObject({ outcome: 'Connected', vendorId: team.vendor.id });
    const before = await webhookSecretOf(services.deps, team.vendor.id);
    const again = await consentInBrowser(services);
    expect(await complete(again.connection)).toMatchObject({ vendorId: team.vendor.id, reconnected: true });
    // Any staff member of the account can read the callback URL in ServiceM8: reconnecting makes it useless.
    const old = await services.app.inject({
      method: 'POST',
      url: `/api/Webhook/sm8cb?${new URLSearchParams({ vendor: team.vendor.id, secret: before ?? '' })}`,
      payload: { object: 'Job', entry: [{ uuid: crypto.randomUUID(), changed_fields: ['status'] }] },
    });
    expect(old.statusCode).toBe(401);
    expect(await webhookSecretOf(services.deps, team.vendor.id)).not.toBe(before);
  });

  it('a code from another consent reaching a browser that started nothing connects nothing', async () => {
    const attackers = await approveConsent(services);
    const exchanged = codeExchanges();
    expect(await returnToCallback(services, attackers.callback, '')).toEqual({
      connection: null,
      error: NOT_THIS_BROWSERS,
    });
    expect(codeExchanges()).toBe(exchanged);
  });

  it('a start is used once: its cookie brought back with a code from another consent connects nothing', async () => {
    const own = await consentInBrowser(services);
    expect(own.connection).not.toBeNull();
    const attackers = await approveConsent(services);
    const exchanged = codeExchanges();
    expect(await returnToCallback(services, attackers.callback, own.cookie)).toEqual({
      connection: null,
      error: NOT_THIS_BROWSERS,
    });
    expect(codeExchanges()).toBe(exchanged);
  });

  it('a start left for more than 15 minutes connects nothing', async () => {
    const { callback, cookie } = await approveConsent(services);
    const exchanged = codeExchanges();
    services.clock.advance(16 * 60_000);
    try {
      expect(await returnToCallback(services, callback, cookie)).toEqual({
        connection: null,
        error: NOT_THIS_BROWSERS,
      });
    } finally {
      services.clock.advance(-16 * 60_000);
    }
    expect(codeExchanges()).toBe(exchanged);
  });
});

describe('a state that ServiceM8 sent back', () => {
  beforeAll(() => {
    sim().controls.setAssumptions({ oauthStateEcho: 'echo' });
  });

  it('from another browser is refused, and this browser’s own sign-in still finishes', async () => {
    const own = await approveConsent(services);
    const attackers = await approveConsent(services);
    const exchanged = codeExchanges();
    expect(await returnToCallback(services, attackers.callback, own.cookie)).toEqual({
      connection: null,
      error: NOT_THIS_BROWSERS,
    });
    expect(codeExchanges()).toBe(exchanged);
    const finished = await returnToCallback(services, own.callback, own.cookie);
    expect(finished.error).toBeNull();
    expect(await complete(finished.connection)).toMatchObject({ outcome: 'Connected', vendorId: team.vendor.id });
  });

  it('from another browser leaves this browser’s cookie in place; its own callback clears it', async () => {
    const own = await approveConsent(services);
    const attackers = await approveConsent(services);
    const foreign = await services.app.inject({
      method: 'GET',
      url: attackers.callback,
      headers: { cookie: own.cookie },
    });
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const mine = await services.app.inject({ method: 'GET', url: own.callback, headers: { cookie: own.cookie } });
    expect(String(mine.headers['set-cookie'])).toMatch(/automate_sm8_state=;/);
  });
});
