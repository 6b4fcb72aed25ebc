import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET } from '../src/simulator-options.ts';
import { type Harness, startSimulator } from './support/sim-harness.ts';

const REDIRECT = 'https://automate.example.com/api/Auth/servicem8/callback';

function authorizeUrl(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: DEFAULT_APP_ID,
    scope: 'vendor read_staff read_jobs manage_jobs',
    redirect_uri: REDIRECT,
    state: 'xyz-123',
    ...params,
  });
  return `/oauth/authorize?${query}`;
}

async function consent(harness: Harness, decision: 'allow' | 'deny', staffUuid?: string): Promise<URL> {
  const page = await harness.call(authorizeUrl());
  const html = await page.text();
  const consentId = /name="consent_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await harness.call('/oauth/authorize', {
    form: { consent_id: consentId, decision, ...(staffUuid ? { staff_uuid: staffUuid } : {}) },
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

function exchange(harness: Harness, fields: Record<string, string>) {
  return harness.call('/oauth/access_token', {
    form: { client_id: DEFAULT_APP_ID, client_secret: DEFAULT_APP_SECRET, ...fields },
  });
}

type Tokens = { access_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string };

describe('OAuth authorize: the consent page', () => {
  it('shows the app, the scopes and Allow / Deny buttons', async () => {
    const harness = await startSimulator();
    const page = await harness.call(authorizeUrl());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Harbour Plumbing &amp; Gas');
    expect(html).toContain('<code>manage_jobs</code>');
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
  });

  it('Allow redirects back with a code and the state', async () => {
    const location = await consent(await startSimulator(), 'allow');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);
    expect(location.searchParams.get('state')).toBe('xyz-123');
  });

  it('Deny redirects back with error=access_denied and the state', async () => {
    const location = await consent(await startSimulator(), 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('xyz-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('an unknown client_id is an error page, not a redirect; unknown scopes go back as invalid_scope', async () => {
    const harness = await startSimulator();
    const unknownClient = await harness.call(authorizeUrl({ client_id: 'someone-else' }), { redirect: 'manual' });
    expect(unknownClient.status).toBe(400);
    const badScope = await harness.call(authorizeUrl({ scope: 'read_jobs fly_to_moon' }), { redirect: 'manual' });
    expect(badScope.status).toBe(302);
    expect(new URL(badScope.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_scope');
  });

  it('auto-approve (for tests) redirects with a code at once', async () => {
    const harness = await startSimulator({ oauth: { autoApprove: true } });
    const response = await harness.call(authorizeUrl(), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await exchange(harness, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).status).toBe(
      200,
    );
  });
});

describe('OAuth authorize: the oauthStateEcho assumption', () => {
  it('omit: Allow, Deny and auto-approve redirect back without the state', async () => {
    const harness = await startSimulator({ assumptions: { oauthStateEcho: 'omit' } });
    const allowed = await consent(harness, 'allow');
    expect(allowed.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);
    expect(allowed.searchParams.has('state')).toBe(false);
    const denied = await consent(harness, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.has('state')).toBe(false);
    harness.sim.controls.setOAuth({ autoApprove: true });
    const auto = await harness.call(authorizeUrl(), { redirect: 'manual' });
    expect(new URL(auto.headers.get('location') ?? '').searchParams.has('state')).toBe(false);
  });

  it('is read at each redirect, so switching it at run time takes effect at once', async () => {
    const harness = await startSimulator({ oauth: { autoApprove: true } });
    const stateOf = async () =>
      new URL(
        (await harness.call(authorizeUrl(), { redirect: 'manual' })).headers.get('location') ?? '',
      ).searchParams.get('state');
    expect(await stateOf()).toBe('xyz-123');
    await harness.call('/__sim/assumptions', { json: { oauthStateEcho: 'omit' } });
    expect(await stateOf()).toBeNull();
    harness.sim.controls.setAssumptions({ oauthStateEcho: 'echo' });
    expect(await stateOf()).toBe('xyz-123');
  });
});

describe('OAuth access_token', () => {
  it('exchanges the code (form-encoded) for a 3600 s access token and a refresh token, acting as the consenting staff member', async () => {
    const harness = await startSimulator();
    const code = (await consent(harness, 'allow', SEED_IDS.staff.plumber)).searchParams.get('code') ?? '';
    const response = await exchange(harness, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    expect(tokens).toMatchObject({
      expires_in: 3600,
      token_type: 'bearer',
      scope: 'vendor read_staff read_jobs manage_jobs',
    });
    const vendor = await harness.call('/api_1.0/vendor.json', { token: tokens.access_token });
    expect(((await vendor.json()) as Array<{ uuid: string }>)[0]?.uuid).toBe(SEED_IDS.vendor);
    const call = harness.sim.controls.calls({ path: 'vendor.json' }).at(-1);
    expect(call).toMatchObject({
      credential: tokens.access_token,
      staffUuid: SEED_IDS.staff.plumber,
      appId: DEFAULT_APP_ID,
    });
  });

  it('a code works once', async () => {
    const harness = await startSimulator();
    const code = (await consent(harness, 'allow')).searchParams.get('code') ?? '';
    expect((await exchange(harness, { grant_type: 'authorization_code', code })).status).toBe(200);
    const again = await exchange(harness, { grant_type: 'authorization_code', code });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses JSON bodies and wrong client secrets', async () => {
    const harness = await startSimulator();
    const code = (await consent(harness, 'allow')).searchParams.get('code') ?? '';
    const json = await harness.call('/oauth/access_token', {
      json: { grant_type: 'authorization_code', client_id: DEFAULT_APP_ID, client_secret: DEFAULT_APP_SECRET, code },
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
    const wrongSecret = await exchange(harness, { grant_type: 'authorization_code', code, client_secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('access tokens expire after 3600 s (401)', async () => {
    const harness = await startSimulator();
    const code = (await consent(harness, 'allow')).searchParams.get('code') ?? '';
    const tokens = (await (await exchange(harness, { grant_type: 'authorization_code', code })).json()) as Tokens;
    harness.sim.controls.advanceClock(3599_000);
    expect((await harness.call('/api_1.0/job.json', { token: tokens.access_token })).status).toBe(200);
    harness.sim.controls.advanceClock(1_000);
    const expired = await harness.call('/api_1.0/job.json', { token: tokens.access_token });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ errorCode: 401, message: 'The access token has expired' });
  });

  it('refresh tokens rotate: each refresh returns a new one and the old one stops working', async () => {
    const harness = await startSimulator();
    const code = (await consent(harness, 'allow')).searchParams.get('code') ?? '';
    const first = (await (await exchange(harness, { grant_type: 'authorization_code', code })).json()) as Tokens;
    harness.sim.controls.advanceClock(3700_000);

    const refreshed = await exchange(harness, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.expires_in).toBe(3600);
    expect(second.scope).toBe(first.scope);
    expect((await harness.call('/api_1.0/job.json', { token: second.access_token })).status).toBe(200);

    const reused = await exchange(harness, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const third = await exchange(harness, { grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(third.status).toBe(200);
  });

  it('control API: issue a token directly and expire it', async () => {
    const harness = await startSimulator();
    const tokens = (await (
      await harness.call('/__sim/oauth/token', { json: { scopes: 'read_jobs' } })
    ).json()) as Tokens;
    expect(tokens.scope).toBe('read_jobs');
    expect((await harness.call('/api_1.0/job.json', { token: tokens.access_token })).status).toBe(200);
    await harness.call('/__sim/oauth/expire', { json: { accessToken: tokens.access_token } });
    expect((await harness.call('/api_1.0/job.json', { token: tokens.access_token })).status).toBe(401);
  });
});
