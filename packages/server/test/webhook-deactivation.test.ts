import net from 'node:net';
import { choicesOf, SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhooksJob } from '../src/modules/servicem8/servicem8.jobs.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/**
 * ServiceM8 deactivates a webhook subscription after failed deliveries, and does not say after how
 * many (`failuresBeforeDeactivation`). Whatever the number, the jobs created while Automate could not
 * be reached are not lost: the next check of the subscriptions subscribes again and reads what changed
 * meanwhile, and each new job runs its trigger once.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

/** An address nothing listens on: a delivery to it fails at once, as when Automate is down. */
async function closedAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** ServiceM8's job subscription (the object webhook), as its list shows it. */
const jobSubscription = () =>
  h.sim.controls.subscriptions().find((subscription) => subscription.object?.toLowerCase() === 'job');

async function createJob(description: string): Promise<string> {
  const { record } = h.sim.controls.writeRecord('job', undefined, {
    status: 'Quote',
    company_uuid: SEED_IDS.companies.weiChen,
    job_description: description,
  });
  await h.sim.controls.webhooksIdle();
  return String(record.uuid);
}

describe.each(choicesOf('failuresBeforeDeactivation'))('deactivation after %s failures', (failures) => {
  it('the jobs created while Automate was unreachable each run their trigger once after the next check', async () => {
    h.sim.controls.setAssumptions({ failuresBeforeDeactivation: failures });
    const triggerId = await h.createTrigger({
      event: 'JobIsCreated',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: `Welcome ({{ job.number }}, ${failures})` } }],
    });

    // Automate goes down: every delivery ServiceM8 tries fails.
    const down = await closedAddress();
    const subscriptions = h.sim.state.subscriptions.list();
    const callbacks = new Map(subscriptions.map((subscription) => [subscription.id, subscription.callbackUrl]));
    for (const subscription of subscriptions) {
      const url = new URL(subscription.callbackUrl);
      subscription.callbackUrl = `${down}${url.pathname}${url.search}`;
    }
    const created: string[] = [];
    try {
      for (let i = 1; i <= Number(failures); i++) {
        expect(jobSubscription()?.status, `before failed delivery ${i}`).toBe('active');
        created.push(await createJob(`Created while Automate was down (${i} of ${failures})`));
      }
      expect(jobSubscription()).toMatchObject({ status: 'inactive' });
      expect(jobSubscription()?.lastFailureReason).toBeTruthy();
    } finally {
      // Automate is back at its address.
      for (const subscription of subscriptions) subscription.callbackUrl = callbacks.get(subscription.id) ?? '';
    }

    const { repaired } = await checkWebhooksJob.handle(
      {},
      { deps: h.deps, log: h.deps.logger, jobId: 'test', workerId: 'test', retryCount: 0 },
    );
    expect(repaired[h.vendorId]).toContain('job');
    expect(jobSubscription()).toMatchObject({ status: 'active' });

    const runs = await h.settledRuns(triggerId, created.length);
    expect(runs.map((run) => [run.jobUuid, run.status]).sort()).toEqual(
      created.map((uuid) => [uuid, 'Succeeded']).sort(),
    );
    const welcomed = h.sim.controls
      .records('note')
      .filter((note) => String(note.note).endsWith(`, ${failures})`))
      .map((note) => note.related_object_uuid);
    expect(welcomed.sort()).toEqual([...created].sort());

    // Once it is back, a new job reaches Automate through the webhooks again.
    const after = await createJob('Created after Automate came back');
    await h.quiet();
    const [newest] = await h.settledRuns(triggerId, created.length + 1);
    expect(newest?.jobUuid).toBe(after);
    await h.deleteTrigger(triggerId);
  });
});
