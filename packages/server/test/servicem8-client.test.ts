import { Sm8Vendor } from '@automate/contract';
import { type AssumptionChoice, SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.ts';
import type { Deps } from '../src/deps.ts';
import { connectWithTokens } from '../src/modules/servicem8/connect.service.ts';
import { activateVendorJob } from '../src/modules/servicem8/servicem8.jobs.ts';
import { sm8ClientForVendor } from '../src/modules/servicem8/sm8-access.ts';
import { startServices } from '../src/services.ts';
import { createVendor } from './support/factories.ts';
import { jobsFinished } from './support/queued-jobs.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

const PER_MINUTE = 120;
const Sm8AnyRecord = z.record(z.string(), z.unknown());
let services: TestServices;
let vendorId: string;

beforeAll(async () => {
  services = await startTestServices({
    simulator: { throttle: { perMinute: PER_MINUTE } },
    env: { SM8_RATE_PER_MINUTE: String(PER_MINUTE) },
  });
  const sim = services.sim;
  if (!sim) throw new Error('no simulator');
  vendorId = (await createVendor(services.deps, 'Harbour Plumbing')).id;
  const issued = sim.controls.issueToken();
  await connectWithTokens(services.deps, vendorId, SEED_IDS.vendor, {
    accessToken: issued.access_token,
    refreshToken: issued.refresh_token,
    expiresAt: new Date(Date.now() + issued.expires_in * 1000),
    scope: String(issued.scope ?? ''),
  });
  // Activation (sync, webhook subscriptions, then the baseline read of the account) runs in the
  // background; let it finish first so its calls do not mix with the calls these tests count.
  const deadline = Date.now() + 30_000;
  while (sim.controls.subscriptions().length < 8) {
    if (Date.now() > deadline) throw new Error('the vendor was never activated');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await jobsFinished(services.deps, activateVendorJob);
});
afterAll(() => services.cleanup());

const sim = () => {
  if (!services.sim) throw new Error('no simulator');
  return services.sim;
};

describe('the ServiceM8 rate limit shared through the database', () => {
  it('makes a burst from two workers wait its turn instead of meeting 429s (the second is its own process on PostgreSQL)', async () => {
    const second: { deps: Deps; stop(): Promise<void> } | undefined =
      services.target.kind === 'postgres'
        ? await startServices({
            config: loadConfig({ ...process.env, ...configEnv(services) }),
            logger: pino({ level: 'silent' }),
            target: services.target,
            role: 'worker',
            webRoot: undefined,
            clock: services.clock,
          })
        : undefined;
    try {
      const clients = [
        await sm8ClientForVendor(services.deps, vendorId),
        await sm8ClientForVendor(second?.deps ?? services.deps, vendorId),
      ];
      sim().controls.clearCalls();
      // Measured on the test clock, which the limiter's waits move on (and the simulator's throttle reads).
      const started = services.clock.now().getTime();
      const calls = PER_MINUTE / 6 + 10;
      const results = await Promise.all(
        Array.from({ length: calls }, (_, i) => clients[i % 2]?.get('job', SEED_IDS.jobs.completedHotWater, Sm8Vendor)),
      );
      const elapsed = services.clock.now().getTime() - started;
      expect(results.every((job) => job?.uuid === SEED_IDS.jobs.completedHotWater)).toBe(true);
      const seen = sim().controls.calls({ path: '/api_1.0/job' });
      expect(seen.filter((call) => call.status === 429)).toEqual([]);
      // A sixth of the minute's allowance goes at once; the rest waits for the bucket to refill.
      expect(elapsed).toBeGreaterThan(((calls - PER_MINUTE / 6) / ((PER_MINUTE * 5) / 6 / 60)) * 1000 * 0.8);
    } finally {
      await second?.stop();
    }
  });

  it('retries a 429 and a 503 from ServiceM8 and completes the call', async () => {
    sim().controls.clearCalls();
    sim().controls.addFault({ kind: 'status', status: 429, path: '/api_1.0/vendor*', times: 1 });
    sim().controls.addFault({ kind: 'status', status: 503, path: '/api_1.0/vendor*', times: 1 });
    const client = await sm8ClientForVendor(services.deps, vendorId);
    const [account] = await client.list('vendor', Sm8Vendor);
    expect(account?.uuid).toBe(SEED_IDS.vendor);
    expect(
      sim()
        .controls.calls({ path: '/api_1.0/vendor' })
        .map((call) => call.status),
    ).toEqual([429, 503, 200]);
  });

  it('does not repeat a write whose outcome is unknown (5xx), only one refused with 429', async () => {
    sim().controls.clearCalls();
    sim().controls.addFault({ kind: 'status', status: 429, path: '/api_1.0/note.json', method: 'POST', times: 1 });
    sim().controls.addFault({ kind: 'status', status: 502, path: '/api_1.0/note.json', method: 'POST', times: 1 });
    const client = await sm8ClientForVendor(services.deps, vendorId);
    const write = client.create('note', {
      related_object: 'job',
      related_object_uuid: SEED_IDS.jobs.quoteHotWater,
      note: 'x',
    });
    await expect(write).rejects.toMatchObject({ status: 502, retryable: true });
    expect(
      sim()
        .controls.calls({ path: '/api_1.0/note.json' })
        .map((call) => call.status),
    ).toEqual([429, 502]);
  });
});

describe('a faulty ServiceM8 does not hold up the rest of the work', () => {
  it('gives up on a read ServiceM8 holds without answering within seconds, and asks again', async () => {
    sim().controls.clearCalls();
    // Held for 30 s, then dropped: a read waits 5 s for the answer to start before it asks again.
    sim().controls.addFault({ kind: 'timeout', path: '/api_1.0/vendor*', times: 1 });
    const client = await sm8ClientForVendor(services.deps, vendorId);
    const started = Date.now();
    const [account] = await client.list('vendor', Sm8Vendor);
    const tookMs = Date.now() - started;
    expect(account?.uuid).toBe(SEED_IDS.vendor);
    expect(
      sim()
        .controls.calls({ path: '/api_1.0/vendor' })
        .map((call) => call.fault ?? call.status),
    ).toEqual(['timeout', 200]);
    expect(tookMs).toBeLessThan(20_000);
  }, 40_000);

  it('after a 429 makes every caller for the account wait for its allowance, not only the one refused', async () => {
    // A full bucket: a sixth of the minute's allowance may go at once.
    services.clock.advance(120_000);
    const burst = PER_MINUTE / 18 - 1;
    const [first, second] = [
      await sm8ClientForVendor(services.deps, vendorId),
      await sm8ClientForVendor(services.deps, vendorId),
    ];
    const readSome = async () => {
      const started = services.clock.now().getTime();
      for (let i = 0; i < burst; i++) await second?.get('job', SEED_IDS.jobs.completedHotWater, Sm8AnyRecord);
      return services.clock.now().getTime() - started;
    };
    // Without a 429 the bucket's calls in hand go at once.
    expect(await readSome()).toBeLessThan(1000);

    services.clock.advance(120_000);
    sim().controls.addFault({ kind: 'status', status: 429, path: '/api_1.0/vendor*', times: 1 });
    await first?.list('vendor', Sm8Vendor);
    // ServiceM8 said the account is over its allowance: the other caller's calls wait for the refill.
    const refillMs = (1000 * 60) / (PER_MINUTE - PER_MINUTE / 18);
    expect(await readSome()).toBeGreaterThan((burst - 1) * refillMs);
  });
});

describe('the paths and answers of the ServiceM8 API description', () => {
  /** Runs `work` with the simulator reading paths as `spelling`, then as before. */
  async function spelledAs(spelling: AssumptionChoice<'pathSpelling'>, work: () => Promise<void>) {
    const previous = sim().controls.assumptions().current.pathSpelling;
    sim().controls.setAssumptions({ pathSpelling: spelling });
    try {
      await work();
    } finally {
      sim().controls.setAssumptions({ pathSpelling: previous });
    }
  }
  const callLines = () =>
    sim()
      .controls.calls({ path: '/api_1.0/' })
      .map((call) => `${call.method} ${call.path.replace(/[0-9a-f-]{36}/, '{uuid}')} ${call.status}`);

  it('asks once more with the plain spelling when an account refuses dbonote / dboattachment as unknown objects, and keeps to it', async () => {
    await spelledAs('plain-exact', async () => {
      sim().controls.clearCalls();
      const client = await sm8ClientForVendor(services.deps, vendorId);
      const [noteUuid = ''] = SEED_IDS.notes;
      expect(await client.get('note', noteUuid, Sm8AnyRecord)).toMatchObject({ uuid: noteUuid });
      expect(await client.get('attachment', SEED_IDS.attachments.quotePdf, Sm8AnyRecord)).toMatchObject({
        uuid: SEED_IDS.attachments.quotePdf,
      });
      await client.update('note', noteUuid, { note: 'Read back plainly' });
      expect(callLines()).toEqual([
        'GET /api_1.0/dbonote/{uuid}.json 400',
        'GET /api_1.0/note/{uuid}.json 200',
        'GET /api_1.0/attachment/{uuid}.json 200',
        'POST /api_1.0/note/{uuid}.json 200',
      ]);
    });
  });

  it('reads and updates one note or attachment at dbonote / dboattachment, and lists and creates them at note / attachment', () =>
    spelledAs('sdk-exact', async () => {
      const warmUp = await sm8ClientForVendor(services.deps, vendorId);
      // An account that took the plain spelling before is asked once with it: the SDK's then wins again.
      await warmUp.get('note', SEED_IDS.notes[0] ?? '', Sm8AnyRecord);
      sim().controls.clearCalls();
      const client = await sm8ClientForVendor(services.deps, vendorId);
      const [noteUuid = ''] = SEED_IDS.notes;
      expect(await client.get('note', noteUuid, Sm8AnyRecord)).toMatchObject({ uuid: noteUuid });
      expect(await client.get('attachment', SEED_IDS.attachments.quotePdf, Sm8AnyRecord)).toMatchObject({
        uuid: SEED_IDS.attachments.quotePdf,
      });
      await client.update('note', noteUuid, { note: 'Checked by the office' });
      await client.list('note', Sm8AnyRecord, { filter: `related_object_uuid eq '${SEED_IDS.jobs.quoteHotWater}'` });
      await client.create('note', {
        related_object: 'job',
        related_object_uuid: SEED_IDS.jobs.quoteHotWater,
        note: 'y',
      });
      expect(await client.get('job', SEED_IDS.jobs.quoteHotWater, Sm8AnyRecord)).not.toBeNull();
      expect(callLines()).toEqual([
        'GET /api_1.0/dbonote/{uuid}.json 200',
        'GET /api_1.0/dboattachment/{uuid}.json 200',
        'POST /api_1.0/dbonote/{uuid}.json 200',
        'GET /api_1.0/note.json 200',
        'POST /api_1.0/note.json 200',
        'GET /api_1.0/job/{uuid}.json 200',
      ]);
      expect(
        sim()
          .controls.records('note')
          .find((note) => note.uuid === noteUuid)?.note,
      ).toBe('Checked by the office');
    }));

  it.each([
    ['object', '/webhook_subscriptions/object', 'the job webhook'],
    ['event', '/webhook_subscriptions/event', 'the job.created event'],
  ])('a %s subscription answered 200 with success false fails with its message', async (_kind, path, what) => {
    sim().controls.addFault({
      kind: 'status',
      status: 200,
      path,
      times: 1,
      body: JSON.stringify({ success: false, message: 'Callback URL did not respond to the challenge' }),
    });
    const client = await sm8ClientForVendor(services.deps, vendorId);
    const subscribe = path.endsWith('object')
      ? client.subscribeObject('job', ['status'], 'https://automate.example/api/Webhook/sm8cb')
      : client.subscribeEvent('job.created', 'https://automate.example/api/Webhook/sm8cb');
    await expect(subscribe).rejects.toMatchObject({
      message: `ServiceM8 did not subscribe ${what}: Callback URL did not respond to the challenge`,
      retryable: false,
    });
  });
});

describe('deliveries from ServiceM8', () => {
  it('reach the inbox when a job changes in ServiceM8', async () => {
    const deadline = Date.now() + 15_000;
    while (
      sim()
        .controls.subscriptions()
        .filter((s) => s.object?.toLowerCase() === 'job').length === 0
    ) {
      if (Date.now() > deadline) throw new Error('never subscribed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    sim().controls.writeRecord('job', SEED_IDS.jobs.workOrderBurstPipe, { status: 'Completed' });
    await sim().controls.webhooksIdle();
    const rows = await services.deps.database.db.execute(
      sql`select topic, payload from webhook_inbox where vendor_id = ${vendorId}`,
    );
    const inbox = (rows as unknown as { rows: Array<{ topic: string; payload: { entry?: Array<{ uuid: string }> } }> })
      .rows;
    expect(
      inbox.some((row) => row.topic === 'job' && row.payload.entry?.[0]?.uuid === SEED_IDS.jobs.workOrderBurstPipe),
    ).toBe(true);
  });
});

function configEnv(s: TestServices): Record<string, string> {
  const { servicem8 } = s.deps.config;
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: s.dataDir,
    DEMO_MODE: 'false',
    SM8_APP_ID: servicem8.appId ?? '',
    SM8_APP_SECRET: servicem8.appSecret ?? '',
    SM8_API_URL: servicem8.apiUrl,
    SM8_OAUTH_URL: servicem8.oauthUrl,
    SM8_RATE_PER_MINUTE: String(servicem8.rateLimits.perMinute),
  };
}
