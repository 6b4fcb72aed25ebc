import { SEED_IDS } from '@automate/servicem8-sim';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm8Snapshots } from '../src/modules/automation/automation.schema.ts';
import { webhookSecretOf } from '../src/modules/servicem8/sm8-access.ts';
import { processDeliveryJob } from '../src/modules/webhooks/webhooks.jobs.ts';
import { webhookInbox } from '../src/modules/webhooks/webhooks.schema.ts';
import { connectToSimulator } from './support/connect-simulator.ts';
import { createVendorTeam } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * What a delivery costs in ServiceM8 calls, counted by the simulator. The API role runs no workers, so
 * deliveries wait in the inbox until the test processes them one after another, as a worker does
 * when it catches up after a burst.
 */

let services: TestServices;
let vendorId: string;
let callbackUrl: string;
const { jobs } = SEED_IDS;

beforeAll(async () => {
  services = await startTestServices({ role: 'api', simulator: { seed: 'demo' } });
  const sim = services.sim;
  if (!sim) throw new Error('no simulator');
  vendorId = (await createVendorTeam(services.deps, 'Burst Plumbing')).vendor.id;
  await connectToSimulator(services.deps, vendorId, sim);
  const secret = (await webhookSecretOf(services.deps, vendorId)) ?? '';
  callbackUrl = `/api/Webhook/sm8cb?${new URLSearchParams({ vendor: vendorId, secret })}`;
});
afterAll(() => services.cleanup());

async function deliver(body: object): Promise<void> {
  const response = await services.app.inject({ method: 'POST', url: callbackUrl, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

const jobDelivery = (uuids: string[], time: string) => ({
  object: 'job',
  entry: uuids.map((uuid) => ({ uuid, changed_fields: ['status'], time })),
  resource_url: '',
});

/** How often the simulator was asked for this job (GET /__sim/calls). */
async function readsOfJob(uuid: string): Promise<number> {
  const query = new URLSearchParams({ method: 'GET', path: `/api_1.0/job/${uuid}` });
  const response = await fetch(`${services.deps.config.servicem8.apiUrl}/__sim/calls?${query}`);
  return ((await response.json()) as unknown[]).length;
}

async function processWaitingDeliveries(): Promise<void> {
  const db = services.deps.database.db;
  const waiting = await db
    .select({ id: webhookInbox.id })
    .from(webhookInbox)
    .where(eq(webhookInbox.status, 'Received'))
    .orderBy(asc(webhookInbox.receivedAt));
  for (const { id } of waiting) {
    const context = { deps: services.deps, log: services.deps.logger, jobId: id, workerId: 'test', retryCount: 0 };
    await processDeliveryJob.handle({ inboxId: id }, context);
  }
}

async function snapshotOfJob(uuid: string) {
  const [row] = await services.deps.database.db
    .select()
    .from(sm8Snapshots)
    .where(and(eq(sm8Snapshots.vendorId, vendorId), eq(sm8Snapshots.uuid, uuid)));
  return row;
}

describe('ServiceM8 calls per webhook delivery', () => {
  it('reads a record named several times in one delivery once', async () => {
    const [a, b] = [jobs.quoteKitchenTap, jobs.quoteHotWater];
    await deliver(jobDelivery([a, a, b, a], '2026-11-22 01:00:00'));
    await processWaitingDeliveries();
    expect(await readsOfJob(a)).toBe(1);
    expect(await readsOfJob(b)).toBe(1);
  });

  it('reads a record once for a burst of deliveries that waited, and again for a change after that read', async () => {
    const job = jobs.workOrderBurstPipe;
    for (const second of ['01', '02', '03', '04']) await deliver(jobDelivery([job], `2026-11-22 02:00:${second}`));
    await deliver({ type: 'job.created', data: { uuid: job } });
    services.clock.advance(1_000);
    await processWaitingDeliveries();
    expect(await readsOfJob(job)).toBe(1);

    services.clock.advance(1_000);
    services.sim?.controls.writeRecord('job', job, { status: 'Completed' });
    await deliver(jobDelivery([job], '2026-11-22 02:00:05'));
    await processWaitingDeliveries();
    expect(await readsOfJob(job)).toBe(2);
    expect((await snapshotOfJob(job))?.data.status).toBe('Completed');
  });
});
