import { isDeepStrictEqual } from 'node:util';
import { SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpoolWrite } from '../src/modules/webhooks/delivery-spool.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { type TcpProxy, throughTcpProxy } from './support/tcp-proxy.ts';
import { waitFor } from './support/wait-for.ts';

/** How many changes the mixed scenario makes; `npm run chaos:disk` makes 200. */
const CHANGES = Number(process.env.CHAOS_DISK_CHANGES ?? 6);

/**
 * PostgreSQL goes away while the spool's disk is full (PostgreSQL only: the embedded database lives
 * in the server's own process). The database is cut through a relay, as in the outage test; the disk
 * is full while `diskFull` is set: the spool's write puts half of a record's bytes in its file, then
 * fails as a full disk does (ENOSPC). Everything else is the real spool writing real files.
 */
let diskFull = false;
const spoolWrite: SpoolWrite = async (handle, data) => {
  if (!diskFull) return handle.writeFile(data);
  await handle.write(data, 0, Math.floor(data.length / 2));
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
};

let h: AutomationHarness;
let proxy: TcpProxy;
beforeAll(async () => {
  h = await startAutomationHarness({
    spoolWrite,
    databaseUrl: throughTcpProxy((started) => {
      proxy = started;
    }),
  });
}, 60_000);
afterAll(async () => {
  diskFull = false;
  await proxy?.restore().catch(() => {});
  await h?.cleanup();
  await proxy?.close();
});

const ready = () => h.app.inject({ method: 'GET', url: '/api/ready' });

/** A new job, its creation processed: its status change is the one each test makes. */
async function newJob(): Promise<string> {
  const { record } = h.sim.controls.writeRecord('job', undefined, {
    status: 'Quote',
    company_uuid: SEED_IDS.companies.emmaEllis,
  });
  await h.quiet();
  return record.uuid as string;
}

/** Changes the job's status in ServiceM8 and answers the deliveries ServiceM8 sent for it, once answered. */
async function changeStatus(uuid: string) {
  const from = h.sim.controls.deliveries().at(-1)?.id ?? 0;
  h.sim.controls.writeRecord('job', uuid, { status: 'Unsuccessful' });
  await h.sim.controls.webhooksIdle();
  return h.sim.controls.deliveries().filter((delivery) => delivery.id > from && delivery.kind !== 'challenge');
}

async function runOf(triggerId: string, jobUuid: string, timeoutMs: number) {
  return waitFor(
    async () => (await h.runsOf(triggerId)).find((run) => run.jobUuid === jobUuid),
    (run) => run?.status === 'Succeeded',
    `the run of job ${jobUuid}`,
    timeoutMs,
    (run) => run?.status,
  );
}

/** The deliveries stored in the inbox that were received since `since` (on the server's clock). */
async function inboxPayloadsSince(since: Date): Promise<unknown[]> {
  const result = await h.deps.database.db.execute(
    sql`select payload from webhook_inbox where received_at >= ${since.toISOString()} order by received_at`,
  );
  return (result as unknown as { rows: Array<{ payload: unknown }> }).rows.map((row) => row.payload);
}

describe('the database away and the spool disk full', () => {
  it('leaves nothing of a delivery the full disk refused (503), and keeps the next one, answered 200, intact', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} is now {{ job.status }}.' } }],
    });
    const [refusedJob, keptJob] = [await newJob(), await newJob()];
    const cutAt = h.clock.now();
    await proxy.cut();

    diskFull = true;
    const refused = await changeStatus(refusedJob);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((delivery) => delivery.status)).toEqual(refused.map(() => 503));
    // Room again on the disk (another file was removed): the next delivery is kept.
    diskFull = false;
    const kept = await changeStatus(keptJob);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((delivery) => delivery.status)).toEqual(kept.map(() => 200));
    expect((await ready()).json().data.spool).toMatchObject({ backlog: kept.length, rejected: 0 });

    await proxy.restore();
    await waitFor(
      ready,
      (response) => response.statusCode === 200 && response.json().data.spool.backlog === 0,
      'the spool stored in the database',
      30_000,
      (response) => response.json().data,
    );
    // Nothing answered 200 was lost: each such delivery is in the inbox as it was sent, none set aside.
    expect(await inboxPayloadsSince(cutAt)).toEqual(kept.map((delivery) => delivery.body));
    expect((await ready()).json().data.spool.rejected).toBe(0);
    await runOf(triggerId, keptJob, 30_000);
    await h.deleteTrigger(triggerId);
  }, 90_000);

  it('reads a change whose delivery neither the database nor the spool could keep within a minute of the database coming back', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} is now {{ job.status }}.' } }],
    });
    const job = await newJob();
    await proxy.cut();
    diskFull = true;
    const refused = await changeStatus(job);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((delivery) => delivery.status)).toEqual(refused.map(() => 503));
    // ServiceM8 does not send it again; the disk stays full.
    await proxy.restore();
    const restoredAt = Date.now();
    await runOf(triggerId, job, 60_000);
    expect(Date.now() - restoredAt).toBeLessThan(60_000);
    diskFull = false;
    const notes = h.sim.controls
      .records('note')
      .filter((note) => note.related_object_uuid === job && String(note.note).endsWith('is now Unsuccessful.'));
    expect(notes).toHaveLength(1);
    await h.deleteTrigger(triggerId);
  }, 90_000);

  it(
    `runs each of ${CHANGES} changes once while the disk fills and frees during an outage`,
    async () => {
      const triggerId = await h.createTrigger({
        event: 'JobStatusChanged',
        actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Mixed: job {{ job.number }} moved on.' } }],
      });
      const jobs: string[] = [];
      for (let i = 0; i < CHANGES; i++) jobs.push(await newJob());
      const cutAt = h.clock.now();
      await proxy.cut();
      const answered: Array<{ status: number | null; body: unknown }> = [];
      for (const [i, job] of jobs.entries()) {
        // A third of the changes meet a full disk (503); the others are spooled (200).
        diskFull = i % 3 === 0;
        answered.push(...(await changeStatus(job)));
      }
      diskFull = false;
      await proxy.restore();
      const notesOf = (job: string) =>
        h.sim.controls
          .records('note')
          .filter((note) => note.related_object_uuid === job && String(note.note).startsWith('Mixed: ')).length;
      await waitFor(
        () => jobs.map(notesOf),
        (counts) => counts.every((count) => count > 0),
        'a note on every job',
        60_000 + CHANGES * 1_000,
        (counts) => counts.filter((count) => count === 0).length,
      );
      await h.quiet();
      expect(answered.filter((delivery) => delivery.status === 503).length).toBeGreaterThan(0);
      // Every delivery answered 200 is in the inbox as sent; every change has its one note.
      const kept = answered.filter((delivery) => delivery.status === 200).map((delivery) => delivery.body);
      const inbox = await inboxPayloadsSince(cutAt);
      expect(kept.filter((body) => !inbox.some((stored) => isDeepStrictEqual(stored, body)))).toEqual([]);
      expect(jobs.map(notesOf)).toEqual(jobs.map(() => 1));
      expect((await ready()).json().data.spool).toMatchObject({ backlog: 0, rejected: 0 });
      await h.deleteTrigger(triggerId);
    },
    120_000 + CHANGES * 2_000,
  );
});
