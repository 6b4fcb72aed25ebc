import type { TriggerRunDetail } from '@automate/contract';
import { buildSimulator, SEED_IDS, type Simulator } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { connectThroughConsent } from '../support/servicem8-consent.ts';

/**
 * Issue acceptance: kill the worker process in the middle of a run (SIGKILL) and start it again:
 * the run completes once, and no action is performed twice — not even the text message that
 * ServiceM8 sent while the process died waiting for its answer.
 */

let sim: Simulator;
let server: ServerProcess;

beforeAll(async () => {
  sim = buildSimulator({ seed: 'demo', oauth: { autoApprove: true }, throttle: { perMinute: 1800 } });
  const simUrl = await sim.listen();
  const { appId, appSecret } = sim.info();
  server = await startServerProcess({
    DEMO_MODE: 'false',
    SM8_APP_ID: appId,
    SM8_APP_SECRET: appSecret,
    SM8_API_URL: simUrl,
    SM8_OAUTH_URL: simUrl,
    SM8_RATE_PER_MINUTE: '1800',
    QUEUE_POLL_SECONDS: '0.5',
    // A killed worker's jobs are handed on once its heartbeat (10 s) is missed; look every 2 s.
    QUEUE_SUPERVISE_SECONDS: '2',
  });
});
afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a worker killed in the middle of a run', () => {
  it('completes the run once after a restart, performing no action twice', async () => {
    const { token, vendorId } = await connectThroughConsent(server.baseUrl, SEED_IDS.vendor);
    const api = (base: string, path: string, init: RequestInit = {}) =>
      fetch(`${base}/api/vendor/${vendorId}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    await poll(
      async () => sim.controls.subscriptions().filter((s) => s.status === 'active').length,
      (count) => count >= 9,
      'the webhook subscriptions',
    );

    const created = await api(server.baseUrl, '/Trigger', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Welcome a new job',
        enabled: true,
        event: 'JobIsCreated',
        targetKind: 'Job',
        // The journey runs at any hour: its messages must not wait for the business's quiet hours.
        ignoreQuietHours: true,
        actions: [
          { id: 'first', type: 'Job_AddNote', params: { text: 'First note for {{ job.number }}' } },
          { id: 'mail', type: 'JobClient_SendEmail', params: { subject: 'Job {{ job.number }} booked', body: 'Hi' } },
          { id: 'text', type: 'JobClient_SendText', params: { message: 'Job {{ job.number }} is booked' } },
          { id: 'last', type: 'Job_AddNote', params: { text: 'Last note for {{ job.number }}' } },
        ],
      }),
    });
    expect(created.status).toBe(201);
    const triggerId = ((await created.json()) as { data: { id: string } }).data.id;

    // ServiceM8 sends the text but takes 8 seconds to answer: the process dies while it waits, between
    // the send and its record.
    sim.controls.addFault({ kind: 'lost-response', path: '/platform_service_sms', latencyMs: 8000, times: 1 });
    const job = sim.controls.writeRecord('job', undefined, {
      status: 'Work Order',
      company_uuid: SEED_IDS.companies.emmaEllis,
      job_description: 'Crash test',
    }).record;
    const number = String(job.generated_job_id);

    const runs = async (base: string) => {
      const response = await api(base, `/Trigger/${triggerId}/runs`);
      const rows = ((await response.json()) as { data: { rows: Array<{ id: string }> } }).data.rows;
      return Promise.all(
        rows.map(
          async (row) =>
            ((await (await api(base, `/Trigger/runs/${row.id}`)).json()) as { data: TriggerRunDetail }).data,
        ),
      );
    };
    const textStarted = (list: TriggerRunDetail[]) =>
      list.length === 1 && list[0]?.steps.some((s) => s.actionId === 'text' && s.status === 'Started') === true;
    await poll(() => runs(server.baseUrl), textStarted, 'the text step to start');
    await poll(
      async () => sim.controls.messages('sms').length,
      (count) => count === 1,
      'the text to go out',
    );
    await server.kill();

    server = await server.restart();
    const [run] = await poll(
      () => runs(server.baseUrl),
      (list) => list[0]?.status === 'Succeeded',
      'the run to complete after the restart',
      90_000,
    );

    expect(run?.steps.filter((s) => s.kind === 'Action').map((s) => [s.actionId, s.status, s.outcome])).toEqual([
      ['first', 'Succeeded', `Added a note to job ${number}: "First note for ${number}"`],
      ['mail', 'Succeeded', `Sent the email "Job ${number} booked" to emma.ellis@example.net; it is in the job diary.`],
      ['text', 'Succeeded', 'The text to +61411555201 had already been sent.'],
      ['last', 'Succeeded', `Added a note to job ${number}: "Last note for ${number}"`],
    ]);
    const notes = sim.controls.records('note').filter((n) => n.related_object_uuid === job.uuid);
    expect(notes.map((n) => n.note).sort()).toEqual([`First note for ${number}`, `Last note for ${number}`]);
    expect(sim.controls.messages('email').map((m) => m.subject)).toEqual([`Job ${number} booked`]);
    expect(sim.controls.messages('sms').map((m) => m.message)).toEqual([`Job ${number} is booked`]);
  }, 180_000);
});
