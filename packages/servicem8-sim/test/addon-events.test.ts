import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { choicesOf } from '../src/assumptions.ts';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_APP_SECRET } from '../src/simulator-options.ts';
import { startReceiver } from './support/receiver.ts';
import { startSimulator } from './support/sim-harness.ts';

const secret = new TextEncoder().encode(DEFAULT_APP_SECRET);

describe('add-on event JWTs', () => {
  it('POST /__sim/addon/jwt mints an HS256 JWT signed with the app secret carrying the event object', async () => {
    const { call } = await startSimulator();
    const response = await call('/__sim/addon/jwt', {
      json: {
        eventName: 'Automate_Open',
        eventArgs: { jobUUID: SEED_IDS.jobs.quoteHotWater },
        staffUuid: SEED_IDS.staff.office,
      },
    });
    const { jwt } = (await response.json()) as { jwt: string };
    const { payload, protectedHeader } = await jwtVerify(jwt, secret, { algorithms: ['HS256'] });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      eventVersion: '1.0',
      eventName: 'automate_open',
      auth: { accountUUID: SEED_IDS.vendor, staffUUID: SEED_IDS.staff.office, accessTokenExpiry: 900 },
      eventArgs: { jobUUID: SEED_IDS.jobs.quoteHotWater },
    });
    await expect(jwtVerify(jwt, new TextEncoder().encode('wrong'), { algorithms: ['HS256'] })).rejects.toThrow();
  });

  it('the access token in the event works against the API', async () => {
    const { call } = await startSimulator();
    const { payload } = (await (await call('/__sim/addon/jwt', { json: { eventName: 'x' } })).json()) as {
      payload: { auth: { accessToken: string } };
    };
    expect((await call('/api_1.0/vendor.json', { token: payload.auth.accessToken })).status).toBe(200);
  });

  it('POST /__sim/addon/invoke POSTs the JWT as the raw body and reads {eventResponse}', async () => {
    const { call } = await startSimulator();
    const addon = await startReceiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ eventResponse: '<h1>Automations</h1>' }));
    });
    const result = (await (
      await call('/__sim/addon/invoke', {
        json: { url: addon.url, eventName: 'automate_open', eventArgs: { companyUUID: SEED_IDS.companies.weiChen } },
      })
    ).json()) as { status: number; eventResponse: string; error: string | null; jwt: string };
    expect(result).toMatchObject({ status: 200, eventResponse: '<h1>Automations</h1>', error: null });
    const [received] = addon.requests;
    expect(received?.contentType).toBe('text/plain');
    const { payload } = await jwtVerify(received?.body ?? '', secret);
    expect(payload).toMatchObject({
      eventName: 'automate_open',
      eventArgs: { companyUUID: SEED_IDS.companies.weiChen },
    });
  });

  const bodies = {
    'post-text': { contentType: 'text/plain', jwtOf: (body: string) => body },
    'post-none': { contentType: '', jwtOf: (body: string) => body },
    'post-form': {
      contentType: 'application/x-www-form-urlencoded',
      jwtOf: (body: string) => new URLSearchParams(body).get('jwt') ?? '',
    },
  } as const;
  it.each(choicesOf('addonCallbackMethod'))(
    'addonCallbackMethod %s: POSTs the JWT labelled as that reading says, read at each invocation',
    async (method) => {
      const { call, sim } = await startSimulator();
      const addon = await startReceiver((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ eventResponse: '<p>ok</p>' }));
      });
      sim.controls.setAssumptions({ addonCallbackMethod: method });
      const result = (await (
        await call('/__sim/addon/invoke', { json: { url: addon.url, eventName: 'x' } })
      ).json()) as {
        eventResponse: string;
        jwt: string;
      };
      expect(result.eventResponse).toBe('<p>ok</p>');
      const [received] = addon.requests;
      expect(received?.method).toBe('POST');
      expect(received?.contentType).toBe(bodies[method].contentType);
      const jwt = bodies[method].jwtOf(received?.body ?? '');
      expect(jwt).toBe(result.jwt);
      await jwtVerify(jwt, secret, { algorithms: ['HS256'] });
    },
  );

  it('reports an add-on that answers raw HTML as "Invalid JSON Response Received"', async () => {
    const { call } = await startSimulator();
    const addon = await startReceiver((_request, response) => response.end('<h1>hi</h1>'));
    const result = (await (await call('/__sim/addon/invoke', { json: { url: addon.url, eventName: 'x' } })).json()) as {
      error: string;
    };
    expect(result.error).toBe('Invalid JSON Response Received');
  });
});
