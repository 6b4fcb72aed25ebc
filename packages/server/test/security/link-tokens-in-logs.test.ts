import {
  OutboxMessage,
  Sm8SignInOutcome,
  searchPage,
  successEnvelope,
  toSearchParams,
  UserSession,
} from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../support/factories.ts';
import { captureLogs } from '../support/log-capture.ts';
import { waitForEmail } from '../support/outbox.ts';
import { consentInBrowser } from '../support/sm8-consent.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

/**
 * Whoever reads the log must not find a live emailed link's token there: a whole journey (sign up,
 * confirm, invite, accept, reset a password, prove an address for a ServiceM8 sign-in) runs in
 * production mode with every log line kept, each link opened as a browser would, then every token the
 * emails carried is looked for in the log.
 */

const logs = captureLogs();
let services: TestServices;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices({
    env: { NODE_ENV: 'production', APP_SECRET_KEY: 'a-production-secret-of-at-least-32-characters' },
    simulator: { oauth: { autoApprove: true } },
    log: { stream: logs.stream, level: 'trace' },
  });
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const OWNER = 'journey-owner@example.com';
const INVITEE = 'journey-invitee@example.com';

const get = (url: string, query?: Record<string, string>) =>
  services.app.inject({ method: 'GET', url, ...(query ? { query } : {}) });
async function post(url: string, payload: object, token?: string) {
  const response = await services.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** The delivered email (its log line written) of a kind to an address. */
const delivered = (to: string, templateKey: string) =>
  waitForEmail(services, superAdminToken, { to, templateKey, status: 'Stored' });

/** The link of an email that leads into the app, as the browser opens it. */
function appLink(message: OutboxMessage): URL {
  const found = message.text.match(/\((https?:\/\/[^)]+)\)/g)?.map((link) => new URL(link.slice(1, -1)));
  const link = found?.find((url) => url.pathname.startsWith('/auth/') || url.pathname.startsWith('/sm8/'));
  if (!link) throw new Error(`no app link in: ${message.text}`);
  return link;
}

/** The tokens in every link of every email in the outbox: path segments after the page, and query values. */
async function tokensInOutbox(): Promise<string[]> {
  const response = await services.app.inject({
    method: 'GET',
    url: '/api/Admin/outbox/search',
    headers: bearer(superAdminToken),
    query: toSearchParams({ PageSize: 200 }),
  });
  const page = successEnvelope(searchPage(OutboxMessage)).parse(response.json());
  const tokens = new Set<string>();
  for (const message of page.data.rows) {
    for (const [, token] of message.text.matchAll(/\/auth\/(?:verify|reset|invitation)\/([A-Za-z0-9_-]+)/g)) {
      if (token) tokens.add(token);
    }
    for (const [, value] of message.text.matchAll(/[?&](?:claim|token)=([^&\s)]+)/g)) {
      if (value) tokens.add(decodeURIComponent(value));
    }
  }
  return [...tokens];
}

describe('emailed link tokens', () => {
  it('never reach the log, all along a journey that opens every link', async () => {
    await post('/api/Auth/register', {
      email: OWNER,
      password: 'journey-pass-1',
      firstName: 'Olive',
      lastName: 'Owner',
      vendorName: 'Journey Plumbing',
    });
    const confirm = appLink(await delivered(OWNER, 'verify-email'));
    await get(confirm.pathname);
    const [, , , token, userId] = confirm.pathname.split('/');
    await post('/api/Auth/verify', { token, userId });
    const owner = successEnvelope(UserSession).parse(
      (await post('/api/Auth/login', { email: OWNER, password: 'journey-pass-1' })).json(),
    ).data;

    await post(
      `/api/Vendor/${owner.vendors[0]?.vendorId}/users`,
      { email: INVITEE, role: 'User', firstName: 'Ivy' },
      owner.token,
    );
    const invitation = appLink(await delivered(INVITEE, 'vendor-invitation'));
    await get(invitation.pathname);
    const invitationToken = invitation.pathname.split('/')[3] ?? '';
    expect((await get(`/api/Auth/invitation/${invitationToken}`)).statusCode).toBe(200);
    await post('/api/Auth/invitation/accept', {
      token: invitationToken,
      firstName: 'Ivy',
      lastName: 'Invitee',
      password: 'journey-pass-2',
    });

    await post('/api/Auth/password/reset/request', { email: OWNER });
    const reset = appLink(await delivered(OWNER, 'password-reset'));
    await get(reset.pathname);
    const [, , , resetToken, resetUserId] = reset.pathname.split('/');
    await post('/api/Auth/password/reset', { token: resetToken, userId: resetUserId, password: 'journey-pass-3' });

    await post('/api/Auth/register', {
      email: OWNER,
      password: 'journey-pass-4',
      firstName: 'Olive',
      lastName: 'Again',
      vendorName: 'Second Plumbing',
    });
    await delivered(OWNER, 'account-exists');

    // The owner connects ServiceM8; the invitee opens Automate from it and proves her address by mail.
    const again = successEnvelope(UserSession).parse(
      (await post('/api/Auth/login', { email: OWNER, password: 'journey-pass-3' })).json(),
    ).data;
    const { connection } = await consentInBrowser(services);
    await post(
      '/api/Auth/servicem8/complete',
      { connection, accountUuid: SEED_IDS.vendor, vendorId: again.vendors[0]?.vendorId },
      again.token,
    );
    const sim = services.sim;
    if (!sim) throw new Error('no simulator');
    const { jwt } = await sim.controls.mintAddonEvent({
      eventName: 'automate_open',
      staffUuid: SEED_IDS.staff.plumber,
    });
    const outcome = successEnvelope(Sm8SignInOutcome).parse(
      (await get('/api/Auth/servicem8/tokenlogin', { token: jwt })).json(),
    ).data;
    if (outcome.outcome !== 'LinkNeeded') throw new Error('expected a claim');
    await post('/api/Auth/servicem8/link/email', { claim: outcome.claim, email: INVITEE });
    const sm8Link = appLink(await delivered(INVITEE, 'servicem8-link'));
    await get(`${sm8Link.pathname}${sm8Link.search}`);
    const claim = sm8Link.searchParams.get('claim') ?? '';
    await get('/api/Auth/servicem8/link', { claim });
    await post('/api/Auth/servicem8/link', {
      claim,
      proof: {
        kind: 'emailLink',
        token: sm8Link.searchParams.get('token'),
        userId: sm8Link.searchParams.get('userId'),
      },
    });

    const tokens = await tokensInOutbox();
    // confirm, invitation, reset, and the ServiceM8 link's claim and token
    expect(tokens).toHaveLength(5);
    const log = logs.text();
    for (const token of tokens) expect(log).not.toContain(token);
    // The pages and lookups were logged, with their tokens replaced.
    expect(log).toContain('/auth/invitation/[redacted]');
    expect(log).toContain('/api/Auth/invitation/[redacted]');
    expect(log).toContain('/api/Auth/invitation/accept');
  });
});
