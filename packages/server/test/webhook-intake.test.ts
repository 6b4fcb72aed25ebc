import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertConnection } from '../src/modules/servicem8/servicem8.repository.ts';
import { encryptSecret } from '../src/security/encryption.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let team: Awaited<ReturnType<typeof createVendorTeam>>;
const SECRET = 'the-vendor-webhook-secret-123';

beforeAll(async () => {
  services = await startTestServices();
  team = await createVendorTeam(services.deps, 'Intake Plumbing');
  const key = services.deps.keys.storageEncryptionKey;
  await upsertConnection(services.deps.database.db, {
    vendorId: team.vendor.id,
    accountUuid: 'account-intake',
    accessTokenEnc: encryptSecret(key, 'access'),
    refreshTokenEnc: encryptSecret(key, 'refresh'),
    accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
    scope: 'read_jobs',
    webhookSecretEnc: encryptSecret(key, SECRET),
  });
});
afterAll(() => services.cleanup());

const callback = (query: Record<string, string>) => `/api/Webhook/sm8cb?${new URLSearchParams(query).toString()}`;
const delivery = (uuid: string) => ({
  object: 'Job',
  entry: [{ uuid, changed_fields: ['status', 'badges'], time: '2026-11-22 01:02:03' }],
  resource_url: `https://api.servicem8.com/api_1.0/Job/${uuid}.json`,
});

async function inboxRows(): Promise<Array<{ topic: string; status: string }>> {
  const result = await services.deps.database.db.execute(
    sql`select topic, status from webhook_inbox order by received_at`,
  );
  return (result as unknown as { rows: Array<{ topic: string; status: string }> }).rows;
}

describe('the ServiceM8 webhook callback', () => {
  it('answers the subscription challenge with the challenge itself', async () => {
    const response = await services.app.inject({
      method: 'POST',
      url: callback({ vendor: team.vendor.id, secret: SECRET }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mode=subscribe&challenge=abc-123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('abc-123');
  });

  it('refuses a delivery without the right secret with 401 and stores nothing', async () => {
    const before = (await inboxRows()).length;
    const attempts: Array<Record<string, string>> = [
      { vendor: team.vendor.id },
      { vendor: team.vendor.id, secret: 'guess' },
      { secret: SECRET },
    ];
    for (const query of attempts) {
      const response = await services.app.inject({ method: 'POST', url: callback(query), payload: delivery('job-x') });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'This webhook callback URL is not valid.',
      });
    }
    expect((await inboxRows()).length).toBe(before);
  });

  it('stores the same delivery once even when it arrives five times at once, and queues its processing once', async () => {
    const url = callback({ vendor: team.vendor.id, secret: SECRET });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => services.app.inject({ method: 'POST', url, payload: delivery('job-dup') })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const stored = answers.map((a) => a.json().data);
    expect(stored.filter((d) => d.duplicate === false)).toHaveLength(1);
    expect(stored.filter((d) => d.duplicate === true)).toHaveLength(4);

    expect((await inboxRows()).filter((r) => r.topic === 'job')).toHaveLength(1);
    // Its processing (reading the job from ServiceM8, see automation-events.test.ts) was queued once.
    const inboxId = stored.find((d) => d.duplicate === false)?.inboxId;
    const queued = await services.deps.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'webhooks.process-delivery' and data->>'inboxId' = ${inboxId}`,
    );
    expect((queued as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  it('refuses the vendor id spelled in capitals like a wrong secret, so a repeat cannot pass as new', async () => {
    const url = callback({ vendor: team.vendor.id, secret: SECRET });
    const first = await services.app.inject({ method: 'POST', url, payload: delivery('job-spelling') });
    expect(first.json().data).toMatchObject({ duplicate: false });
    const before = (await inboxRows()).length;

    const respelled = await services.app.inject({
      method: 'POST',
      url: callback({ vendor: team.vendor.id.toUpperCase(), secret: SECRET }),
      payload: delivery('job-spelling'),
    });
    expect(respelled.statusCode).toBe(401);
    expect(respelled.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'This webhook callback URL is not valid.',
    });
    expect((await inboxRows()).length).toBe(before);
  });

  it('refuses a body over 64 KB and a delivery naming more than 100 records with 413, storing nothing', async () => {
    const url = callback({ vendor: team.vendor.id, secret: SECRET });
    const before = (await inboxRows()).length;
    const padded = { ...delivery('job-big'), padding: 'x'.repeat(65 * 1024) };
    const tooBig = await services.app.inject({ method: 'POST', url, payload: padded });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });

    const entries = Array.from({ length: 101 }, (_, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      changed_fields: ['status'],
      time: '2026-11-22 01:02:03',
    }));
    const tooMany = await services.app.inject({ method: 'POST', url, payload: { object: 'Job', entry: entries } });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A delivery may name at most 100 records; this one names 101.',
    });
    expect((await inboxRows()).length).toBe(before);

    const hundred = await services.app.inject({
      method: 'POST',
      url,
      payload: { object: 'Job', entry: entries.slice(0, 100) },
    });
    expect(hundred.statusCode, hundred.body).toBe(200);
  });

  it('refuses a body that is not a ServiceM8 delivery', async () => {
    const response = await services.app.inject({
      method: 'POST',
      url: callback({ vendor: team.vendor.id, secret: SECRET }),
      payload: { hello: 'world' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('lets an Admin send a test delivery through the same intake', async () => {
    const response = await services.app.inject({
      method: 'POST',
      url: '/api/Webhook/whtest',
      headers: { ...bearer(team.adminToken), 'x-vendor-id': team.vendor.id },
      payload: { type: 'job.created', data: { uuid: 'job-new' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { duplicate: false }, message: 'The test delivery was accepted.' });
    const asUser = await services.app.inject({
      method: 'POST',
      url: '/api/Webhook/whtest',
      headers: { ...bearer(team.userToken), 'x-vendor-id': team.vendor.id },
      payload: { type: 'job.created', data: { uuid: 'job-new-2' } },
    });
    expect(asUser.statusCode).toBe(403);
  });
});
