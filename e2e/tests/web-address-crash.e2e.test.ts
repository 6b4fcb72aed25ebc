import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TriggerRunDetail } from '@automate/contract';
import { startWebReceiver, type WebReceiver } from '@automate/server/testing';
import { buildSimulator, SEED_IDS, type Simulator } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashDeployment, startConnectedDeployment } from '../support/crash-deployment.ts';
import { startHeldDoor } from '../support/held-door.ts';
import { poll, vendorApi } from '../support/poll.ts';

/**
 * "Send to a web address" through a worker killed (SIGKILL) in the middle of a delivery: delivered at
 * least once on the wire, exactly once per idempotency key. The receiver listens on loopback (the
 * test-only `WEB_ADDRESS_TEST_LOOPBACK`) and, as the documentation asks of receivers, processes a
 * delivery only the first time it sees its `Idempotency-Key`.
 *
 * 1. The receiver has read the request and holds its answer; the worker dies waiting for it. The new
 *    worker posts again: the same key (the step's id) and the same signed body.
 * 2. The step is planned and stored, and the worker dies before the request reaches the receiver (its
 *    connection is accepted and held unread). The new worker posts it: the receiver sees it once.
 *
 * In both, the step ends Succeeded once, the run Succeeded, and no second step is made. On PostgreSQL
 * the worker is a process of its own; on PGlite one `--role=all` process is killed and started again.
 */

let sim: Simulator;
let deployment: CrashDeployment;
let receiver: WebReceiver;
let vendorId: string;
let token: string;
let signingSecret: string;

beforeAll(async () => {
  receiver = await startWebReceiver();
  sim = buildSimulator({ seed: 'demo', oauth: { autoApprove: true }, throttle: { perMinute: 100_000 } });
  ({ deployment, vendorId, token } = await startConnectedDeployment(sim, {
    ratePerMinute: 100_000,
    // On PostgreSQL a killed worker's run is handed on once its heartbeat (10 s, the shortest pg-boss
    // allows) is missed, and started again after the first retry's backoff (2 to 4 s): the supervisor
    // looks for missed heartbeats every second, its shortest, so little is added to those. On PGlite
    // the restarted process hands it on as it starts.
    env: { WEB_ADDRESS_TEST_LOOPBACK: 'true', QUEUE_SUPERVISE_SECONDS: '1' },
  }));
  const made = await api('/WebAddress/secret', { method: 'POST', body: '{}' });
  expect(made.status).toBe(200);
  signingSecret = ((await made.json()) as { data: { secret: string } }).data.secret;
});
afterAll(async () => {
  await deployment?.stop();
  await sim?.close();
  await receiver?.close();
});

const api = vendorApi(() => ({ baseUrl: deployment.baseUrl, vendorId, token }));

/** Whether `header` (`t=…,v1=…`) signs `body` under the signing secret, as a receiver checks it. */
function signed(header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', signingSecret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An automation posting every new job to `url`, and a new job in ServiceM8 to run it. */
async function sendNewJobTo(url: string, description: string) {
  const created = await api('/Trigger', {
    method: 'POST',
    body: JSON.stringify({
      name: `Post a new job (${description})`,
      enabled: true,
      event: 'JobIsCreated',
      targetKind: 'Job',
      actions: [{ id: 'post', type: 'SendToWebAddress', params: { url } }],
    }),
  });
  expect(created.status).toBe(201);
  const triggerId = ((await created.json()) as { data: { id: string } }).data.id;
  const job = sim.controls.writeRecord('job', undefined, {
    status: 'Quote',
    company_uuid: SEED_IDS.companies.emmaEllis,
    job_description: description,
  }).record;
  return { triggerId, jobUuid: String(job.uuid) };
}

async function runsOf(triggerId: string): Promise<TriggerRunDetail[]> {
  const response = await api(`/Trigger/${triggerId}/runs`);
  const rows = ((await response.json()) as { data: { rows: Array<{ id: string }> } }).data.rows;
  return Promise.all(
    rows.map(async (row) => ((await (await api(`/Trigger/runs/${row.id}`)).json()) as { data: TriggerRunDetail }).data),
  );
}

const postStepStarted = (runs: TriggerRunDetail[]) =>
  runs.length === 1 && runs[0]?.steps.some((s) => s.actionId === 'post' && s.status === 'Started') === true;

/** Kills the worker, starts a new one, and answers the run once it has ended. */
async function killWorkerAndFinish(triggerId: string): Promise<TriggerRunDetail> {
  await deployment.kill('worker');
  await deployment.restart('worker');
  const [run] = await poll(
    () => runsOf(triggerId),
    (runs) => runs.length === 1 && ['Succeeded', 'Failed'].includes(runs[0]?.status ?? ''),
    'the run to end after the restart',
    90_000,
  );
  if (!run) throw new Error('no run');
  return run;
}

/** The receiver's requests for `path`, and what it processed: each idempotency key once. */
function seenAt(path: string) {
  const requests = receiver.received.filter((request) => request.path === path);
  const keys = requests.map((request) => String(request.headers['idempotency-key']));
  return { requests, keys, processed: new Set(keys).size };
}

function expectOneDelivery(run: TriggerRunDetail, path: string, timesOnTheWire: number) {
  const steps = run.steps.filter((s) => s.actionType === 'SendToWebAddress');
  expect(steps.map((s) => s.status)).toEqual(['Succeeded']);
  expect(run.status).toBe('Succeeded');
  const stepId = steps[0]?.id;
  const { requests, keys, processed } = seenAt(path);
  expect(requests).toHaveLength(timesOnTheWire);
  expect(keys).toEqual(requests.map(() => stepId));
  expect(processed).toBe(1);
  expect(new Set(requests.map((request) => request.body)).size).toBe(1);
  for (const request of requests) {
    expect(signed(String(request.headers['automate-signature']), request.body)).toBe(true);
  }
}

describe('a worker killed while its delivery waits for the answer', () => {
  it('posts again with the same key and body after a new worker takes over: processed once', async () => {
    const path = '/hooks/answer-held';
    receiver.plan('hang');
    const { triggerId, jobUuid } = await sendNewJobTo(receiver.url(path), 'Held answer');
    await poll(() => runsOf(triggerId), postStepStarted, 'the delivery step to start');
    await poll(
      async () => seenAt(path).requests.length,
      (count) => count === 1,
      'the receiver to have the request',
    );
    const run = await killWorkerAndFinish(triggerId);

    expectOneDelivery(run, path, 2);
    expect(JSON.parse(seenAt(path).requests[0]?.body ?? '{}')).toMatchObject({
      event: 'JobIsCreated',
      records: { job: { uuid: jobUuid } },
    });
    expect((await api(`/Trigger/${triggerId}`, { method: 'DELETE' })).status).toBe(200);
  }, 180_000);
});

describe('a worker killed after storing the step, before the request reached the receiver', () => {
  it('sends it once after a new worker takes over', async () => {
    const path = '/hooks/never-reached';
    const door = await startHeldDoor(receiver.port);
    try {
      const { triggerId } = await sendNewJobTo(door.url(path), 'Held connection');
      await door.held;
      await poll(() => runsOf(triggerId), postStepStarted, 'the delivery step to be stored');
      expect(seenAt(path).requests).toHaveLength(0);
      const run = await killWorkerAndFinish(triggerId);

      expectOneDelivery(run, path, 1);
      expect((await api(`/Trigger/${triggerId}`, { method: 'DELETE' })).status).toBe(200);
    } finally {
      await door.close();
    }
  }, 180_000);
});
