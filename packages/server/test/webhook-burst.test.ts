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

/** The ServiceM8 reads the simulator has answered so far (GET /__sim/calls). */
async function reads(): Promise<string[]> {
  const query = new URLSearchParams({ method: 'GET' });
  const response = await fetch(`${services.deps.config.servicem8.apiUrl}/__sim/calls?${query}`);
  return ((await response.json()) as Array<{ path: string }>)
    .map((call) => call.path)
    .filter((path) => path.startsWith('/api_1.0/'));
}

/** Now, as ServiceM8 writes a delivery's `time` (UTC). */
const now = () => services.clock.now().toISOString().slice(0, 19).replace('T', ' ');

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
  it('lists the changed jobs once for a delivery naming several, instead of reading each', async () => {
    const [a, b] = [jobs.quoteKitchenTap, jobs.quoteHotWater];
    const before = (await reads()).length;
    services.sim?.controls.writeRecord('job', a, { status: 'Work Order' });
    services.sim?.controls.writeRecord('job', b, { status: 'Work Order' });
    await deliver(jobDelivery([a, a, b, a], now()));
    services.clock.advance(1_000);
    await processWaitingDeliveries();
    expect((await reads()).slice(before)).toEqual(['/api_1.0/job.json']);
    expect((await snapshotOfJob(a))?.data.status).toBe('Work Order');
    expect((await snapshotOfJob(b))?.data.status).toBe('Work Order');
  });

  it('lists once for a burst of deliveries that waited, and again for a change after that listing', async () => {
    const job = jobs.workOrderBurstPipe;
    const before = (await reads()).length;
    services.sim?.controls.writeRecord('job', job, { status: 'Unsuccessful' });
    for (let i = 0; i < 4; i++) await deliver(jobDelivery([job], now()));
    await deliver({ type: 'job.created', data: { uuid: job } });
    services.clock.advance(1_000);
    await processWaitingDeliveries();
    expect((await reads()).slice(before)).toEqual(['/api_1.0/job.json']);

    // A minute later (past the margin for ServiceM8's clock), a new change is listed anew.
    services.clock.advance(60_000);
    services.sim?.controls.writeRecord('job', job, { status: 'Completed' });
    await deliver(jobDelivery([job], now()));
    services.clock.advance(1_000);
    await processWaitingDeliveries();
    expect((await reads()).slice(before)).toEqual(['/api_1.0/job.json', '/api_1.0/job.json']);
    expect((await snapshotOfJob(job))?.data.status).toBe('Completed');
  });
});
