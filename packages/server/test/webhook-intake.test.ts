import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileJob } from '../src/modules/automation/automation.jobs.ts';
import { updateConnection, upsertConnection } from '../src/modules/servicem8/servicem8.repository.ts';
import { forgetWebhookSecret } from '../src/modules/servicem8/webhook-secrets.ts';
import { processDeliveryJob, removeOldDeliveriesJob } from '../src/modules/webhooks/webhooks.jobs.ts';
import { encryptSecret } from '../src/security/encryption.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { captureLogs } from './support/log-capture.ts';
import { countStatements } from './support/statement-count.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let team: Awaited<ReturnType<typeof createVendorTeam>>;
let logs: ReturnType<typeof captureLogs>;
const SECRET = 'the-vendor-webhook-secret-123';

beforeAll(async () => {
  logs = captureLogs();
  // No workers: the deliveries stay queued for the tests to see, and nothing else uses the database
  // while statements are counted.
  services = await startTestServices({ role: 'api', log: { stream: logs.stream, level: 'warn' } });
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
  return rowsOf(
    await services.deps.database.db.execute(sql`select topic, status from webhook_inbox order by received_at`),
  );
}

const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;

/** The processing jobs queued for an inbox row: the columns pg-boss copies from the queue, and the payload. */
async function jobsFor(inboxId: string) {
  return rowsOf<Record<string, unknown>>(
    await services.deps.database.db.execute(sql`
      select name, data, priority, state, retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds,
             deletion_seconds, keep_until - start_after as kept, policy, dead_letter, heartbeat_seconds, group_id,
             group_tier, singleton_key, start_after <= now() as ready
        from pgboss.job where name = ${processDeliveryJob.name} and data->>'inboxId' = ${inboxId}
       order by created_on`),
  );
}

const post = (payload: Record<string, unknown>, secret = SECRET) =>
  services.app.inject({ method: 'POST', url: callback({ vendor: team.vendor.id, secret }), payload });

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
    const sends = [
      { payload: delivery('job-x') },
      { headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(delivery('job-x')) },
      { headers: {}, payload: JSON.stringify({ hello: 'world' }) },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'mode=subscribe&challenge=abc' },
    ];
    for (const query of attempts) {
      for (const send of sends) {
        const response = await services.app.inject({ method: 'POST', url: callback(query), ...send });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({
          code: 'UNAUTHENTICATED',
          message: 'This webhook callback URL is not valid.',
        });
      }
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
    expect(await jobsFor(inboxId)).toHaveLength(1);
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
    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'text/plain' }, {}]) {
      const tooBig = await services.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(padded) });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
    }

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

  it('reads the documented object delivery sent as text/plain, without a Content-Type, with one it cannot read, or as a form', async () => {
    const url = callback({ vendor: team.vendor.id, secret: SECRET });
    const json = (uuid: string) => JSON.stringify(delivery(uuid));
    const form = (uuid: string) => {
      const { object, entry, resource_url } = delivery(uuid);
      return new URLSearchParams({ object, entry: JSON.stringify(entry), resource_url }).toString();
    };
    const sends: Array<{ uuid: string; headers: Record<string, string>; payload: string }> = [
      { uuid: 'job-as-text', headers: { 'content-type': 'text/plain' }, payload: json('job-as-text') },
      { uuid: 'job-no-type', headers: {}, payload: json('job-no-type') },
      { uuid: 'job-odd-type', headers: { 'content-type': 'not a media type' }, payload: json('job-odd-type') },
      { uuid: 'job-octets', headers: { 'content-type': 'application/octet-stream' }, payload: json('job-octets') },
      {
        uuid: 'job-as-form',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form('job-as-form'),
      },
      { uuid: 'job-form-as-text', headers: { 'content-type': 'text/plain' }, payload: form('job-form-as-text') },
    ];
    for (const { uuid, headers, payload } of sends) {
      const response = await services.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, `${uuid}: ${response.body}`).toBe(200);
      expect(response.json().data).toMatchObject({ duplicate: false });
      const [row] = rowsOf<{ topic: string; payload: unknown }>(
        await services.deps.database.db.execute(
          sql`select topic, payload from webhook_inbox where id = ${response.json().data.inboxId}`,
        ),
      );
      expect(row).toEqual({ topic: 'job', payload: { ...delivery(uuid), object: 'Job' } });
    }
  });

  it('answers the challenge whatever the Content-Type says', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}]) {
      const response = await services.app.inject({
        method: 'POST',
        url: callback({ vendor: team.vendor.id, secret: SECRET }),
        headers,
        payload: 'mode=subscribe&challenge=xyz-789',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe('xyz-789');
    }
  });

  it('stores a body in no known layout as unknown, answers 200 and warns; processing it queues a reconciliation', async () => {
    const url = callback({ vendor: team.vendor.id, secret: SECRET });
    const bodies: Array<{ headers: Record<string, string>; payload: string }> = [
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ hello: 'world' }) },
      { headers: { 'content-type': 'application/json' }, payload: '{"not": json at all' },
      { headers: {}, payload: 'just some words' },
    ];
    for (const body of bodies) {
      const response = await services.app.inject({ method: 'POST', url, ...body });
      expect(response.statusCode, response.body).toBe(200);
      const inboxId = response.json().data.inboxId as string;
      const [row] = rowsOf<{ topic: string }>(
        await services.deps.database.db.execute(sql`select topic from webhook_inbox where id = ${inboxId}`),
      );
      expect(row?.topic).toBe('unknown');

      const context = {
        deps: services.deps,
        log: services.deps.logger,
        jobId: inboxId,
        workerId: 'test',
        retryCount: 0,
      };
      expect(await processDeliveryJob.handle({ inboxId, vendorId: team.vendor.id }, context)).toEqual({
        topic: 'unknown',
        events: 0,
        reconcile: true,
      });
      const [processed] = rowsOf<{ status: string }>(
        await services.deps.database.db.execute(sql`select status from webhook_inbox where id = ${inboxId}`),
      );
      expect(processed?.status).toBe('Processed');
    }
    const reconciles = rowsOf<{ data: unknown }>(
      await services.deps.database.db.execute(
        sql`select data from pgboss.job where name = ${reconcileJob.name} and data->>'vendorId' = ${team.vendor.id}`,
      ),
    );
    expect(reconciles).toEqual(Array.from({ length: bodies.length }, () => ({ data: { vendorId: team.vendor.id } })));
    const warnings = logs
      .lines()
      .map((line) => JSON.parse(line) as { msg: string; vendorId?: string; level: number })
      .filter((line) => line.msg.startsWith('A ServiceM8 delivery in no known layout'));
    expect(warnings).toHaveLength(bodies.length);
    expect(warnings[0]).toMatchObject({ vendorId: team.vendor.id, level: 40 });
  });

  it('stores an event that does not name its record under its name; processing it queues a reconciliation', async () => {
    const response = await post({ eventName: 'job.created', eventArgs: {} });
    expect(response.statusCode, response.body).toBe(200);
    const inboxId = response.json().data.inboxId as string;
    const context = { deps: services.deps, log: services.deps.logger, jobId: inboxId, workerId: 'test', retryCount: 0 };
    expect(await processDeliveryJob.handle({ inboxId, vendorId: team.vendor.id }, context)).toEqual({
      topic: 'job.created',
      events: 0,
      reconcile: true,
    });
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

  it('refuses a test delivery over 64 KB with 413, like ServiceM8’s callback, storing nothing', async () => {
    const before = (await inboxRows()).length;
    const send = (padding: number) =>
      services.app.inject({
        method: 'POST',
        url: '/api/Webhook/whtest',
        headers: { ...bearer(team.adminToken), 'x-vendor-id': team.vendor.id },
        payload: { type: 'job.created', data: { uuid: `job-padded-${padding}` }, padding: 'x'.repeat(padding) },
      });
    const tooBig = await send(65 * 1024);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
    expect((await inboxRows()).length).toBe(before);
    expect((await send(60 * 1024)).statusCode).toBe(200);
  });

  it('keeps a handled delivery 30 days after it was handled, and the metrics still count it on its day', async () => {
    const superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
    const now = services.clock.now().getTime();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
    const age = async (uuid: string, status: string, receivedDaysAgo: number, handledDaysAgo: number | null) => {
      const inboxId = (await post(delivery(uuid))).json().data.inboxId as string;
      await services.deps.database.db.execute(sql`
        update webhook_inbox set status = ${status}, received_at = ${daysAgo(receivedDaysAgo)}::timestamptz,
               processed_at = ${handledDaysAgo === null ? null : daysAgo(handledDaysAgo)}::timestamptz
         where id = ${inboxId}`);
      return inboxId;
    };
    const processedLongAgo = await age('job-kept-31-days', 'Processed', 40, 31);
    const failedLongAgo = await age('job-failed-31-days', 'Failed', 40, 31);
    const processedLately = await age('job-kept-29-days', 'Processed', 40, 29);
    const stillWaiting = await age('job-still-waiting', 'Received', 40, null);

    const deliveriesPerDay = async () => {
      const response = await services.app.inject({
        method: 'GET',
        url: `/api/Admin/metrics?from=${daysAgo(45).slice(0, 10)}&to=${daysAgo(0).slice(0, 10)}`,
        headers: bearer(superToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.webhookDeliveries as Array<{ start: string; count: number }>;
    };
    const counted = await deliveriesPerDay();
    expect(counted.find((day) => day.start === daysAgo(40).slice(0, 10))?.count).toBe(4);

    const context = {
      deps: services.deps,
      log: services.deps.logger,
      jobId: 'nightly',
      workerId: 'test',
      retryCount: 0,
    };
    expect(await removeOldDeliveriesJob.handle({}, context)).toEqual({ removed: 2 });
    const left = rowsOf<{ id: string }>(
      await services.deps.database.db.execute(
        sql`select id from webhook_inbox where id in (${processedLongAgo}, ${failedLongAgo}, ${processedLately}, ${stillWaiting})`,
      ),
    ).map((row) => row.id);
    expect(left.sort()).toEqual([processedLately, stillWaiting].sort());
    expect(await deliveriesPerDay()).toEqual(counted);
    // Run again, nothing more goes and nothing is counted twice.
    expect(await removeOldDeliveriesJob.handle({}, context)).toEqual({ removed: 0 });
    expect(await deliveriesPerDay()).toEqual(counted);
  });

  it('stores a delivery and queues its processing in one statement, the secret read once', async () => {
    forgetWebhookSecret(services.deps, team.vendor.id);
    const first = await countStatements(services.deps.database, () => post(delivery('job-count-1')));
    expect(first.result.statusCode, first.result.body).toBe(200);
    // The secret is read once (it was not known), then the delivery and its job are one statement.
    expect(first.statements).toHaveLength(2);
    expect(first.statements[0]).toMatch(/^select .* from "sm8_connections"/);

    const second = await countStatements(services.deps.database, () => post(delivery('job-count-2')));
    expect(second.result.statusCode, second.result.body).toBe(200);
    expect(second.statements).toHaveLength(1);
    const repeat = await countStatements(services.deps.database, () => post(delivery('job-count-2')));
    expect(repeat.result.json().data).toEqual({ inboxId: null, duplicate: true });
    expect(repeat.statements).toHaveLength(1);

    // The job is the one queue.send stores: the queue's retries, retention and expiry, the vendor's group.
    const inboxId = second.result.json().data.inboxId as string;
    const [queued, ...more] = await jobsFor(inboxId);
    expect(more).toHaveLength(0);
    const sentId = '00000000-0000-4000-8000-00000000c0de';
    await services.deps.queue.send(processDeliveryJob, { inboxId: sentId, vendorId: team.vendor.id });
    const [sent] = await jobsFor(sentId);
    // Each at the vendor's turn (see vendor-turns.ts): the same job but for its priority, which falls
    // with the vendor's deliveries queued just before.
    expect(queued).toEqual({ ...sent, data: { inboxId, vendorId: team.vendor.id }, priority: queued?.priority });
    expect(Number(sent?.priority)).toBeLessThanOrEqual(Number(queued?.priority));
    expect(queued).toMatchObject({ state: 'created', group_id: team.vendor.id, retry_limit: 5, ready: true });
  });

  it('queues a repeat of a delivery already processed again, in the same statement', async () => {
    const stored = (await post(delivery('job-reopen'))).json().data.inboxId as string;
    await services.deps.database.db.execute(
      sql`update webhook_inbox set status = 'Processed', processed_at = now() where id = ${stored}`,
    );
    const again = await countStatements(services.deps.database, () => post(delivery('job-reopen')));
    expect(again.result.json().data).toEqual({ inboxId: null, duplicate: true });
    expect(again.statements).toHaveLength(1);
    expect(await jobsFor(stored)).toHaveLength(2);
    const [row] = rowsOf<{ status: string }>(
      await services.deps.database.db.execute(sql`select status from webhook_inbox where id = ${stored}`),
    );
    expect(row?.status).toBe('Received');
    // A repeat of an event delivery is never queued again.
    const event = { type: 'job.created', data: { uuid: 'job-event-once' } };
    const eventId = (await post(event)).json().data.inboxId as string;
    await services.deps.database.db.execute(sql`update webhook_inbox set status = 'Processed' where id = ${eventId}`);
    expect((await post(event)).json().data).toEqual({ inboxId: null, duplicate: true });
    expect(await jobsFor(eventId)).toHaveLength(1);
  });

  it('follows a secret changed by another process: the new one at once, the old one refused within 30 s', async () => {
    const key = services.deps.keys.storageEncryptionKey;
    const other = await createVendorTeam(services.deps, 'Rotating Roofing');
    const connect = (secret: string) =>
      upsertConnection(services.deps.database.db, {
        vendorId: other.vendor.id,
        accountUuid: 'account-rotating',
        accessTokenEnc: encryptSecret(key, 'access'),
        refreshTokenEnc: encryptSecret(key, 'refresh'),
        accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
        scope: 'read_jobs',
        webhookSecretEnc: encryptSecret(key, secret),
      });
    const send = (secret: string, uuid: string) =>
      services.app.inject({
        method: 'POST',
        url: callback({ vendor: other.vendor.id, secret }),
        payload: delivery(uuid),
      });
    // Not connected yet: refused, and not remembered as such.
    expect((await send('old-secret', 'job-r0')).statusCode).toBe(401);
    await connect('old-secret');
    expect((await send('old-secret', 'job-r1')).statusCode).toBe(200);

    // Another process changes the secret (this one is not told).
    await updateConnection(services.deps.database.db, other.vendor.id, {
      webhookSecretEnc: encryptSecret(key, 'new-secret'),
    });
    expect((await send('new-secret', 'job-r2')).statusCode).toBe(200);
    expect((await send('old-secret', 'job-r3')).statusCode).toBe(401);

    // The old copy is trusted for at most 30 s: back to the old secret elsewhere, the new one still
    // passes until then, and is refused after.
    await updateConnection(services.deps.database.db, other.vendor.id, {
      webhookSecretEnc: encryptSecret(key, 'old-secret'),
    });
    expect((await send('new-secret', 'job-r4')).statusCode).toBe(200);
    services.clock.advance(30_000);
    expect((await send('new-secret', 'job-r5')).statusCode).toBe(401);
    expect((await send('old-secret', 'job-r6')).statusCode).toBe(200);

    // A change in this process is followed at once.
    await updateConnection(services.deps.database.db, other.vendor.id, {
      webhookSecretEnc: encryptSecret(key, 'newest-secret'),
    });
    forgetWebhookSecret(services.deps, other.vendor.id);
    expect((await send('old-secret', 'job-r7')).statusCode).toBe(401);
    expect((await send('newest-secret', 'job-r8')).statusCode).toBe(200);
  });
});
