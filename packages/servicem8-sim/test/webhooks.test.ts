import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AssumptionChoices, choicesOf } from '../src/assumptions.ts';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY, DEFAULT_APP_SECRET } from '../src/simulator-options.ts';
import { type ReceivedRequest, startReceiver } from './support/receiver.ts';
import { type Harness, startSimulator } from './support/sim-harness.ts';

const JOB = SEED_IDS.jobs.quoteHotWater;
const isJson = (request: ReceivedRequest) => request.contentType.startsWith('application/json');

type Listed = Record<string, unknown> & { status: string };

async function subscribeObject(harness: Harness, token: string, form: Record<string, string>) {
  return harness.call('/webhook_subscriptions/object', { token, form });
}

describe('webhook subscriptions', () => {
  it('subscribing runs the challenge handshake (form-encoded mode=subscribe & challenge) and lists the subscription', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver();
    const token = await harness.token();
    const response = await subscribeObject(harness, token, {
      object: 'Job',
      fields: 'status,badges',
      callback_url: receiver.url,
      unique_id: 'v1',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Subscription saved' });
    const [challenge] = receiver.requests;
    expect(challenge?.contentType).toBe('application/x-www-form-urlencoded');
    const params = new URLSearchParams(challenge?.body);
    expect(params.get('mode')).toBe('subscribe');
    expect(params.get('challenge')).toMatch(/^[0-9a-f]{32}$/);

    const list = (await (await harness.call('/webhook_subscriptions', { token })).json()) as Listed[];
    expect(list).toEqual([
      {
        object: 'Job',
        fields: 'status,badges',
        callback_url: receiver.url,
        url: receiver.url,
        unique_id: 'v1',
        status: 'active',
        last_failure_reason: null,
        last_failure_at: null,
      },
    ]);
  });

  it('refuses the subscription when the callback does not echo the challenge', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200);
      response.end('OK');
    });
    const token = await harness.token();
    const response = await subscribeObject(harness, token, { object: 'job', callback_url: receiver.url });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message: expect.stringContaining('challenge') });
    expect(await (await harness.call('/webhook_subscriptions?status=all', { token })).json()).toEqual([]);
  });

  it('reads parameters form-encoded or from the query string only: a JSON body is "Please specify an object"', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver();
    const token = await harness.token();
    const json = await harness.call('/webhook_subscriptions/object', {
      token,
      json: { object: 'job', callback_url: receiver.url },
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ success: false, message: 'Please specify an object for subscription' });
    const query = new URLSearchParams({ event: 'job.created', callback_url: receiver.url, unique_id: receiver.url });
    const viaQuery = await harness.call(`/webhook_subscriptions/event?${query}`, { token, method: 'POST' });
    expect(await viaQuery.json()).toEqual({ success: true, message: 'Subscription saved' });
  });

  it('posting an object subscription again replaces it (one per object per app); DELETE removes it', async () => {
    const harness = await startSimulator();
    const first = await startReceiver();
    const second = await startReceiver();
    const token = await harness.token();
    await subscribeObject(harness, token, { object: 'job', callback_url: first.url });
    await subscribeObject(harness, token, { object: 'Job', callback_url: second.url, fields: 'status' });
    const list = (await (await harness.call('/webhook_subscriptions', { token })).json()) as Listed[];
    expect(list.map((entry) => entry.callback_url)).toEqual([second.url]);
    const removed = await harness.call('/webhook_subscriptions', { token, method: 'DELETE', form: { object: 'Job' } });
    expect(await removed.json()).toEqual({ success: true, message: 'Subscription removed' });
    expect(await (await harness.call('/webhook_subscriptions', { token })).json()).toEqual([]);
  });

  it('API-key callers skip the challenge (configurable)', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver((_request, response) => response.end('no echo'));
    const response = await harness.call('/webhook_subscriptions/event', {
      apiKey: DEFAULT_API_KEY,
      form: { event: 'job.created', callback_url: receiver.url },
    });
    expect(await response.json()).toMatchObject({ success: true });
    expect(receiver.requests).toHaveLength(0);
  });

  it('an unknown event name is refused', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver();
    const response = await harness.call('/webhook_subscriptions/event', {
      token: await harness.token(),
      form: { event: 'job.exploded', callback_url: receiver.url },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: 'job.exploded is not a supported event' });
  });
});

describe('deliveries', () => {
  it('object webhooks POST JSON with the changed field names, a UTC time and the resource_url', async () => {
    const harness = await startSimulator();
    harness.sim.controls.setClock(new Date('2026-03-04T05:06:07Z'));
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeObject(harness, token, { object: 'job', fields: 'status,badges', callback_url: receiver.url });

    await harness.call(`/api_1.0/job/${JOB}.json`, {
      token,
      json: { status: 'Work Order', job_description: 'now booked' },
    });
    const [delivery] = await receiver.waitFor(1, isJson);
    expect(JSON.parse(delivery?.body ?? '')).toEqual({
      object: 'job',
      entry: [{ uuid: JOB, changed_fields: ['status'], time: '2026-03-04 05:06:07' }],
      resource_url: `${harness.baseUrl}/api_1.0/Job/${JOB}.json`,
    });

    await harness.call(`/api_1.0/job/${JOB}.json`, { token, json: { job_description: 'only the description' } });
    await harness.sim.controls.webhooksIdle();
    expect(receiver.requests.filter(isJson)).toHaveLength(1); // not a subscribed field

    const created = await harness.call('/api_1.0/job.json', { token, json: { status: 'Quote' } });
    const [, createDelivery] = await receiver.waitFor(2, isJson);
    const body = JSON.parse(createDelivery?.body ?? '') as { entry: Array<{ uuid: string; changed_fields: string[] }> };
    expect(body.entry[0]?.uuid).toBe(created.headers.get('x-record-uuid'));
    expect(body.entry[0]?.changed_fields).toEqual(['status']);
  });

  it('the resource_url reads back the changed values', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeObject(harness, token, { object: 'company', callback_url: receiver.url });
    await harness.call(`/api_1.0/company/${SEED_IDS.companies.weiChen}.json`, {
      token,
      form: { address: '1 New Street' },
    });
    const [delivery] = await receiver.waitFor(1, isJson);
    const { resource_url: url } = JSON.parse(delivery?.body ?? '') as { resource_url: string };
    const company = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(company).toMatchObject({ uuid: SEED_IDS.companies.weiChen, address: '1 New Street' });
  });

  it('event webhooks POST {id, type, createdAt, data} for the events a change raises', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver();
    const token = await harness.token();
    for (const event of [
      'job.status_changed',
      'job.completed',
      'job.badge_added',
      'job.note_added',
      'company.created',
    ]) {
      await harness.call('/webhook_subscriptions/event', {
        token,
        form: { event, callback_url: receiver.url, unique_id: 'v1' },
      });
    }
    await harness.call(`/api_1.0/job/${JOB}.json`, {
      token,
      json: { status: 'Completed', badges: JSON.stringify([SEED_IDS.badges.vip]) },
    });
    await harness.call('/api_1.0/note.json', {
      token,
      json: { related_object: 'job', related_object_uuid: JOB, note: 'Done' },
    });
    await harness.call('/api_1.0/company.json', { token, json: { name: 'New Client Pty Ltd' } });
    const deliveries = await receiver.waitFor(5, isJson);
    const events = deliveries.map(
      (request) =>
        JSON.parse(request.body) as { id: string; type: string; createdAt: string; data: Record<string, unknown> },
    );
    expect(events.map((event) => event.type).sort()).toEqual(
      ['company.created', 'job.badge_added', 'job.completed', 'job.note_added', 'job.status_changed'].sort(),
    );
    const completed = events.find((event) => event.type === 'job.completed');
    expect(completed?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(completed?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(completed?.data).toMatchObject({ uuid: JOB, status: 'Completed' });
    expect(events.find((event) => event.type === 'job.note_added')?.data).toMatchObject({
      related_object_uuid: JOB,
      note: 'Done',
    });
  });

  it('changes made in the web page and through the control API fire webhooks too', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeObject(harness, token, { object: 'job', callback_url: receiver.url });
    const ui = await harness.call(`/ui/jobs/${JOB}`, {
      form: { status: 'Work Order', category_uuid: '', queue_uuid: SEED_IDS.queues.partsOnOrder, badges_present: '1' },
      redirect: 'manual',
    });
    expect(ui.status).toBe(303);
    await harness.call(`/__sim/records/job/${JOB}`, { json: { status: 'Completed' } });
    const deliveries = await receiver.waitFor(2, isJson);
    const changed = deliveries.map(
      (request) =>
        (JSON.parse(request.body) as { entry: Array<{ changed_fields: string[] }> }).entry[0]?.changed_fields,
    );
    expect(changed[0]).toEqual(expect.arrayContaining(['status', 'queue_uuid', 'category_uuid']));
    expect(changed[1]).toEqual(['status', 'completion_date', 'completion_actioned_by_uuid']);
  });
});

describe('failures, the 10 s timeout and auto-deactivation', () => {
  it('repeated failures deactivate the subscription; the list shows status and last_failure_*', async () => {
    const harness = await startSimulator({ webhooks: { maxConsecutiveFailures: 3 } });
    harness.sim.controls.setClock(new Date('2026-03-04T05:06:07Z'));
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeObject(harness, token, { object: 'job', callback_url: receiver.url });
    receiver.respondWith((_request, response) => {
      response.writeHead(500);
      response.end('boom');
    });
    for (const description of ['a', 'b', 'c', 'd']) {
      await harness.call(`/api_1.0/job/${JOB}.json`, { token, json: { job_description: description } });
    }
    await harness.sim.controls.webhooksIdle();
    expect(receiver.requests.filter(isJson)).toHaveLength(3); // the 4th change is not delivered

    expect(await (await harness.call('/webhook_subscriptions', { token })).json()).toEqual([]);
    const inactive = (await (
      await harness.call('/webhook_subscriptions?status=inactive', { token })
    ).json()) as Listed[];
    expect(inactive).toHaveLength(1);
    expect(inactive[0]).toMatchObject({
      status: 'inactive',
      last_failure_reason: 'HTTP 500',
      last_failure_at: '2026-03-04 05:06:07',
    });

    receiver.respondWith((request, response) => {
      response.end(new URLSearchParams(request.body).get('challenge') ?? 'ok');
    });
    await subscribeObject(harness, token, { object: 'job', callback_url: receiver.url });
    const [active] = (await (await harness.call('/webhook_subscriptions', { token })).json()) as Listed[];
    expect(active).toMatchObject({ status: 'active', last_failure_reason: 'HTTP 500' });
  });

  it('a callback slower than the timeout (10 s by default) counts as a failure', async () => {
    const harness = await startSimulator({ webhooks: { timeoutMs: 150, maxConsecutiveFailures: 1 } });
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeObject(harness, token, { object: 'job', callback_url: receiver.url });
    receiver.respondWith((_request, response) => {
      setTimeout(() => response.end('late'), 400);
    });
    await harness.call(`/api_1.0/job/${JOB}.json`, { token, json: { job_description: 'slow' } });
    await harness.sim.controls.webhooksIdle();
    const [subscription] = (await (
      await harness.call('/webhook_subscriptions?status=all', { token })
    ).json()) as Listed[];
    expect(subscription).toMatchObject({ status: 'inactive', last_failure_reason: 'Timed out after 150 ms' });
  });

  it('a success resets the failure count', async () => {
    const harness = await startSimulator({ webhooks: { maxConsecutiveFailures: 2 } });
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeObject(harness, token, { object: 'job', callback_url: receiver.url });
    let answer = 500;
    receiver.respondWith((_request, response) => {
      response.writeHead(answer);
      response.end();
    });
    for (const status of [500, 200, 500, 200]) {
      answer = status;
      await harness.call(`/api_1.0/job/${JOB}.json`, {
        token,
        json: { job_description: `answer ${status} ${Math.random()}` },
      });
      await harness.sim.controls.webhooksIdle();
    }
    const [subscription] = (await (await harness.call('/webhook_subscriptions', { token })).json()) as Listed[];
    expect(subscription?.status).toBe('active');
  });
});

/** Not the subscription challenge (which is form-encoded too). */
const isDelivery = (request: ReceivedRequest) => new URLSearchParams(request.body).get('mode') !== 'subscribe';

/** A delivery's body as the callback must read it: JSON text, or form fields holding JSON text for objects and lists. */
function decode(request: ReceivedRequest): Record<string, unknown> {
  if (!request.contentType.startsWith('application/x-www-form-urlencoded')) return JSON.parse(request.body);
  return Object.fromEntries(
    [...new URLSearchParams(request.body)].map(([key, value]) => [
      key,
      /^[[{]/.test(value) ? JSON.parse(value) : value,
    ]),
  );
}

async function subscribeEvent(harness: Harness, token: string, event: string, url: string) {
  await harness.call('/webhook_subscriptions/event', { token, form: { event, callback_url: url, unique_id: 'v1' } });
}

describe('delivery layouts and content types (the eventBodyLayout and deliveryContentType assumptions)', () => {
  const ID = /^[0-9a-f-]{36}$/;
  const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
  const expectedBody: Record<AssumptionChoices['eventBodyLayout'], (record: Record<string, unknown>) => unknown> = {
    'type-data': (record) => ({
      id: expect.stringMatching(ID),
      type: 'job.status_changed',
      createdAt: expect.stringMatching(ISO),
      data: record,
    }),
    'type-uuid': () => ({
      id: expect.stringMatching(ID),
      type: 'job.status_changed',
      createdAt: expect.stringMatching(ISO),
      data: { uuid: JOB },
    }),
    'event-data': (record) => ({ event: 'job.status_changed', timestamp: expect.stringMatching(ISO), data: record }),
    'sdk-webhook-event': (record) => ({
      event_type: 'job.status_changed',
      timestamp: expect.stringMatching(ISO),
      data: record,
      metadata: {
        attempt: 1,
        signature: createHmac('sha256', DEFAULT_APP_SECRET).update(JSON.stringify(record)).digest('hex'),
      },
    }),
    'addon-envelope': () => ({ eventVersion: '1.0', eventName: 'job.status_changed', eventArgs: { jobUUID: JOB } }),
  };

  it.each(choicesOf('eventBodyLayout'))('eventBodyLayout %s: an event delivery has that layout', async (layout) => {
    const harness = await startSimulator({ assumptions: { eventBodyLayout: layout } });
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeEvent(harness, token, 'job.status_changed', receiver.url);
    await harness.call(`/api_1.0/job/${JOB}.json`, { token, json: { status: 'Work Order' } });
    const [delivery] = await receiver.waitFor(1, isJson);
    const record = harness.sim.controls.records('job').find((job) => job.uuid === JOB) ?? {};
    expect(JSON.parse(delivery?.body ?? '')).toEqual(expectedBody[layout](record));
  });

  it('addon-envelope names the job a note, activity or form response belongs to, the company, the form response', async () => {
    const harness = await startSimulator({ assumptions: { eventBodyLayout: 'addon-envelope' } });
    const receiver = await startReceiver();
    const token = await harness.token();
    for (const event of ['job.note_added', 'company.created', 'form.response_created']) {
      await subscribeEvent(harness, token, event, receiver.url);
    }
    await harness.call('/api_1.0/note.json', {
      token,
      json: { related_object: 'job', related_object_uuid: JOB, note: 'Done' },
    });
    const company = await harness.call('/api_1.0/company.json', { token, json: { name: 'New Client Pty Ltd' } });
    const response = await harness.call('/api_1.0/formresponse.json', {
      token,
      json: { form_uuid: SEED_IDS.forms.safety, regarding_object: 'job', regarding_object_uuid: JOB, field_data: '[]' },
    });
    const bodies = (await receiver.waitFor(3, isJson)).map((request) => JSON.parse(request.body));
    expect(bodies).toEqual(
      expect.arrayContaining([
        { eventVersion: '1.0', eventName: 'job.note_added', eventArgs: { jobUUID: JOB } },
        {
          eventVersion: '1.0',
          eventName: 'company.created',
          eventArgs: { companyUUID: company.headers.get('x-record-uuid') },
        },
        {
          eventVersion: '1.0',
          eventName: 'form.response_created',
          eventArgs: { formResponseUUID: response.headers.get('x-record-uuid'), jobUUID: JOB },
        },
      ]),
    );
  });

  const headerOf: Record<AssumptionChoices['deliveryContentType'], string> = {
    json: 'application/json',
    text: 'text/plain',
    none: '',
    form: 'application/x-www-form-urlencoded',
  };

  it.each(choicesOf('deliveryContentType'))(
    'deliveryContentType %s: object and event deliveries carry it; the challenge stays form-encoded',
    async (contentType) => {
      const harness = await startSimulator({ assumptions: { deliveryContentType: contentType } });
      harness.sim.controls.setClock(new Date('2026-03-04T05:06:07Z'));
      const receiver = await startReceiver();
      const token = await harness.token();
      await subscribeObject(harness, token, { object: 'job', fields: 'status', callback_url: receiver.url });
      await subscribeEvent(harness, token, 'job.status_changed', receiver.url);
      const challenges = receiver.requests.filter((request) => !isDelivery(request));
      expect(challenges.map((request) => request.contentType)).toEqual([
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded',
      ]);

      await harness.call(`/api_1.0/job/${JOB}.json`, { token, json: { status: 'Work Order' } });
      const deliveries = await receiver.waitFor(2, isDelivery);
      expect(deliveries.map((request) => request.contentType)).toEqual([headerOf[contentType], headerOf[contentType]]);
      const bodies = deliveries.map(decode);
      expect(bodies).toContainEqual({
        object: 'job',
        entry: [{ uuid: JOB, changed_fields: ['status'], time: '2026-03-04 05:06:07' }],
        resource_url: `${harness.baseUrl}/api_1.0/Job/${JOB}.json`,
      });
      expect(bodies).toContainEqual(
        expect.objectContaining({ type: 'job.status_changed', data: expect.objectContaining({ uuid: JOB }) }),
      );
      // The delivery log says what was sent.
      const logged = harness.sim.controls.deliveries().filter((delivery) => delivery.kind !== 'challenge');
      expect(logged.map((delivery) => delivery.contentType)).toEqual([
        headerOf[contentType] || null,
        headerOf[contentType] || null,
      ]);
    },
  );

  it('a reading switched through POST /__sim/assumptions applies to the next delivery', async () => {
    const harness = await startSimulator();
    const receiver = await startReceiver();
    const token = await harness.token();
    await subscribeEvent(harness, token, 'job.status_changed', receiver.url);
    await harness.call(`/api_1.0/job/${JOB}.json`, { token, json: { status: 'Work Order' } });
    await harness.sim.controls.webhooksIdle();
    await harness.call('/__sim/assumptions', {
      json: { eventBodyLayout: 'event-data', deliveryContentType: 'text' },
    });
    await harness.call(`/api_1.0/job/${JOB}.json`, { token, json: { status: 'Completed' } });
    const [first, second] = await receiver.waitFor(2, isDelivery);
    expect(first?.contentType).toBe('application/json');
    expect(JSON.parse(first?.body ?? '')).toMatchObject({ type: 'job.status_changed' });
    expect(second?.contentType).toBe('text/plain');
    expect(JSON.parse(second?.body ?? '')).toMatchObject({
      event: 'job.status_changed',
      data: { uuid: JOB, status: 'Completed' },
    });
  });
});
