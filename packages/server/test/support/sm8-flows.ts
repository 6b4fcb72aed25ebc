import { Sm8ConnectOutcome, Sm8SignedIn, Sm8SignInOutcome, successEnvelope } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { bearer } from './factories.ts';
import { consentInBrowser } from './sm8-consent.ts';
import type { TestServices } from './test-services.ts';

/**
 * The steps of the ServiceM8 flows as a browser takes them, over the real routes: consent, the
 * activate page, the add-on (its GET link and its window), and linking a login by password or by a
 * mailed link. Each answers the raw response, so tests can assert refusals as well as outcomes.
 */

export const ConnectOutcome = successEnvelope(Sm8ConnectOutcome);
export const AddonOutcome = successEnvelope(Sm8SignInOutcome);
export const LinkOutcome = successEnvelope(Sm8SignedIn);

function simOf(services: TestServices) {
  if (!services.sim) throw new Error('these tests need the ServiceM8 simulator');
  return services.sim;
}

const withToken = (token: string | undefined) => (token ? bearer(token) : {});

/** A browser consents in ServiceM8; the `connection` of the activate page. */
export async function consent(services: TestServices): Promise<string> {
  const { connection, error } = await consentInBrowser(services);
  if (!connection) throw new Error(`consent failed: ${error}`);
  return connection;
}

export function readCandidates(services: TestServices, connection: string, token?: string) {
  return services.app.inject({
    method: 'GET',
    url: '/api/Auth/servicem8/vendors',
    headers: withToken(token),
    query: { connection },
  });
}

export function complete(
  services: TestServices,
  body: { connection: string; vendorId?: string; newOwner?: Record<string, string> },
  token?: string,
) {
  return services.app.inject({
    method: 'POST',
    url: '/api/Auth/servicem8/complete',
    headers: withToken(token),
    payload: { accountUuid: SEED_IDS.vendor, ...body },
  });
}

/** ServiceM8's add-on link, `/sm8/autologin?token=<event JWT>`, for the staff member. */
export async function openAddonLink(services: TestServices, staffUuid: string): Promise<InjectResponse> {
  const { jwt } = await simOf(services).controls.mintAddonEvent({ eventName: 'automate_open', staffUuid });
  return services.app.inject({ method: 'GET', url: '/api/Auth/servicem8/tokenlogin', query: { token: jwt } });
}

/** ServiceM8's add-on window as the staff member, then its button's one-time code; null when it showed no button. */
export async function openAddonWindow(services: TestServices, staffUuid: string): Promise<InjectResponse | null> {
  const invoked = await simOf(services).controls.invokeAddon({
    url: `${services.baseUrl}/api/Auth/servicem8/addon`,
    eventName: 'automate_open',
    staffUuid,
  });
  const href = /<a class="button" href="([^"]+)"/.exec(invoked.eventResponse ?? '')?.[1];
  if (!href) return null;
  const code = new URL(href.replaceAll('&amp;', '&')).searchParams.get('code') ?? '';
  return services.app.inject({ method: 'POST', url: '/api/Auth/servicem8/addon/code', payload: { code } });
}

export function linkByPassword(
  services: TestServices,
  claim: string,
  credentials: { email: string; password: string },
) {
  return services.app.inject({
    method: 'POST',
    url: '/api/Auth/servicem8/link',
    payload: { claim, proof: { kind: 'password', ...credentials } },
  });
}

export function askForLinkEmail(services: TestServices, claim: string, email: string) {
  return services.app.inject({ method: 'POST', url: '/api/Auth/servicem8/link/email', payload: { claim, email } });
}

export function linkByEmailProof(services: TestServices, claim: string, proof: { token: string; userId: string }) {
  return services.app.inject({
    method: 'POST',
    url: '/api/Auth/servicem8/link',
    payload: { claim, proof: { kind: 'emailLink', ...proof } },
  });
}

/** The claim of a `LinkNeeded` answer; throws with the answer otherwise. */
export function claimOf(response: InjectResponse): string {
  const outcome = AddonOutcome.parse(response.json()).data;
  if (outcome.outcome !== 'LinkNeeded') throw new Error(`expected LinkNeeded, got ${response.body}`);
  return outcome.claim;
}

/** What ServiceM8's account owner controls: a staff member's email address. */
export function setStaffEmail(services: TestServices, staffUuid: string, email: string): void {
  simOf(services).controls.writeRecord('staff', staffUuid, { email });
}
