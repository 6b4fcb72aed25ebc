import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetWebhookSecret } from '../src/modules/servicem8/webhook-secrets.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * PostgreSQL goes away while ServiceM8 keeps sending changes (PostgreSQL only: the embedded database
 * lives in the server's own process). The server reaches the database through a relay the test cuts
 * and restores, as when the database host goes down and comes back.
 */

let h: AutomationHarness;
let proxy: TcpProxy;
beforeAll(async () => {
  h = await startAutomationHarness({
    databaseUrl: async (url) => {
      const parsed = new URL(url);
      proxy = await startTcpProxy({ host: parsed.hostname, port: Number(parsed.port || 5432) });
      parsed.hostname = '127.0.0.1';
      parsed.port = String(proxy.port);
      return parsed.toString();
    },
  });
}, 60_000);
afterAll(async () => {
  await proxy?.restore().catch(() => {});
  await h?.cleanup();
  await proxy?.close();
});

const { jobs } = SEED_IDS;
const ready = () => h.app.inject({ method: 'GET', url: '/api/ready' });
const callbackUrl = () => new URL(h.sim.controls.subscriptions()[0]?.callbackUrl ?? '');

describe('a database outage', () => {
  it('answers every delivery 200 from the spool, keeps the subscriptions, and runs each change once when it is back', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} is now {{ job.status }}.' } }],
    });
    // A delivery just before: this process now holds the callback secret it checked.
    await h.change('job', jobs.quoteHotWater, { job_description: 'Replace the hot water cylinder' });
    const from = h.sim.controls.deliveries().at(-1)?.id ?? 0;
    await proxy.cut();
    const changed = [jobs.quoteKitchenTap, jobs.workOrderGasSafetyCheck, jobs.quoteHotWater];
    const answered = (count: number) =>
      waitFor(
        () => h.sim.controls.deliveries().filter((delivery) => delivery.id > from && delivery.kind !== 'challenge'),
        (deliveries) => deliveries.length >= count && deliveries.every((delivery) => delivery.ok !== null),
        'the deliveries of the changes answered',
      );
    // The first with the secret checked against the copy; the database then refuses to store it.
    h.sim.controls.writeRecord('job', changed[0] ?? '', { status: 'Unsuccessful' });
    await answered(1);
    // The others when this process no longer holds the secret and cannot read it: kept unchecked.
    forgetWebhookSecret(h.deps, h.vendorId);
    for (const uuid of changed.slice(1)) h.sim.controls.writeRecord('job', uuid, { status: 'Unsuccessful' });
    // The harness's usual wait asks the database, which is away.
    const sent = await answered(changed.length);
    expect(sent.filter((delivery) => delivery.ok !== true)).toEqual([]);
    const unready = await ready();
    expect(unready.statusCode).toBe(503);
    expect(unready.json().data).toMatchObject({ ready: false, database: { ok: false }, servicem8: { ok: true } });
    expect(unready.json().data.spool.backlog).toBe(sent.length);

    // A forged delivery during the outage is kept too, unchecked, and dropped when it can be checked.
    const forged = callbackUrl();
    forged.searchParams.set('secret', 'not-the-secret');
    const answer = await fetch(forged, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ object: 'job', entry: [{ uuid: jobs.quoteKitchenTap, changed_fields: ['status'] }] }),
    });
    expect(answer.status).toBe(200);
    // A challenge cannot be answered for a secret nobody could check.
    const challenge = await fetch(forged, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=subscribe&challenge=abc',
    });
    expect(challenge.status).toBe(503);
    expect(challenge.headers.get('retry-after')).toBe('30');

    await proxy.restore();
    const runs = await h.settledRuns(triggerId, changed.length, 60_000);
    expect(runs.map((run) => [run.jobUuid, run.status]).sort()).toEqual(
      changed.map((uuid) => [uuid, 'Succeeded']).sort(),
    );
    await waitFor(ready, (response) => response.statusCode === 200, 'ready again');
    expect((await ready()).json().data.spool.backlog).toBe(0);
    const notes = h.sim.controls.records('note').filter((note) => String(note.note).endsWith('is now Unsuccessful.'));
    expect(notes).toHaveLength(changed.length);
    expect(h.sim.controls.subscriptions().map((subscription) => subscription.status)).not.toContain('inactive');
    expect(h.sim.controls.subscriptions().length).toBeGreaterThan(0);
    await h.deleteTrigger(triggerId);
  });
});
