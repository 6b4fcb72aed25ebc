import { Sm8AddonEventResponse, Sm8SignInOutcome, successEnvelope } from '@automate/contract';
import { choicesOf, SEED_IDS } from '@automate/servicem8-sim';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVendorTeam, TEST_PASSWORD } from './support/factories.ts';
import { claimOf, complete, consent, linkByPassword, openAddonLink } from './support/sm8-flows.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * ServiceM8 opens a web-service add-on by POSTing the add-on event (a JWT signed with the app secret)
 * to the add-on's callback URL and shows the `eventResponse` HTML in its add-on window. The window's
 * button opens Automate with a one-time code, which signs the staff member in.
 */
let services: TestServices;
let olivia: { id: string; email: string };

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
  // Olivia connects the account to her business, then links her ServiceM8 login by proving her account.
  const team = await createVendorTeam(services.deps, 'Harbour Plumbing & Gas');
  olivia = team.admin;
  await complete(services, { connection: await consent(services), vendorId: team.vendor.id }, team.adminToken);
  const linked = await linkByPassword(services, claimOf(await openAddonLink(services, SEED_IDS.staff.owner)), {
    email: olivia.email,
    password: TEST_PASSWORD,
  });
  if (linked.statusCode !== 200) throw new Error(`Olivia's login was not linked: ${linked.body}`);
});
afterAll(() => services.cleanup());

const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};
const callbackUrl = () => `${services.baseUrl}/api/Auth/servicem8/addon`;

/** ServiceM8 opens the add-on as the staff member; the window's HTML. */
async function openAddonWindow(staffUuid: string = SEED_IDS.staff.owner): Promise<string> {
  const invoked = await sim().controls.invokeAddon({ url: callbackUrl(), eventName: 'automate_open', staffUuid });
  expect(invoked.error).toBeNull();
  expect(invoked.status).toBe(200);
  return invoked.eventResponse ?? '';
}

/** The one-time code in the link of the window's button (the link leads to the web app's /sm8/addon). */
function codeOf(html: string): string {
  const href = /<a class="button" href="([^"]+)" target="_blank"/.exec(html)?.[1];
  if (!href) throw new Error(`no button in ${html}`);
  const url = new URL(href.replaceAll('&amp;', '&'));
  expect(`${url.origin}${url.pathname}`).toBe(`${services.baseUrl}/sm8/addon`);
  // The link carries the one-time code and nothing else: no event JWT, no session token.
  expect([...url.searchParams.keys()]).toEqual(['code']);
  return url.searchParams.get('code') ?? '';
}

function redeem(code: string) {
  return services.app.inject({ method: 'POST', url: '/api/Auth/servicem8/addon/code', payload: { code } });
}

/** POSTs a body to the callback as ServiceM8 would; the window's HTML. */
async function postEvent(body: string, contentType?: string): Promise<string> {
  const response = await fetch(callbackUrl(), {
    method: 'POST',
    headers: contentType ? { 'content-type': contentType } : {},
    body: new TextEncoder().encode(body),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  // ServiceM8 renders the answer in an iframe: nothing may forbid framing it.
  expect(response.headers.get('x-frame-options')).toBeNull();
  expect(response.headers.get('content-security-policy')).toBeNull();
  return Sm8AddonEventResponse.parse(await response.json()).eventResponse;
}

const INVALID_WINDOW = 'This ServiceM8 link is not valid or has expired.';

describe.each(choicesOf('addonCallbackMethod'))('ServiceM8 POSTs the add-on event (%s)', (method) => {
  beforeAll(() => {
    sim().controls.setAssumptions({ addonCallbackMethod: method });
  });

  it('gets a window whose button signs the linked staff member in, once', async () => {
    const html = await openAddonWindow();
    expect(html).toContain('Harbour Plumbing &amp; Gas');
    expect(html).not.toContain('<script');
    const code = codeOf(html);

    const signIn = await redeem(code);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const outcome = successEnvelope(Sm8SignInOutcome).parse(signIn.json()).data;
    if (outcome.outcome !== 'SignedIn') throw new Error(signIn.body);
    expect(outcome.session).toMatchObject({ id: olivia.id, email: olivia.email });
    expect(outcome).toMatchObject({ vendorName: 'Harbour Plumbing & Gas' });
    expect(html).not.toContain(outcome.session.token);

    const again = await redeem(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(
      'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.',
    );
  });
});

describe('the add-on window', () => {
  it('has a code that stops working after 2 minutes', async () => {
    const code = codeOf(await openAddonWindow());
    services.clock.advance(2 * 60_000 + 1_000);
    try {
      expect((await redeem(code)).statusCode).toBe(401);
    } finally {
      services.clock.advance(-(2 * 60_000 + 1_000));
    }
  });

  it('answers a forged, tampered or old event with a page saying so, and nothing that signs in', async () => {
    const now = Math.floor(services.clock.now().getTime() / 1000);
    const event = {
      eventVersion: '1.0',
      eventName: 'automate_open',
      auth: { accountUUID: SEED_IDS.vendor, staffUUID: SEED_IDS.staff.owner },
      eventArgs: {},
    };
    const sign = (secret: string, issuedAt: number) =>
      new SignJWT(event)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(issuedAt)
        .sign(new TextEncoder().encode(secret));
    const { appSecret } = sim().info();
    const genuine = await sign(appSecret, now);
    const bodies = [
      await sign('not-the-app-secret', now),
      `${genuine.slice(0, -4)}AAAA`,
      await sign(appSecret, now - 12 * 60),
      '',
      'not a jwt',
    ];
    for (const body of bodies) {
      for (const html of [await postEvent(body, 'text/plain'), await postEvent(body)]) {
        expect(html).toContain(INVALID_WINDOW);
        expect(html).not.toContain('/sm8/addon');
      }
    }
    // A genuine token opens a window with a button, whichever way it is labelled, once.
    expect(codeOf(await postEvent(genuine))).not.toBe('');
    expect(await postEvent(genuine)).toContain(INVALID_WINDOW);
    const another = await sign(appSecret, now - 1);
    expect(
      codeOf(await postEvent(new URLSearchParams({ jwt: another }).toString(), 'application/x-www-form-urlencoded')),
    ).not.toBe('');
  });

  it('tells a staff member of an account that is not connected to ask an Admin to connect it', async () => {
    const jwt = await new SignJWT({
      eventVersion: '1.0',
      eventName: 'automate_open',
      auth: { accountUUID: 'another-account', staffUUID: SEED_IDS.staff.owner },
      eventArgs: {},
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(services.clock.now().getTime() / 1000))
      .sign(new TextEncoder().encode(sim().info().appSecret));
    const html = await postEvent(jwt, 'text/plain');
    expect(html).toContain('This ServiceM8 account is not connected to Automate yet.');
    expect(html).not.toContain('/sm8/addon');
  });

  it('asks a staff member whose login nobody linked to link it, and signs nobody in', async () => {
    sim().controls.writeRecord('staff', SEED_IDS.staff.apprentice, { email: olivia.email });
    const outcome = successEnvelope(Sm8SignInOutcome).parse(
      (await redeem(codeOf(await openAddonWindow(SEED_IDS.staff.apprentice)))).json(),
    ).data;
    expect(outcome).toMatchObject({
      outcome: 'LinkNeeded',
      staffName: 'Jack Wilson',
      vendorName: 'Harbour Plumbing & Gas',
    });
  });
});
