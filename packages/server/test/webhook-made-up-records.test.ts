import { randomUUID } from 'node:crypto';
import { SEED_IDS } from '@automate/servicem8-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetOldRecordReadsJob } from '../src/modules/automation/automation.jobs.ts';
import { automationEvents, sm8Snapshots } from '../src/modules/automation/automation.schema.ts';
import { reconcileVendor } from '../src/modules/automation/observe/reconciliation.service.ts';
import { webhookSecretOf } from '../src/modules/servicem8/sm8-access.ts';
import { processDeliveryJob } from '../src/modules/webhooks/webhooks.jobs.ts';
import { connectToSimulator } from './support/connect-simulator.ts';
import { createVendorTeam } from './support/factories.ts';
import { captureLogs } from './support/log-capture.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * A delivery can name records that do not exist (anyone with the callback URL, or an Admin's test
 * delivery, can make them up), and each would be a read of the vendor's ServiceM8 allowance. A delivery
 * rings for its object: one listing of what changed, whatever it names. Read record by record (when
 * ServiceM8 ignores the listing's filter), the reads of records never seen are capped. The API role
 * runs no workers: the test processes each delivery as a worker would, and the simulator counts the reads.
 */

let services: TestServices;
let vendorId: string;
let callbackUrl: string;
let logs: ReturnType<typeof captureLogs>;
const { jobs, companies } = SEED_IDS;
const MINUTE = 60_000;

beforeAll(async () => {
  logs = captureLogs();
  // ServiceM8's allowance raised on both sides: a wait for the rate limit would move the test clock.
  services = await startTestServices({
    role: 'api',
    simulator: { seed: 'demo', throttle: { perMinute: 100_000 } },
    env: { SM8_RATE_PER_MINUTE: '100000' },
    log: { stream: logs.stream, level: 'warn' },
  });
  const sim = services.sim;
  if (!sim) throw new Error('no simulator');
  vendorId = (await createVendorTeam(services.deps, 'Made-up Plumbing')).vendor.id;
  await connectToSimulator(services.deps, vendorId, sim);
  // The baseline: every record of the account has a snapshot, so it is one the vendor knows.
  await reconcileVendor(services.deps, vendorId);
  const secret = (await webhookSecretOf(services.deps, vendorId)) ?? '';
  callbackUrl = `/api/Webhook/sm8cb?${new URLSearchParams({ vendor: vendorId, secret })}`;
});
afterAll(() => services.cleanup());

const madeUp = (count: number) => Array.from({ length: count }, () => randomUUID());

/** Posts an object delivery naming `uuids` and processes it; answers what processing it said. */
async function deliverAndProcess(uuids: string[]) {
  // Now, as ServiceM8 writes it (UTC), each at its own second, so a delivery naming the same records
  // again is not taken for a repeat.
  const time = services.clock.now().toISOString().slice(0, 19).replace('T', ' ');
  services.clock.advance(1_000);
  const response = await services.app.inject({
    method: 'POST',
    url: callbackUrl,
    payload: {
      object: 'job',
      entry: uuids.map((uuid) => ({ uuid, changed_fields: ['status'], time })),
      resource_url: '',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const inboxId = response.json().data.inboxId as string;
  const context = { deps: services.deps, log: services.deps.logger, jobId: inboxId, workerId: 'test', retryCount: 0 };
  return processDeliveryJob.handle({ inboxId, vendorId }, context);
}

/** How many times the simulator was asked for each of these jobs. */
function readsOf(uuids: readonly string[]): number[] {
  const paths = (services.sim?.controls.calls({ method: 'GET', path: '/api_1.0/job/' }) ?? []).map((call) => call.path);
  return uuids.map((uuid) => paths.filter((path) => path.includes(uuid)).length);
}

const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

async function snapshotOf(uuid: string) {
  const [row] = await services.deps.database.db
    .select()
    .from(sm8Snapshots)
    .where(and(eq(sm8Snapshots.vendorId, vendorId), eq(sm8Snapshots.uuid, uuid)));
  return row;
}

let readOnce: string[] = [];

describe('a delivery naming made-up records', () => {
  it('costs one listing of the changed jobs, and reads none of the records it names', async () => {
    const before = services.sim?.controls.calls({ method: 'GET' }).length ?? 0;
    await deliverAndProcess(madeUp(100));
    const calls = (services.sim?.controls.calls({ method: 'GET' }) ?? []).slice(before).map((call) => call.path);
    expect(calls).toEqual(['/api_1.0/job.json']);
  });
});

describe('records a delivery names that the vendor has never seen, read one by one', () => {
  // ServiceM8 answering every record to a listing, an old one among them, makes deliveries read their
  // records one by one.
  beforeAll(() => {
    const old = { uuid: randomUUID(), active: 1, status: 'Completed', edit_date: '2020-01-01 00:00:00' };
    services.sim?.controls.seed({ records: { job: [old] } });
    services.sim?.controls.setAssumptions({ editDateFilter: 'ignored' });
  });
  afterAll(() => services.sim?.controls.setAssumptions({ editDateFilter: 'applied' }));

  it('are read at most 20 per delivery, while a record the vendor knows is read whatever else it names', async () => {
    const known = jobs.quoteKitchenTap;
    services.sim?.controls.writeRecord('job', known, { status: 'Work Order' });
    services.clock.advance(1_000);
    const unknown = madeUp(99);
    const result = await deliverAndProcess([...unknown.slice(0, 50), known, ...unknown.slice(50)]);

    expect(result).toMatchObject({ topic: 'job', skipped: { overDeliveryLimit: 79 } });
    expect(sum(readsOf(unknown))).toBe(20);
    expect(readsOf([known])).toEqual([1]);
    expect((await snapshotOf(known))?.data.status).toBe('Work Order');
    const warning = logs
      .lines()
      .map((line) => JSON.parse(line) as { msg: string; vendorId?: string; skipped?: unknown })
      .find((line) => line.msg.startsWith('Records a ServiceM8 delivery named were not read'));
    expect(warning).toMatchObject({ vendorId, skipped: { overDeliveryLimit: 79 } });
    readOnce = unknown.filter((_, index) => readsOf(unknown)[index] === 1);
  });

  it('are not read again for a day once ServiceM8 answered that it does not have them', async () => {
    services.clock.advance(MINUTE);
    expect(readOnce).toHaveLength(20);
    expect(await deliverAndProcess(readOnce)).toMatchObject({ skipped: { missing: 20 } });
    expect(sum(readsOf(readOnce))).toBe(20);

    services.clock.advance(24 * 60 * MINUTE);
    expect(await deliverAndProcess(readOnce)).not.toHaveProperty('skipped');
    expect(sum(readsOf(readOnce))).toBe(40);
  });

  it('are read at most 60 a minute for the vendor; a real new one left unread is found by reconciliation', async () => {
    services.clock.advance(MINUTE);
    const batches = [madeUp(20), madeUp(20), madeUp(20)];
    for (const batch of batches) expect(await deliverAndProcess(batch)).not.toHaveProperty('skipped');
    expect(batches.map((batch) => sum(readsOf(batch)))).toEqual([20, 20, 20]);

    // Over the minute's reads: a real new job is not read either, but a known one is.
    const created = services.sim?.controls.writeRecord('job', undefined, {
      status: 'Quote',
      company_uuid: companies.emmaEllis,
    }).record.uuid as string;
    const known = jobs.quoteHotWater;
    services.sim?.controls.writeRecord('job', known, { status: 'Work Order' });
    services.clock.advance(1_000);
    const late = madeUp(19);
    expect(await deliverAndProcess([created, known, ...late])).toMatchObject({
      skipped: { overMinuteLimit: 20 },
    });
    expect(sum(readsOf([created, ...late]))).toBe(0);
    expect(readsOf([known])).toEqual([1]);
    expect(await snapshotOf(created)).toBeUndefined();

    await reconcileVendor(services.deps, vendorId);
    expect((await snapshotOf(created))?.data.status).toBe('Quote');
    const events = await services.deps.database.db
      .select({ event: automationEvents.event })
      .from(automationEvents)
      .where(and(eq(automationEvents.vendorId, vendorId), eq(automationEvents.jobUuid, created)));
    expect(events.map((row) => row.event)).toContain('JobIsCreated');

    services.clock.advance(MINUTE);
    const next = madeUp(20);
    expect(await deliverAndProcess(next)).not.toHaveProperty('skipped');
    expect(sum(readsOf(next))).toBe(20);
  });

  it('are forgotten by the nightly clean-up once a day old', async () => {
    const count = async () =>
      Number(
        (
          (await services.deps.database.db.execute(
            sql`select count(*)::int as n from sm8_record_probes where vendor_id = ${vendorId}`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]?.n,
      );
    expect(await count()).toBeGreaterThan(0);
    services.clock.advance(24 * 60 * MINUTE + 1_000);
    const context = {
      deps: services.deps,
      log: services.deps.logger,
      jobId: 'nightly',
      workerId: 'test',
      retryCount: 0,
    };
    expect((await forgetOldRecordReadsJob.handle({}, context)).removed).toBeGreaterThan(0);
    expect(await count()).toBe(0);
  });
});
