import type { TriggerRunDetail } from '@automate/contract';
import { buildSimulator, SEED_IDS, type Simulator } from '@automate/servicem8-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrashDeployment,
  type CrashRole,
  NOTE_EACH_NEW_JOB,
  type ShutdownReport,
  startConnectedDeployment,
} from '../support/crash-deployment.ts';
import { poll, vendorApi } from '../support/poll.ts';

/**
 * Crashes (SIGKILL) in the middle of the work, and nothing is lost or done twice.
 *
 * 1. The worker is killed in the middle of a run and started again: the run completes once, and no
 *    action is performed twice — not even the text message that ServiceM8 sent while the process died
 *    waiting for its answer.
 * 2. The worker is killed while it observes a lump of changes: once while its listing of the changed
 *    jobs waits for ServiceM8's answer, once between storing what the listing found and matching it.
 *    After each restart every change has exactly one run and one note.
 * 3. Crash at load: ServiceM8 makes CHAOS_CRASH_CHANGES changes (new jobs, each with a note to add)
 *    while the worker is killed CHAOS_WORKER_KILLS times and the API CHAOS_API_KILLS times, each
 *    restarted after more changes were made while it was down, and at last every process is sent
 *    SIGTERM in the middle of the work and replaced. Every change ends with exactly one note in
 *    ServiceM8. On PostgreSQL (TEST_DATABASE_URL) the API and the worker are processes of their
 *    own; on PGlite one `--role=all` process holds the embedded database, so there every kill (of
 *    "the worker" or "the API") kills that one process. `npm test` runs a short version;
 *    `npm run chaos` runs 1,000 changes with 5 worker and 2 API kills on both databases.
 */

const CHANGES = Number(process.env.CHAOS_CRASH_CHANGES ?? 24);
const WORKER_KILLS = Number(process.env.CHAOS_WORKER_KILLS ?? 1);
// On PGlite the one kill above is the API's as well.
const API_KILLS = Number(process.env.CHAOS_API_KILLS ?? (process.env.TEST_DATABASE_URL ? 1 : 0));

let sim: Simulator;
let deployment: CrashDeployment;
let vendorId: string;
let token: string;

beforeAll(async () => {
  sim = buildSimulator({ seed: 'demo', oauth: { autoApprove: true }, throttle: { perMinute: 100_000 } });
  ({ deployment, vendorId, token } = await startConnectedDeployment(sim, {
    ratePerMinute: 100_000,
    // On PostgreSQL a killed worker's jobs are handed on once its heartbeat (10 s) is missed; look every
    // 2 s. (On PGlite the restarted process takes them up as it starts.)
    env: { QUEUE_SUPERVISE_SECONDS: '2' },
  }));
});
afterAll(async () => {
  await deployment?.stop();
  await sim?.close();
});

const api = vendorApi(() => ({ baseUrl: deployment.baseUrl, vendorId, token }));

/** Each test's automations are deleted after it, passed or failed: the jobs of the next test are not theirs. */
const automationsOfTest: string[] = [];
afterEach(async () => {
  for (const id of automationsOfTest.splice(0)) {
    expect((await api(`/Trigger/${id}`, { method: 'DELETE' })).status).toBe(200);
  }
});

describe('a worker killed in the middle of a run', () => {
  it('completes the run once after a restart, performing no action twice', async () => {
    const created = await api('/Trigger', {
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
    automationsOfTest.push(triggerId);

    // ServiceM8 sends the text but takes 8 seconds to answer: the process dies while it waits, between
    // the send and its record.
    sim.controls.addFault({ kind: 'lost-response', path: '/platform_service_sms', latencyMs: 8000, times: 1 });
    const job = sim.controls.writeRecord('job', undefined, {
      status: 'Work Order',
      company_uuid: SEED_IDS.companies.emmaEllis,
      job_description: 'Crash test',
    }).record;
    const number = String(job.generated_job_id);

    const runs = async () => {
      const response = await api(`/Trigger/${triggerId}/runs`);
      const rows = ((await response.json()) as { data: { rows: Array<{ id: string }> } }).data.rows;
      return Promise.all(
        rows.map(
          async (row) => ((await (await api(`/Trigger/runs/${row.id}`)).json()) as { data: TriggerRunDetail }).data,
        ),
      );
    };
    const textStarted = (list: TriggerRunDetail[]) =>
      list.length === 1 && list[0]?.steps.some((s) => s.actionId === 'text' && s.status === 'Started') === true;
    await poll(() => runs(), textStarted, 'the text step to start');
    await poll(
      async () => sim.controls.messages('sms').length,
      (count) => count === 1,
      'the text to go out',
    );
    await deployment.kill('worker');
    await deployment.restart('worker');
    const [run] = await poll(
      () => runs(),
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

describe('a worker killed in the middle of an observation', () => {
  it('observes every change once after a restart: one run and one note for each', async () => {
    const created = await api('/Trigger', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Note a job once',
        enabled: true,
        event: 'JobIsCreated',
        targetKind: 'Job',
        // A condition on the client: matching a change reads the client from ServiceM8, after the change
        // is stored, and the second part holds that read to kill the worker in between.
        conditions: {
          combiner: 'And',
          items: [{ type: 'ClientExcludesBadges', params: { badgeUuids: [SEED_IDS.badges.onMyWay] } }],
        },
        actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Observed: job {{ job.number }}' } }],
      }),
    });
    expect(created.status).toBe(201);
    const triggerId = ((await created.json()) as { data: { id: string } }).data.id;
    automationsOfTest.push(triggerId);
    const allRuns = async () => {
      const rows: Array<{ jobUuid: string | null }> = [];
      for (let page = 1; ; page++) {
        const response = await api(`/Trigger/${triggerId}/runs?PageSize=200&PageNumber=${page}`);
        const found = ((await response.json()) as { data: { rows: typeof rows } }).data.rows;
        rows.push(...found);
        if (found.length < 200) return rows;
      }
    };
    const runCount = async () =>
      ((await (await api(`/Trigger/${triggerId}/runs?PageSize=1`)).json()) as { data: { total: number } }).data.total;
    const jobs: string[] = [];
    const lump = (count: number) => {
      for (let i = 0; i < count; i++) {
        const job = sim.controls.writeRecord('job', undefined, {
          status: 'Quote',
          company_uuid: SEED_IDS.companies.emmaEllis,
          job_description: `Observed ${jobs.length + 1}`,
        }).record;
        jobs.push(String(job.uuid));
      }
    };
    const notesPerJob = () => {
      const counts = new Map<string, number>(jobs.map((uuid) => [uuid, 0]));
      for (const note of sim.controls.records('note')) {
        const uuid = String(note.related_object_uuid);
        if (counts.has(uuid)) counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
      }
      return [...counts.values()];
    };
    const everyJobNotedOnce = async () => {
      await poll(
        async () => notesPerJob().filter((n) => n === 0).length,
        (waiting) => waiting === 0,
        'every new job to have its note',
        120_000,
        { explain: () => deployment.output().slice(-4000) },
      );
      expect(await poll(runCount, (total) => total >= jobs.length, 'a run for every new job')).toBe(jobs.length);
      const counts = notesPerJob();
      expect({ lost: counts.filter((n) => n === 0).length, doubled: counts.filter((n) => n > 1).length }).toEqual({
        lost: 0,
        doubled: 0,
      });
    };

    // 1. ServiceM8 holds its answer to the listing of changed jobs: the worker dies waiting for it.
    const since = sim.controls.calls().at(-1)?.id ?? 0;
    sim.controls.addFault({ kind: 'latency', method: 'GET', path: '/api_1.0/job.json', latencyMs: 5000, times: 1 });
    lump(30);
    await poll(
      async () => sim.controls.calls({ method: 'GET', path: '/api_1.0/job.json', since }),
      (calls) => calls.some((call) => call.fault?.startsWith('latency') === true),
      'the listing of the changed jobs to be asked for',
    );
    await deployment.kill('worker');
    await deployment.restart('worker');
    await everyJobNotedOnce();

    // 2. The worker dies between storing what a listing of 250 changed jobs found and matching it: ServiceM8
    // holds its answer to the client's read the condition needs. The first 200 changes (one batch of a
    // listing) are stored without runs, and their snapshots say they were seen, so listing them again finds
    // nothing new: the events left unmatched must be matched after the restart, all of them, without
    // waiting minutes.
    const LUMP = 250;
    const lumpFrom = jobs.length;
    const callsBefore = sim.controls.calls().at(-1)?.id ?? 0;
    sim.controls.addFault({ kind: 'latency', method: 'GET', path: '/api_1.0/company*', latencyMs: 5000, times: 1 });
    lump(LUMP);
    await poll(
      async () => sim.controls.calls({ method: 'GET', path: '/api_1.0/company', since: callsBefore }),
      (calls) => calls.some((call) => call.fault?.startsWith('latency') === true),
      'the client’s read for the lump’s conditions to be asked for',
    );
    await deployment.kill('worker');
    await deployment.restart('worker');
    const restartedAt = Date.now();
    await everyJobNotedOnce();
    const lumpJobs = new Set(jobs.slice(lumpFrom));
    const runsOfLump = (await allRuns()).filter((run) => lumpJobs.has(run.jobUuid ?? ''));
    expect(new Set(runsOfLump.map((run) => run.jobUuid)).size).toBe(LUMP);
    expect(runsOfLump).toHaveLength(LUMP);
    console.info(
      `observation crash (${deployment.description}): the lump's ${LUMP} changes had their notes ` +
        `${Math.round((Date.now() - restartedAt) / 1000)} s after the restart`,
    );
  }, 300_000);
});

/** The kills in the order they happen: the API's spread among the worker's. */
function killOrder(workerKills: number, apiKills: number): CrashRole[] {
  const order: CrashRole[] = Array(workerKills).fill('worker');
  for (let i = 0; i < apiKills; i++) {
    order.splice(Math.round(((i + 1) * (order.length + 1)) / (apiKills + 1)), 0, 'api');
  }
  return order;
}

describe('crashes at load', () => {
  it(
    `run each of ${CHANGES} changes once through ${WORKER_KILLS} worker and ${API_KILLS} API kills and a SIGTERM`,
    async () => {
      const call = async (path: string, init: RequestInit = {}) =>
        (await (await api(path, init)).json()) as { data: { id: string; total: number } };
      const { id: triggerId } = (
        await call('/Trigger', {
          method: 'POST',
          body: JSON.stringify(NOTE_EACH_NEW_JOB),
        })
      ).data;

      const created: string[] = [];
      const notesPerJob = () => {
        const counts = new Map<string, number>(created.map((uuid) => [uuid, 0]));
        for (const note of sim.controls.records('note')) {
          const uuid = String(note.related_object_uuid);
          if (counts.has(uuid)) counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
        }
        return [...counts.values()];
      };
      const change = async (count: number) => {
        for (let i = 0; i < count && created.length < CHANGES; i++) {
          const job = sim.controls.writeRecord('job', undefined, {
            status: 'Quote',
            company_uuid: SEED_IDS.companies.emmaEllis,
            job_description: `Load ${created.length + 1}`,
          }).record;
          created.push(String(job.uuid));
          // A steady stream rather than one lump: ServiceM8 delivers while the processes work.
          if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };

      const kills = killOrder(WORKER_KILLS, API_KILLS);
      const share = Math.ceil(CHANGES / (kills.length + 2));
      /** Half a share of changes, then `interrupt` once they are being worked on, then the other half while down. */
      const interrupted = async (interrupt: () => Promise<void>) => {
        const before = notesPerJob().filter((n) => n > 0).length;
        await change(Math.ceil(share / 2));
        await poll(
          async () => notesPerJob().filter((n) => n > 0).length,
          (done) => done > before,
          'the work to be under way',
          120_000,
        );
        await interrupt();
      };
      const started = Date.now();
      for (const role of kills) {
        await interrupted(async () => {
          await deployment.kill(role);
          // ServiceM8's deliveries fail while the process is down, and it does not send them again.
          await change(Math.floor(share / 2));
          await deployment.restart(role);
        });
      }
      // A SIGTERM in the middle of a burst, as when a new version is deployed: every process finishes
      // or hands back its runs and exits 0 within the grace period (SHUTDOWN_GRACE_MS, 15 s; after it,
      // the exit code is 1); the new processes carry on.
      let exits: ShutdownReport[] = [];
      await interrupted(async () => {
        exits = await deployment.terminate();
        await change(Math.floor(share / 2));
        await deployment.restartAll();
      });
      await change(CHANGES - created.length);
      await poll(
        async () => notesPerJob().filter((n) => n === 0).length,
        (waiting) => waiting === 0,
        'every change to have its note',
        120_000 + CHANGES * 1_000,
      );
      const succeeded = await poll(
        async () => {
          const filters = JSON.stringify([{ action: 'Eq', field: 'status', value: 'Succeeded' }]);
          return (await call(`/Trigger/${triggerId}/runs?PageSize=1&Filters=${encodeURIComponent(filters)}`)).data
            .total;
        },
        (total) => total >= CHANGES,
        'every run to end Succeeded',
      );
      console.info(
        `crash at load (${deployment.description}): ${CHANGES} changes, ${WORKER_KILLS} worker and ` +
          `${API_KILLS} API kills and a SIGTERM (exits ${exits.map((exit) => `${exit.code} in ${exit.ms} ms`).join(', ')}): ` +
          `all done in ${Math.round((Date.now() - started) / 1000)} s`,
      );

      expect(
        exits.map((exit) => exit.code),
        exits.map((exit) => exit.log.slice(-3000)).join('\n'),
      ).toEqual(exits.map(() => 0));
      expect(Math.max(...exits.map((exit) => exit.ms))).toBeLessThan(15_000);
      expect(succeeded).toBe(CHANGES);
      expect((await call(`/Trigger/${triggerId}/runs?PageSize=1`)).data.total).toBe(CHANGES);
      // No change lost, none done twice: every new job has exactly its one note.
      const counts = notesPerJob();
      expect({ lost: counts.filter((n) => n === 0).length, doubled: counts.filter((n) => n > 1).length }).toEqual({
        lost: 0,
        doubled: 0,
      });
    },
    180_000 + CHANGES * 1_500 + (WORKER_KILLS + API_KILLS) * 60_000,
  );
});
