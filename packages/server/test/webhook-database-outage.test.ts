import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetWebhookSecret } from '../src/modules/servicem8/webhook-secrets.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { type TcpProxy, throughTcpProxy } from './support/tcp-proxy.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * PostgreSQL goes away while ServiceM8 keeps sending changes (PostgreSQL only: the embedded database
 * lives in the server's own process). The server reaches the database through a relay the test cuts
 * and restores, as when the database host goes down and comes back.
 *
 * In `npm test`, 3 changes and the database back as soon as they are answered; `npm run chaos` sets
 * CHAOS_CHANGES=300 and CHAOS_OUTAGE_SECONDS=60, the changes spread over the minute.
 */
const CHANGES = Number(process.env.CHAOS_CHANGES ?? 3);
const OUTAGE_MS = Number(process.env.CHAOS_OUTAGE_SECONDS ?? 0) * 1000;

let h: AutomationHarness;
let proxy: TcpProxy;
/** The server's log lines. */
const logged: string[] = [];
beforeAll(async () => {
  h = await startAutomationHarness({
    log: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
    databaseUrl: throughTcpProxy((started) => {
      proxy = started;
    }),
  });
}, 60_000);
afterAll(async () => {
  await proxy?.restore().catch(() => {});
  await h?.cleanup();
  await proxy?.close();
});

const { jobs, companies } = SEED_IDS;
const ready = () => h.app.inject({ method: 'GET', url: '/api/ready' });
const callbackUrl = () => new URL(h.sim.controls.subscriptions()[0]?.callbackUrl ?? '');

describe('a database outage', () => {
  it(
    'answers every delivery 200 from the spool, keeps the subscriptions, and runs each change once when it is back',
    async () => {
      const triggerId = await h.createTrigger({
        event: 'JobStatusChanged',
        actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} is now {{ job.status }}.' } }],
      });
      // One job a change: ServiceM8's object deliveries say which fields changed, not to what, so two
      // changes of one record read after both happened are one change (the same without an outage).
      const changed: string[] = [];
      for (let n = 0; n < CHANGES; n++) {
        changed.push(
          h.sim.controls.writeRecord('job', undefined, { status: 'Quote', company_uuid: companies.emmaEllis }).record
            .uuid as string,
        );
      }
      // A delivery just before: this process now holds the callback secret it checked.
      await h.change('job', jobs.quoteHotWater, { job_description: 'Replace the hot water cylinder' });
      const from = h.sim.controls.deliveries().at(-1)?.id ?? 0;
      await proxy.cut();
      const cutAt = Date.now();
      const answered = (count: number) =>
        waitFor(
          () => h.sim.controls.deliveries().filter((delivery) => delivery.id > from && delivery.kind !== 'challenge'),
          (deliveries) => deliveries.length >= count && deliveries.every((delivery) => delivery.ok !== null),
          'the deliveries of the changes answered',
          Math.max(OUTAGE_MS, 10_000) + 10_000,
        );
      // The first with the secret checked against the copy; the database then refuses to store it.
      h.sim.controls.writeRecord('job', changed[0] ?? '', { status: 'Unsuccessful' });
      await answered(1);
      // The others when this process no longer holds the secret and cannot read it: kept unchecked.
      forgetWebhookSecret(h.deps, h.vendorId);
      for (const [n, uuid] of changed.slice(1).entries()) {
        h.sim.controls.writeRecord('job', uuid, { status: 'Unsuccessful' });
        const dueAt = cutAt + ((n + 1) * OUTAGE_MS) / CHANGES;
        if (dueAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, dueAt - Date.now()));
      }
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
      // The process says it takes no new work: its workers stop fetching jobs.
      const said = (words: string) => () => logged.filter((line) => line.includes(words));
      await waitFor(said('"Not ready: the database does not answer'), (lines) => lines.length === 1, 'not ready');

      await proxy.restore();
      const restoredAt = Date.now();
      const runs = await h.settledRuns(triggerId, changed.length, 60_000);
      console.info(
        `outage: ${changed.length} changes over ${Math.round((restoredAt - cutAt) / 1000)} s without the database, ` +
          `all ${runs.length} runs done ${Math.round((Date.now() - restoredAt) / 1000)} s after it came back`,
      );
      expect(runs.map((run) => [run.jobUuid, run.status]).sort()).toEqual(
        changed.map((uuid) => [uuid, 'Succeeded']).sort(),
      );
      // The spool drains in passes: one may meet a connection the relay dropped and resume a second later.
      await waitFor(
        ready,
        (response) => response.statusCode === 200 && response.json().data.spool.backlog === 0,
        'ready again, with nothing left in the spool',
        undefined,
        (response) => response.json().data,
      );
      await waitFor(said('"Ready again'), (lines) => lines.length === 1, 'ready again');
      const notes = h.sim.controls.records('note').filter((note) => String(note.note).endsWith('is now Unsuccessful.'));
      expect(notes).toHaveLength(changed.length);
      expect(h.sim.controls.subscriptions().map((subscription) => subscription.status)).not.toContain('inactive');
      expect(h.sim.controls.subscriptions().length).toBeGreaterThan(0);
      await h.deleteTrigger(triggerId);
    },
    OUTAGE_MS + 60_000 + CHANGES * 300,
  );
});
