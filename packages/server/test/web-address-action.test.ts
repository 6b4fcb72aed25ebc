import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TriggerRunDetail } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DeliveryRefused, deliver } from '../src/integrations/web-address/web-delivery.ts';
import { upsertSubscription } from '../src/modules/billing/billing.repository.ts';
import { vendorSubscriptions } from '../src/modules/billing/billing.schema.ts';
import { insertPlanWithPrices } from '../src/modules/billing/plans.service.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { startWebReceiver, type WebReceiver } from './support/web-receiver.ts';

/**
 * "Send to a web address", delivered to a real HTTP server on this machine's loopback (allowed by the
 * test-only `WEB_ADDRESS_TEST_LOOPBACK`): the body, the signature the README's snippet verifies, the
 * idempotency key, the waits and retries on 5xx, 429 and no answer, the failure on other 4xx, redirects
 * not followed, long answers cut, and one delivery per step through interrupted attempts.
 */

/** How long deliveries here may take: a receiver that never answers is given up on after 2 s, not 10. */
const TIMEOUT_SECONDS = 2;
const PRODUCTION_TIMEOUT_SECONDS = 10;

let h: AutomationHarness;
let receiver: WebReceiver;
beforeAll(async () => {
  h = await startAutomationHarness({
    env: { WEB_ADDRESS_TEST_LOOPBACK: 'true', WEB_ADDRESS_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) },
  });
  receiver = await startWebReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await h.cleanup();
});
const triggers: string[] = [];
beforeEach(() => {
  receiver.reset();
  h.sim.controls.clearFaults();
});
afterEach(async () => {
  for (const triggerId of triggers.splice(0)) await h.deleteTrigger(triggerId);
});

const { jobs, categories } = SEED_IDS;
const JOB = jobs.quoteKitchenTap; // job 1001 for Emma Ellis
let flip = false;

type WebParams = {
  url: string;
  bodyMode?: 'json' | 'template';
  body?: string;
  headers?: { name: string; value: string }[];
};

/** A trigger on job 1001's category change that sends to the receiver (and does `then` after). */
async function startRun(
  params: WebParams,
  then: Array<{ id: string; type: 'Job_AddNote'; params: { text: string } }> = [],
) {
  const triggerId = await h.createTrigger({
    event: 'JobCategoryChanged',
    actions: [{ id: 'web', type: 'SendToWebAddress', params }, ...then],
  });
  triggers.push(triggerId);
  flip = !flip;
  await h.change('job', JOB, { category_uuid: flip ? categories.drainage : categories.plumbing });
  const [run] = await h.settledRuns(triggerId, 1);
  if (!run) throw new Error('no run');
  return { triggerId, run, step: webStep(run) };
}

const webStep = (run: TriggerRunDetail) => run.steps.find((s) => s.actionType === 'SendToWebAddress');

async function runOf(triggerId: string): Promise<TriggerRunDetail> {
  const [run] = await h.settledRuns(triggerId, 1);
  if (!run) throw new Error('no run');
  return run;
}

/** The README's verification snippet, run as a receiver would run it. */
function documentedVerifier(): (secret: string, header: string, body: string, now?: number) => boolean {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const code = /<!-- signature-snippet -->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error('the README has no signature snippet');
  return new Function('require', `${code}\nreturn verifyAutomateSignature;`)(createRequire(import.meta.url));
}

async function rotateSecret(): Promise<string> {
  const answer = await h.app.inject({
    method: 'POST',
    url: `/api/vendor/${h.vendorId}/WebAddress/secret`,
    headers: bearer(h.token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.secret;
}

describe('a delivery', () => {
  it('posts the record as JSON, signed so the documented snippet verifies it, keyed by the step id', async () => {
    const secret = await rotateSecret();
    expect(secret).toMatch(/^atm_whsec_[A-Za-z0-9_-]{43}$/);
    const { run, step } = await startRun({ url: receiver.url('/hooks/jobs') });

    expect(run.status).toBe('Succeeded');
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request?.path).toBe('/hooks/jobs');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe(step?.id);
    const body = JSON.parse(request?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'JobCategoryChanged',
      runId: run.id,
      business: { id: h.vendorId, name: 'Harbour Plumbing' },
      records: { job: { uuid: JOB, generated_job_id: '1001' }, client: { name: expect.any(String) } },
      values: { 'job.number': '1001' },
    });

    const verify = documentedVerifier();
    const signature = String(request?.headers['automate-signature']);
    const t = Number(/t=(\d+)/.exec(signature)?.[1]);
    expect(verify(secret, signature, request?.body ?? '', t)).toBe(true);
    expect(verify(secret, signature, `${request?.body} `, t)).toBe(false);
    expect(verify(`${secret}x`, signature, request?.body ?? '', t)).toBe(false);
    expect(verify(secret, signature, request?.body ?? '', t + 301)).toBe(false);

    expect(step?.status).toBe('Succeeded');
    expect(step?.outcome).toBe(`Sent to 127.0.0.1:${receiver.port}, which answered 200. It answered: ok`);
  });

  it('sends a body written with merge fields, and extra headers whose values are stored sealed', async () => {
    const { triggerId, step } = await startRun({
      url: receiver.url(),
      bodyMode: 'template',
      body: '{"text": "Job {{ job.number }} changed category"}',
      headers: [{ name: 'X-Api-Key', value: 'key-for-the-receiver-123' }],
    });
    const [request] = receiver.received;
    expect(request?.body).toBe('{"text": "Job 1001 changed category"}');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-api-key']).toBe('key-for-the-receiver-123');
    expect(step?.status).toBe('Succeeded');

    // The value is nowhere in the stored trigger, its history, the activity log or the step.
    const saved = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/Trigger/${triggerId}`,
      headers: bearer(h.token),
    });
    const header = saved.json().data.definition.actions[0].params.headers[0];
    expect(header.name).toBe('X-Api-Key');
    expect(header.value).toMatch(/^sealed:/);
    for (const table of ['triggers', 'trigger_versions', 'audit_entries', 'run_steps']) {
      const found = await h.deps.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like '%key-for-the-receiver-123%'`,
      );
      expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]?.n, table).toBe(0);
    }

    // Saved again as the editor gives it back, the sealed value is kept and still sent.
    const definition = saved.json().data.definition;
    const resaved = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/${triggerId}`,
      headers: bearer(h.token),
      payload: { ...definition, name: 'Renamed' },
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().data.definition.actions[0].params.headers[0].value).toBe(header.value);
  });

  it('refuses a header value sealed for another business', async () => {
    const other = await createVendorTeam(h.deps, 'Other Plumbing');
    const triggerId = await h.createTrigger({
      event: 'JobCategoryChanged',
      enabled: false,
      actions: [
        {
          id: 'web',
          type: 'SendToWebAddress',
          params: { url: 'https://hooks.example.com/a', headers: [{ name: 'X-Api-Key', value: 'secret-value-1' }] },
        },
      ],
    });
    triggers.push(triggerId);
    const saved = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/Trigger/${triggerId}`,
      headers: bearer(h.token),
    });
    const copied = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${other.vendor.id}/Trigger`,
      headers: bearer(other.adminToken),
      payload: saved.json().data.definition,
    });
    expect(copied.statusCode).toBe(400);
    expect(copied.json().message).toContain('Header value: write the value again');
  });
});

describe('when the web address fails', () => {
  it('waits and posts the same body with the same key again after a 500, until it answers 2xx', async () => {
    receiver.plan({ status: 500, body: 'database down' }, { status: 503 });
    const { triggerId, run, step } = await startRun({ url: receiver.url() });
    expect(run.status).toBe('Scheduled');
    expect(step?.status).toBe('Started');
    expect(step?.outcome).toMatch(/^Waiting: 127\.0\.0\.1:\d+ answered 500: database down\. Trying again /);
    expect(new Date(run.dueAt).getTime() - h.clock.now().getTime()).toBeGreaterThan(55_000);
    expect(receiver.received).toHaveLength(1);

    await h.advance(61_000);
    const second = await runOf(triggerId);
    expect(second.status).toBe('Scheduled');
    expect(receiver.received).toHaveLength(2);
    await h.advance(2 * 61_000);
    const third = await runOf(triggerId);
    expect(third.status).toBe('Succeeded');
    expect(receiver.received).toHaveLength(3);
    const keys = new Set(receiver.received.map((request) => request.headers['idempotency-key']));
    expect(keys).toEqual(new Set([step?.id]));
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    expect(third.steps.filter((s) => s.actionType === 'SendToWebAddress')).toHaveLength(1);
  });

  it('honours Retry-After on 429', async () => {
    receiver.plan({ status: 429, headers: { 'Retry-After': '600' } });
    const { triggerId, run } = await startRun({ url: receiver.url() });
    expect(run.status).toBe('Scheduled');
    expect(new Date(run.dueAt).getTime() - h.clock.now().getTime()).toBeGreaterThanOrEqual(599_000);
    await h.advance(5 * 60_000);
    expect((await runOf(triggerId)).status).toBe('Scheduled');
    expect(receiver.received).toHaveLength(1);
    await h.advance(6 * 60_000);
    expect((await runOf(triggerId)).status).toBe('Succeeded');
    expect(receiver.received).toHaveLength(2);
  });

  it('tries again when the connection drops before an answer: one step, one key', async () => {
    receiver.plan('drop');
    const { triggerId, run, step } = await startRun({ url: receiver.url() });
    expect(run.status).toBe('Scheduled');
    expect(step?.outcome).toContain('did not answer: the connection was dropped');
    await h.advance(61_000);
    expect((await runOf(triggerId)).status).toBe('Succeeded');
    expect(receiver.received.map((request) => request.headers['idempotency-key'])).toEqual([step?.id, step?.id]);
  });

  it('tries again when no answer comes within the time a delivery may take', async () => {
    receiver.plan('hang');
    const started = Date.now();
    const { triggerId, run, step } = await startRun({ url: receiver.url() });
    const waitedMs = Date.now() - started;
    expect(run.status).toBe('Scheduled');
    expect(step?.outcome).toContain(`did not answer: no answer within ${TIMEOUT_SECONDS} seconds`);
    // The configured time was waited out, and governed: the production default had not passed.
    expect(waitedMs).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000);
    expect(waitedMs).toBeLessThan(PRODUCTION_TIMEOUT_SECONDS * 1000);
    await h.advance(61_000);
    expect((await runOf(triggerId)).status).toBe('Succeeded');
    expect(receiver.received).toHaveLength(2);
  });

  it('may take 10 seconds unless WEB_ADDRESS_TIMEOUT_SECONDS says otherwise', () => {
    const production = { NODE_ENV: 'production', APP_SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(production).webAddressTimeoutSeconds).toBe(PRODUCTION_TIMEOUT_SECONDS);
    expect(loadConfig({ ...production, WEB_ADDRESS_TIMEOUT_SECONDS: '30' }).webAddressTimeoutSeconds).toBe(30);
    expect(() => loadConfig({ WEB_ADDRESS_TIMEOUT_SECONDS: '0' })).toThrow(
      'WEB_ADDRESS_TIMEOUT_SECONDS: must be from 1 to 60 seconds',
    );
    expect(() => loadConfig({ WEB_ADDRESS_TIMEOUT_SECONDS: '2.5' })).toThrow(
      'WEB_ADDRESS_TIMEOUT_SECONDS: must be a whole number of seconds',
    );
    expect(h.deps.config.webAddressTimeoutSeconds).toBe(TIMEOUT_SECONDS);
  });

  it('gives up after 24 hours of failures, saying so', async () => {
    receiver.plan(...Array.from({ length: 60 }, () => ({ status: 502 })));
    const { triggerId } = await startRun({ url: receiver.url() });
    let run = await runOf(triggerId);
    for (let hops = 0; run.status === 'Scheduled' && hops < 60; hops++) {
      await h.advance(new Date(run.dueAt).getTime() - h.clock.now().getTime() + 1000);
      run = await runOf(triggerId);
    }
    expect(run.status).toBe('Failed');
    const step = webStep(run);
    expect(step?.status).toBe('Failed');
    expect(step?.outcome).toContain('answered 502');
    expect(step?.outcome).toContain('It was tried for 24 hours without success');
    // A minute, then doubling, at most an hour apart: about 30 attempts in the day.
    expect(receiver.received.length).toBeGreaterThan(25);
    expect(receiver.received.length).toBeLessThan(35);
  });

  it('fails at once on 400 with the status and the first kilobyte of the answer', async () => {
    receiver.plan({ status: 400, body: `field "name" is required. ${'x'.repeat(3000)}` });
    const { run, step } = await startRun({ url: receiver.url() });
    expect(run.status).toBe('Failed');
    expect(receiver.received).toHaveLength(1);
    expect(step?.status).toBe('Failed');
    expect(step?.outcome).toMatch(
      /refused the delivery with 400: field "name" is required\. x+… \(cut\)\. It is not tried again/,
    );
    const excerpt = /with 400: (.*)… \(cut\)/.exec(step?.outcome ?? '')?.[1] ?? '';
    expect(Buffer.byteLength(excerpt)).toBe(1024);
  });

  it('does not follow a redirect', async () => {
    receiver.plan({ status: 302, headers: { Location: receiver.url('/elsewhere') } });
    const { run, step } = await startRun({ url: receiver.url('/moved') });
    expect(run.status).toBe('Failed');
    expect(receiver.received.map((request) => request.path)).toEqual(['/moved']);
    expect(step?.outcome).toContain(`answered 302, a redirect to ${receiver.url('/elsewhere')}, which is not followed`);
  });

  it('reads at most 64 KB of an answer', async () => {
    receiver.plan({ status: 200, body: 'y'.repeat(5 * 1024 * 1024) });
    const { run, step } = await startRun({ url: receiver.url() });
    expect(run.status).toBe('Succeeded');
    expect(step?.outcome).toMatch(/which answered 200\. It answered: y{1024}… \(cut\)$/);
  });

  it('refuses an address inside the network without connecting', async () => {
    const { run, step } = await startRun({ url: 'http://169.254.169.254/latest/meta-data/' });
    expect(run.status).toBe('Failed');
    expect(step?.outcome).toBe(
      'Cannot send to http://169.254.169.254/latest/meta-data/: it is a cloud metadata address. Nothing was sent.',
    );
  });
});

describe('exactly once per step', () => {
  it('is not posted again when a later action fails and the run is retried', async () => {
    h.sim.controls.addFault({ kind: 'status', status: 500, path: '/api_1.0/note.json', times: 2 });
    const { run } = await startRun({ url: receiver.url() }, [
      { id: 'note', type: 'Job_AddNote', params: { text: 'Sent to the website' } },
    ]);
    expect(run.status).toBe('Succeeded');
    expect(receiver.received).toHaveLength(1);
    expect(run.steps.filter((s) => s.actionType === 'SendToWebAddress')).toHaveLength(1);
  });
});

describe('the guard at connect time', () => {
  const request = (url: string) => ({
    url,
    body: '{}',
    contentType: 'application/json',
    headers: [],
    idempotencyKey: 'k',
    signingSecret: 's',
    timestamp: 1,
  });

  it('refuses plain http and a host name that resolves to loopback without the test allowance', async () => {
    const policy = { allowLoopbackHttp: false, timeoutSeconds: TIMEOUT_SECONDS };
    await expect(deliver(request(`http://localhost:${receiver.port}/`), policy)).rejects.toThrow(
      'only https:// addresses are allowed',
    );
    const refused = deliver(request(`https://localhost:${receiver.port}/`), policy);
    await expect(refused).rejects.toBeInstanceOf(DeliveryRefused);
    await expect(refused).rejects.toThrow(/localhost resolves to (127\.0\.0\.1|::1), and it is a loopback address/);
    await expect(deliver(request(`https://2130706433:${receiver.port}/`), policy)).rejects.toThrow(
      'it is a loopback address',
    );
    await expect(deliver(request(`https://[::ffff:7f00:1]:${receiver.port}/`), policy)).rejects.toThrow(
      'it is a loopback address (written as IPv6)',
    );
    expect(receiver.received).toHaveLength(0);
  });
});

describe('Account and Send a test', () => {
  it('shows when the secret was made and how many deliveries were started today, to Admins only', async () => {
    const settings = () =>
      h.app.inject({ method: 'GET', url: `/api/vendor/${h.vendorId}/WebAddress`, headers: bearer(h.token) });
    const before = await settings();
    expect(before.statusCode).toBe(200);
    expect(before.json().data.dailyLimit).toBe(10_000);
    await startRun({ url: receiver.url() });
    await startRun({ url: receiver.url() });
    const after = (await settings()).json().data;
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    expect(after.sentToday - before.json().data.sentToday).toBe(receiver.received.length);
    // Created by the first delivery that needed one, if no Admin made one before.
    expect(after.signingSecretCreatedAt).toEqual(expect.any(String));
    const asUser = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/WebAddress`,
      headers: bearer(h.userToken),
    });
    expect(asUser.statusCode).toBe(403);
    const other = await createVendorTeam(h.deps, 'Another Business');
    const elsewhere = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/WebAddress/secret`,
      headers: bearer(other.adminToken),
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('posts a sample and shows the answer', async () => {
    receiver.plan({ status: 201, body: '{"received":true}' });
    const answer = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/WebAddress/test`,
      headers: bearer(h.token),
      payload: { url: receiver.url('/try'), headers: [{ name: 'X-Api-Key', value: 'typed-value' }] },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      status: 201,
      answer: '{"received":true}',
      outcome: `Sent to 127.0.0.1:${receiver.port}, which answered 201. It answered: {"received":true}`,
      ok: true,
    });
    const [request] = receiver.received;
    expect(request?.headers['x-api-key']).toBe('typed-value');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ event: 'JobCompleted', test: true });
  });

  it('says what is wrong with a bad address', async () => {
    const answer = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/WebAddress/test`,
      headers: bearer(h.token),
      payload: { url: 'ftp://example.com/x' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('Web address: write a whole web address');
  });

  it('stops at the plan’s daily limit, naming the plan and the limit, and Account shows that limit', async () => {
    const db = h.deps.database.db;
    const plan = await insertPlanWithPrices(db, {
      name: 'Crew',
      monthlyPriceCents: 100,
      yearlyPriceCents: 1000,
      limits: { activeTriggers: 50, runsPerMonth: 1000, messagesPerMonth: 100, webAddressDeliveriesPerDay: 2 },
    });
    const now = h.clock.now();
    await upsertSubscription(db, {
      stripeSubscriptionId: `sub_web_${plan.id}`,
      vendorId: h.vendorId,
      planId: plan.id,
      planPriceId: null,
      status: 'active',
      pastDueSince: null,
      currentPeriodStart: new Date(now.getTime() - 86_400_000),
      currentPeriodEnd: new Date(now.getTime() + 29 * 86_400_000),
      cancelAtPeriodEnd: false,
      trialEnd: null,
      endedAt: null,
      startedAt: new Date(now.getTime() - 86_400_000),
      updatedAt: now,
    });
    try {
      const settings = async () =>
        (
          await h.app.inject({ method: 'GET', url: `/api/vendor/${h.vendorId}/WebAddress`, headers: bearer(h.token) })
        ).json().data;
      expect(await settings()).toMatchObject({ dailyLimit: 2, planName: 'Crew' });
      // Deliveries already made today count: send until the plan's two are used.
      while ((await settings()).sentToday < 2) await startRun({ url: receiver.url() });
      receiver.reset();
      const { sentToday } = await settings();
      const { run, step } = await startRun({ url: receiver.url() });
      expect(run.status).toBe('Failed');
      expect(step?.outcome).toBe(
        "Your Crew plan allows 2 deliveries to web addresses a day, and today's are used up, so this one was not sent; the count starts again at midnight. Change plan to send more.",
      );
      expect(receiver.received).toHaveLength(0);
      // The refused step started no delivery: the count stands.
      expect(await settings()).toMatchObject({ sentToday, dailyLimit: 2 });
    } finally {
      await db.delete(vendorSubscriptions).where(eq(vendorSubscriptions.vendorId, h.vendorId));
    }
  });

  it('stops a business without a plan at 10,000 a day, saying so, without sending', async () => {
    const { run: earlier } = await startRun({ url: receiver.url() });
    // The rest of today's allowance, used by earlier deliveries of the business.
    await h.deps.database.db.execute(sql`
      insert into run_steps (run_id, position, kind, action_id, action_type, status, input, outcome, started_at)
      select ${earlier.id}, 100 + n, 'Action', 'web', 'SendToWebAddress', 'Succeeded',
             '{"url": "https://hooks.example.com/"}'::jsonb, 'Sent.', ${h.clock.now().toISOString()}::timestamptz
        from generate_series(1, 10000) as n`);
    receiver.reset();
    const { run, step } = await startRun({ url: receiver.url() });
    expect(run.status).toBe('Failed');
    expect(step?.outcome).toBe(
      'Your business has made its 10,000 deliveries to web addresses for today, so this one was not sent; the count starts again at midnight.',
    );
    expect(receiver.received).toHaveLength(0);
  });
});
