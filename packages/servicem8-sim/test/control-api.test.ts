import { describe, expect, it } from 'vitest';
import { SEED_IDS, SEED_STAFF_EMAILS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, DEFAULT_APP_SECRET } from '../src/simulator-options.ts';
import { startReceiver } from './support/receiver.ts';
import { startSimulator } from './support/sim-harness.ts';

const apiKey = DEFAULT_API_KEY;

describe('control API: faults', () => {
  it('answers 429 for the next N calls matching a path pattern, then recovers', async () => {
    const { call } = await startSimulator();
    const added = await call('/__sim/faults', {
      json: { kind: 'status', status: 429, path: '/api_1.0/job*', times: 2 },
    });
    expect(added.status).toBe(200);
    for (let index = 0; index < 2; index++) {
      const refused = await call('/api_1.0/job.json', { apiKey });
      expect(refused.status).toBe(429);
      expect(await refused.text()).toBe('Number of allowed API requests per minute exceeded');
    }
    expect((await call('/api_1.0/company.json', { apiKey })).status).toBe(200);
    expect((await call('/api_1.0/job.json', { apiKey })).status).toBe(200);
    expect(await (await call('/__sim/faults')).json()).toEqual([]);
  });

  it('answers 200 with a given JSON body without doing the work (a subscription ServiceM8 declines)', async () => {
    const { call, sim } = await startSimulator();
    const body = { success: false, message: 'Callback URL did not respond to the challenge' };
    await call('/__sim/faults', {
      json: { kind: 'status', status: 200, path: '/webhook_subscriptions/event', body: JSON.stringify(body), times: 1 },
    });
    const answer = await call('/webhook_subscriptions/event', {
      apiKey,
      form: { event: 'job.created', callback_url: 'https://automate.example/hook' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toEqual(body);
    expect(sim.controls.subscriptions()).toEqual([]);
  });

  it('answers 5xx with the REST error body, for one method only', async () => {
    const { call } = await startSimulator();
    await call('/__sim/faults', { json: { kind: 'status', status: 500, method: 'POST', times: 1 } });
    expect((await call('/api_1.0/job.json', { apiKey })).status).toBe(200);
    const failed = await call(`/api_1.0/job/${SEED_IDS.jobs.quoteHotWater}.json`, {
      apiKey,
      json: { job_description: 'x' },
    });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ errorCode: 500, message: 'An error occurred completing your request' });
    const job = (await (await call(`/api_1.0/job/${SEED_IDS.jobs.quoteHotWater}.json`, { apiKey })).json()) as Record<
      string,
      unknown
    >;
    expect(job.job_description).not.toBe('x');
  });

  it('adds latency', async () => {
    const { call, sim } = await startSimulator();
    await call('/__sim/faults', { json: { kind: 'latency', latencyMs: 200, times: 1 } });
    const started = performance.now();
    expect((await call('/api_1.0/job.json', { apiKey })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(sim.controls.calls().at(-1)?.fault).toBe('latency 200ms');
  });

  it('holds a call without answering (timeout) or drops the connection (disconnect)', async () => {
    const { call, sim } = await startSimulator();
    await call('/__sim/faults', {
      json: [
        { kind: 'timeout', latencyMs: 5000, times: 1 },
        { kind: 'disconnect', times: 1, path: '/api_1.0/company.json' },
      ],
    });
    const held = fetch(`${sim.baseUrl()}/api_1.0/job.json`, {
      headers: { 'x-api-key': apiKey },
      signal: AbortSignal.timeout(300),
    });
    await expect(held).rejects.toThrow(/aborted|timeout/i);
    await expect(call('/api_1.0/company.json', { apiKey })).rejects.toThrow(/fetch failed/);
    expect((await call('/api_1.0/job.json', { apiKey })).status).toBe(200);
    const [timeout, disconnect] = sim.controls.calls();
    expect(timeout).toMatchObject({ status: 0, fault: 'timeout' });
    expect(disconnect).toMatchObject({ status: 0, fault: 'disconnect' });
  });

  it('carries out a call and then loses its answer (lost-response)', async () => {
    const { call, sim } = await startSimulator();
    await call('/__sim/faults', { json: { kind: 'lost-response', times: 1, path: '/api_1.0/note.json' } });
    const lost = call('/api_1.0/note.json', {
      apiKey,
      json: { related_object: 'job', related_object_uuid: SEED_IDS.jobs.quoteHotWater, note: 'Written anyway' },
    });
    await expect(lost).rejects.toThrow(/fetch failed/);
    expect(sim.controls.records('note').filter((note) => note.note === 'Written anyway')).toHaveLength(1);
  });

  it('faults apply to the OAuth token endpoint too, and can start with the simulator', async () => {
    const { call } = await startSimulator({
      faults: [{ kind: 'status', status: 503, path: '/oauth/access_token', times: 1 }],
    });
    const form = {
      grant_type: 'refresh_token',
      client_id: DEFAULT_APP_ID,
      client_secret: DEFAULT_APP_SECRET,
      refresh_token: 'x',
    };
    expect((await call('/oauth/access_token', { form })).status).toBe(503);
    expect((await call('/oauth/access_token', { form })).status).toBe(400);
  });
});

describe('control API: calls, messages, reset, seed, clock', () => {
  it('GET /__sim/calls lists method, path, status, time and the credential', async () => {
    const { call, token } = await startSimulator();
    const access = await token();
    await call(`/api_1.0/job.json?%24filter=${encodeURIComponent("status eq 'Quote'")}`, { token: access });
    await call('/api_1.0/nothing.json', { token: access });
    const calls = (await (await call('/__sim/calls?path=api_1.0')).json()) as Array<Record<string, unknown>>;
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api_1.0/job.json',
        query: expect.stringMatching(/^%24filter=status%20eq%20/),
        status: 200,
        credential: access,
        appId: DEFAULT_APP_ID,
        accountUuid: SEED_IDS.vendor,
        staffUuid: SEED_IDS.staff.owner,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({ path: '/api_1.0/nothing.json', status: 400 }),
    ]);
    await call('/__sim/calls', { method: 'DELETE' });
    expect(await (await call('/__sim/calls')).json()).toEqual([]);
  });

  it('POST /__sim/reset restores the seed and forgets tokens, calls and messages', async () => {
    const { call, token } = await startSimulator();
    const access = await token();
    await call(`/api_1.0/job/${SEED_IDS.jobs.quoteHotWater}.json`, { token: access, json: { status: 'Completed' } });
    await call('/platform_service_sms', { token: access, json: { to: '+61400000000', message: 'x' } });
    expect((await call('/__sim/reset', { json: {} })).status).toBe(200);
    expect((await call('/api_1.0/job.json', { token: access })).status).toBe(401);
    const job = (await (await call(`/api_1.0/job/${SEED_IDS.jobs.quoteHotWater}.json`, { apiKey })).json()) as Record<
      string,
      unknown
    >;
    expect(job.status).toBe('Quote');
    expect(await (await call('/__sim/messages')).json()).toEqual([]);
  });

  it('reset with keepConnections keeps tokens and webhook subscriptions', async () => {
    const { call, token } = await startSimulator();
    const access = await token();
    await call('/__sim/reset', { json: { keepConnections: true } });
    expect((await call('/api_1.0/job.json', { token: access })).status).toBe(200);
  });

  it('POST /__sim/seed loads a preset or adds records', async () => {
    const { call } = await startSimulator();
    await call('/__sim/seed', { json: { preset: 'empty' } });
    expect(((await (await call('/api_1.0/job.json', { apiKey })).json()) as unknown[]).length).toBe(0);
    const staff = (await (await call('/api_1.0/staff.json', { apiKey })).json()) as Array<{ email: string }>;
    expect(staff.map((member) => member.email)).toEqual([SEED_STAFF_EMAILS.owner]);
    await call('/__sim/seed', { json: { records: { job: [{ status: 'Work Order', job_description: 'Seeded' }] } } });
    const jobs = (await (await call('/api_1.0/job.json', { apiKey })).json()) as Array<Record<string, unknown>>;
    expect(jobs).toEqual([
      expect.objectContaining({ status: 'Work Order', job_description: 'Seeded', generated_job_id: '1' }),
    ]);
  });

  it('GET/POST /__sim/clock reads and moves the simulated clock', async () => {
    const { call } = await startSimulator();
    const set = await (await call('/__sim/clock', { json: { set: '2026-07-01T00:00:00Z' } })).json();
    // The set clock keeps running: by the time it answers, a few milliseconds may have passed.
    expect(set).toMatchObject({
      now: expect.stringMatching(/^2026-07-01T00:00:00\.\d{3}Z$/),
      local: '2026-07-01 10:00:00',
      timeZone: 'Australia/Sydney',
    });
    const moved = (await (await call('/__sim/clock', { json: { advanceSeconds: 90 } })).json()) as { now: string };
    expect(moved.now.startsWith('2026-07-01T00:01:3')).toBe(true);
  });

  it('GET /__sim describes the account and the credentials', async () => {
    const { call, baseUrl } = await startSimulator();
    expect(await (await call('/__sim')).json()).toMatchObject({
      baseUrl,
      apiBaseUrl: `${baseUrl}/api_1.0`,
      oauthBaseUrl: baseUrl,
      accountUuid: SEED_IDS.vendor,
      accountName: 'Harbour Plumbing & Gas',
      appId: DEFAULT_APP_ID,
      appSecret: DEFAULT_APP_SECRET,
      apiKey,
      staff: expect.arrayContaining([
        { uuid: SEED_IDS.staff.owner, name: 'Olivia Harper', email: SEED_STAFF_EMAILS.owner },
      ]),
    });
  });

  it('POST /__sim/events raises an event the simulator cannot observe (e.g. job.quote_accepted)', async () => {
    const { call, token, sim } = await startSimulator();
    const receiver = await startReceiver();
    await call('/webhook_subscriptions/event', {
      token: await token(),
      form: { event: 'job.quote_accepted', callback_url: receiver.url },
    });
    await call('/__sim/events', {
      json: { type: 'job.quote_accepted', data: { uuid: SEED_IDS.jobs.quoteKitchenTap } },
    });
    await sim.controls.webhooksIdle();
    const delivered = receiver.requests
      .filter((request) => request.contentType.startsWith('application/json'))
      .map((request) => JSON.parse(request.body));
    expect(delivered).toEqual([
      expect.objectContaining({ type: 'job.quote_accepted', data: { uuid: SEED_IDS.jobs.quoteKitchenTap } }),
    ]);
  });
});

describe('web page', () => {
  it('serves the jobs, clients, badges, messages, webhooks and calls pages', async () => {
    const { call } = await startSimulator();
    const home = await (await call('/')).text();
    expect(home).toContain('1011');
    expect(home).toContain('Harbourside Property Management');
    for (const path of [
      '/ui/clients',
      '/ui/badges',
      '/ui/messages',
      '/ui/webhooks',
      '/ui/calls',
      `/ui/jobs/${SEED_IDS.jobs.quoteKitchenTap}`,
      `/ui/clients/${SEED_IDS.companies.emmaEllis}`,
    ]) {
      const page = await call(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    }
  });

  it('edits a job (status, badges, queue, category) and creates badges and clients', async () => {
    const { call } = await startSimulator();
    const job = SEED_IDS.jobs.quoteHotWater;
    const saved = await call(`/ui/jobs/${job}`, {
      body: new URLSearchParams([
        ['status', 'Work Order'],
        ['category_uuid', SEED_IDS.categories.gasFitting],
        ['queue_uuid', SEED_IDS.queues.partsOnOrder],
        ['badges_present', '1'],
        ['badge', SEED_IDS.badges.urgent],
        ['badge', SEED_IDS.badges.vip],
        ['quote_sent', '0'],
        ['quote_sent', '1'],
        ['job_description', 'Edited in the simulator page'],
      ]),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    const after = (await (await call(`/api_1.0/job/${job}.json`, { apiKey })).json()) as Record<string, unknown>;
    expect(after).toMatchObject({
      status: 'Work Order',
      category_uuid: SEED_IDS.categories.gasFitting,
      queue_uuid: SEED_IDS.queues.partsOnOrder,
      badges: JSON.stringify([SEED_IDS.badges.urgent, SEED_IDS.badges.vip]),
      quote_sent: 1,
      job_description: 'Edited in the simulator page',
    });
    expect((await call('/ui/badges', { form: { name: 'Needs Parts' }, redirect: 'manual' })).status).toBe(303);
    const badges = (await (await call('/api_1.0/badge.json', { apiKey })).json()) as Array<{ name: string }>;
    expect(badges.map((badge) => badge.name)).toContain('Needs Parts');
    const bad = await call(`/ui/jobs/${job}`, { form: { status: 'Nonsense' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('status must be one of');
  });
});

describe('control API: assumptions', () => {
  it('lists each undocumented behaviour with its source, switches it, and refuses a reading that does not exist', async () => {
    const { call } = await startSimulator({ assumptions: { oauthStateEcho: 'omit' } });
    const listed = (await (await call('/__sim/assumptions')).json()) as {
      current: Record<string, string>;
      registry: Record<string, { source: string; choices: Record<string, string>; default: string }>;
    };
    expect(listed.current.oauthStateEcho).toBe('omit');
    expect(listed.current.eventBodyLayout).toBe('type-data');
    expect(Object.keys(listed.registry).sort()).toEqual(Object.keys(listed.current).sort());
    for (const definition of Object.values(listed.registry)) {
      expect(definition.source).not.toBe('');
      expect(Object.keys(definition.choices)).toContain(definition.default);
    }

    const switched = await call('/__sim/assumptions', { json: { eventBodyLayout: 'addon-envelope' } });
    expect(((await switched.json()) as { current: Record<string, string> }).current.eventBodyLayout).toBe(
      'addon-envelope',
    );
    const refused = await call('/__sim/assumptions', { json: { eventBodyLayout: 'xml' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain('type-data');
  });
});
