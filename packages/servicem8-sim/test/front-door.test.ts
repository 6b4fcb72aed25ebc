import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type FrontDoor, startFrontDoor } from '../src/front-door/front-door.ts';
import { asAccount, resolveSeed } from '../src/seed/load-seed.ts';
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET } from '../src/simulator-options.ts';
import { type Harness, startSimulator } from './support/sim-harness.ts';

const REDIRECT = 'https://automate.example.com/api/Auth/servicem8/callback';

let door: FrontDoor | undefined;
afterEach(async () => {
  await door?.close();
  door = undefined;
});

/** A simulator that is an account of its own, consenting at once. */
async function account(): Promise<{ harness: Harness; uuid: string }> {
  const uuid = randomUUID();
  const harness = await startSimulator({
    seed: asAccount(resolveSeed('demo', new Date()), uuid),
    oauth: { autoApprove: true },
  });
  return { harness, uuid };
}

/** The consent and the code's exchange, both through the door. */
async function signIn(url: string): Promise<{ access_token: string; refresh_token: string }> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: DEFAULT_APP_ID,
    scope: 'vendor read_jobs',
    redirect_uri: REDIRECT,
  });
  const consent = await fetch(`${url}/oauth/authorize?${query}`, { redirect: 'manual' });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const form = { client_id: DEFAULT_APP_ID, client_secret: DEFAULT_APP_SECRET, redirect_uri: REDIRECT };
  const tokens = await fetch(`${url}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({ ...form, grant_type: 'authorization_code', code }),
  });
  expect(tokens.status).toBe(200);
  return (await tokens.json()) as { access_token: string; refresh_token: string };
}

async function vendorUuidWith(url: string, token: string): Promise<string | undefined> {
  const answer = await fetch(`${url}/api_1.0/vendor.json`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as Array<{ uuid: string }>)[0]?.uuid;
}

describe('front door: several accounts at one address', () => {
  it('sends each call to the account that issued its token, and the consent to the one named', async () => {
    const [first, second] = [await account(), await account()];
    door = await startFrontDoor();
    door.consentTo(first.harness.sim);
    const firstTokens = await signIn(door.url);
    door.consentTo(second.harness.sim);
    const secondTokens = await signIn(door.url);

    expect(await vendorUuidWith(door.url, firstTokens.access_token)).toBe(first.uuid);
    expect(await vendorUuidWith(door.url, secondTokens.access_token)).toBe(second.uuid);
    expect(first.harness.sim.info().accountUuid).toBe(first.uuid);

    const refreshed = await fetch(`${door.url}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEFAULT_APP_ID,
        client_secret: DEFAULT_APP_SECRET,
        grant_type: 'refresh_token',
        refresh_token: firstTokens.refresh_token,
      }),
    });
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect(await vendorUuidWith(door.url, access_token)).toBe(first.uuid);
  });

  it('answers 401 for a token no account behind it issued, and counts calls per entrance', async () => {
    const { harness } = await account();
    door = await startFrontDoor();
    door.learn(harness.sim, await harness.token());
    const unknown = await fetch(`${door.url}/api_1.0/job.json`, { headers: { authorization: 'Bearer nobody' } });
    expect(unknown.status).toBe(401);
    const token = await harness.token();
    door.learn(harness.sim, token);
    const jobs = await fetch(`${door.entrance('worker-1')}/api_1.0/job.json`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(jobs.status).toBe(200);
    expect(door.calls()).toEqual([
      expect.objectContaining({ via: 'worker-1', path: '/api_1.0/job.json', status: 200 }),
    ]);
  });
});
