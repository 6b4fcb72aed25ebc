import { describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../src/simulator-options.ts';
import { startSimulator } from './support/sim-harness.ts';

const MINUTE_TEXT = 'Number of allowed API requests per minute exceeded';
const DAY_TEXT = 'Number of allowed API requests per day exceeded';

describe('throttle per app per account', () => {
  it('allows 180 requests a minute by default; the 181st gets 429 with the documented text body', async () => {
    const { call, token } = await startSimulator();
    const access = await token();
    const statuses = await Promise.all(
      Array.from({ length: 180 }, () => call('/api_1.0/badge.json', { token: access }).then((r) => r.status)),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await call('/api_1.0/badge.json', { token: access });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('text/plain');
    expect(await refused.text()).toBe(MINUTE_TEXT);
    expect(refused.headers.get('retry-after')).toBeNull();
  });

  it('limits are configurable; the minute window rolls on; other apps and API keys count separately', async () => {
    const { sim, call, token } = await startSimulator({
      throttle: { perMinute: 3 },
      extraApps: [{ appId: 'other-app', appSecret: 'other-secret' }],
    });
    const access = await token();
    for (let index = 0; index < 3; index++)
      expect((await call('/api_1.0/job.json', { token: access })).status).toBe(200);
    expect((await call('/api_1.0/job.json', { token: access })).status).toBe(429);
    expect((await call('/webhook_subscriptions', { token: access })).status).toBe(429);
    expect(
      (await call('/platform_service_sms', { token: access, json: { to: '+61400000000', message: 'x' } })).status,
    ).toBe(429);

    const other = sim.controls.issueToken({ appId: 'other-app' }).access_token;
    expect((await call('/api_1.0/job.json', { token: other })).status).toBe(200);
    expect((await call('/api_1.0/job.json', { apiKey: DEFAULT_API_KEY })).status).toBe(200);

    sim.controls.advanceClock(60_001);
    expect((await call('/api_1.0/job.json', { token: access })).status).toBe(200);
  });

  it('20,000 a day (lowered here): then 429 with the per-day text', async () => {
    const { sim, call } = await startSimulator({ throttle: { perMinute: 100, perDay: 5 } });
    const apiKey = DEFAULT_API_KEY;
    for (let index = 0; index < 5; index++) {
      expect((await call('/api_1.0/job.json', { apiKey })).status).toBe(200);
      sim.controls.advanceClock(61_000);
    }
    const refused = await call('/api_1.0/job.json', { apiKey });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(DAY_TEXT);
    sim.controls.advanceClock(24 * 3_600_000);
    expect((await call('/api_1.0/job.json', { apiKey })).status).toBe(200);
  });

  it('the defaults are 180/min and 20,000/day; POST /__sim/throttle changes them', async () => {
    const { call, token } = await startSimulator();
    expect(await (await call('/__sim/throttle')).json()).toMatchObject({ perMinute: 180, perDay: 20_000 });
    await call('/__sim/throttle', { json: { perMinute: 1 } });
    const access = await token();
    expect((await call('/api_1.0/job.json', { token: access })).status).toBe(200);
    expect((await call('/api_1.0/job.json', { token: access })).status).toBe(429);
  });

  it('optional: the spec JSON body and a Retry-After header', async () => {
    const { call, token } = await startSimulator({ throttle: { perMinute: 1, body: 'json', retryAfter: true } });
    const access = await token();
    await call('/api_1.0/job.json', { token: access });
    const refused = await call('/api_1.0/job.json', { token: access });
    expect(await refused.json()).toEqual({ errorCode: 429, message: MINUTE_TEXT });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
