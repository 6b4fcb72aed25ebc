import { Sm8SignInOutcome, successEnvelope } from '@automate/contract';
import { choicesOf, SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './support/factories.ts';
import { approveConsent, consentInBrowser, returnToCallback } from './support/sm8-consent.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * ServiceM8's documentation does not say that its redirect back carries the OAuth `state`. Connecting
 * and "Sign in with ServiceM8" must work either way and stay bound to the browser that started them:
 * the simulator is run with each reading of `oauthStateEcho`.
 */
let services: TestServices;

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
});
afterAll(() => services.cleanup());

const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};

const NOT_THIS_BROWSERS =
  'This sign-in has expired or was started in another browser. Please sign in with ServiceM8 again.';
const Outcome = successEnvelope(Sm8SignInOutcome);

/** How many codes were exchanged with ServiceM8: a refused callback exchanges none. */
const codeExchanges = () => sim().controls.calls({ path: '/oauth/access_token' }).length;

async function complete(connection: string | null, token?: string) {
  if (!connection) throw new Error('the callback gave no connection');
  const response = await services.app.inject({
    method: 'POST',
    url: '/api/Auth/servicem8/complete',
    headers: token ? bearer(token) : {},
    payload: { connection, accountUuid: SEED_IDS.vendor },
  });
  expect(response.statusCode, response.body).toBe(200);
  const outcome = Outcome.parse(response.json()).data;
  if (outcome.outcome !== 'SignedIn') throw new Error(`not signed in: ${outcome.reason}`);
  return outcome;
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

  it('"Sign in with ServiceM8" signs the account owner in, and connecting again while signed in keeps them', async () => {
    const consent = await consentInBrowser(services);
    expect(consent.error).toBeNull();
    const signedIn = await complete(consent.connection);
    expect(signedIn.session.email).toBe('olivia.harper@example.com');
    expect(signedIn.session.vendors).toMatchObject([{ name: 'Harbour Plumbing & Gas', role: 'Admin' }]);

    const again = await consentInBrowser(services);
    const connected = await complete(again.connection, signedIn.session.token);
    expect(connected.session.id).toBe(signedIn.session.id);
    expect(connected.vendorId).toBe(signedIn.vendorId);
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
    expect((await complete(finished.connection)).session.email).toBe('olivia.harper@example.com');
  });
});
