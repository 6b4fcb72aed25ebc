import { randomUUID } from 'node:crypto';
import type { TriggerRun } from '@automate/contract';
import {
  createTestDatabase,
  freePort,
  type Sm8FrontDoor,
  startSm8FrontDoor,
  type TestDatabase,
} from '@automate/server/testing';
import { buildSimulator, type Simulator } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSeed, type SeededJob } from '../support/account-seed.ts';
import { poll as pollUntil } from '../support/poll.ts';
import { type RoleProcess, startRoleProcess } from '../support/role-process.ts';
import { confirmLinkInLog, connectThroughConsent } from '../support/servicem8-consent.ts';

/**
 * Scaling out on PostgreSQL: one `--role=api` process takes ServiceM8's webhooks and two
 * `--role=worker` processes do the work, on one database. Three businesses, each with its own
 * ServiceM8 account answering every call 200 ms late, have a trigger that adds a note when a job's
 * status changes. A burst of status changes is drained by both workers, each doing part of it; then
 * the second worker stops (SIGTERM) and the one left drains the next burst alone. Every change
 * makes one run that succeeds, and every note is written exactly once.
 *
 * A business's runs that fall due together are one batch job, so a burst is three jobs, one per
 * business. Each process holds one job at a time (QUEUE_CONCURRENCY=1), so a process is the limit:
 * while one works on a business's batch, the next business's batch is the other's. (With 4 in hand,
 * one process could take all three batches when the other was slow to wake.) The test prints how
 * long each burst took; it does not assert the speed-up, which on 2 shared cores varies with their
 * load (docs/BENCHMARKS.md, "Scaling out").
 */

const CONCURRENCY = 1;
const LATENCY_MS = 200;
/** Jobs changed per business in each burst. */
const PER_ACCOUNT = 16;
const ACCOUNTS = ['Harbour Plumbing', 'Bay Electrical', 'Summit Roofing'];

type Account = {
  name: string;
  sim: Simulator;
  warmUp: SeededJob;
  bursts: { twoWorkers: SeededJob[]; oneWorker: SeededJob[] };
  vendorId: string;
  token: string;
  triggerId: string;
};

let door: Sm8FrontDoor;
let database: TestDatabase;
let api: RoleProcess;
let workers: RoleProcess[] = [];
const accounts: Account[] = [];

beforeAll(async () => {
  door = await startSm8FrontDoor();
  for (const [index, name] of ACCOUNTS.entries()) {
    const client = randomUUID();
    const job = (n: number): SeededJob => ({
      uuid: randomUUID(),
      active: 1,
      status: 'Work Order',
      company_uuid: client,
      generated_job_id: String((index + 1) * 1000 + n),
      job_description: `${name} job ${n}`,
    });
    const jobs = Array.from({ length: 1 + 2 * PER_ACCOUNT }, (_, n) => job(n + 1));
    const [warmUp, ...rest] = jobs as [SeededJob, ...SeededJob[]];
    const sim = buildSimulator({
      seed: accountSeed(name, client, jobs),
      oauth: { autoApprove: true },
      // The rate limit is out of the way on both sides: this measures the workers, not ServiceM8's.
      throttle: { perMinute: 100_000 },
    });
    await sim.listen();
    accounts.push({
      name,
      sim,
      warmUp,
      bursts: { twoWorkers: rest.slice(0, PER_ACCOUNT), oneWorker: rest.slice(PER_ACCOUNT) },
      vendorId: '',
      token: '',
      triggerId: '',
    });
  }

  database = await createTestDatabase();
  if (database.target.kind !== 'postgres') throw new Error('scale-out needs TEST_DATABASE_URL (PostgreSQL)');
  const { appId, appSecret } = accounts[0]?.sim.info() ?? { appId: '', appSecret: '' };
  const env = (entrance: string) => ({
    DATABASE_URL: database.target.kind === 'postgres' ? database.target.url : '',
    // Every process decrypts the ServiceM8 tokens the API stored.
    APP_SECRET_KEY: 'scale-out-test-secret-key-0123456789abcdef',
    DEMO_MODE: 'false',
    SM8_APP_ID: appId,
    SM8_APP_SECRET: appSecret,
    SM8_API_URL: door.entrance(entrance),
    SM8_OAUTH_URL: door.entrance(entrance),
    SM8_RATE_PER_MINUTE: '100000',
    QUEUE_POLL_SECONDS: '0.5',
    QUEUE_CONCURRENCY: String(CONCURRENCY),
    QUEUE_VENDOR_CONCURRENCY: String(CONCURRENCY),
  });
  // The three start side by side, as they would on three machines.
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  [api, ...workers] = await Promise.all([
    startRoleProcess('api', { ...env('api'), PORT: String(port) }),
    startRoleProcess('worker', { ...env('worker-1'), PUBLIC_URL: apiUrl }),
    startRoleProcess('worker', { ...env('worker-2'), PUBLIC_URL: apiUrl }),
  ]);
  await poll(health, (detail) => detail === '2 workers processing jobs.', 'both workers to report');

  for (const account of accounts) {
    door.consentTo(account.sim);
    const mailLog = () => workers.map((worker) => worker.output()).join('\n');
    Object.assign(
      account,
      await connectThroughConsent(api.baseUrl ?? '', account.sim.info().accountUuid, confirmLinkInLog(mailLog)),
    );
  }
  await Promise.all(
    accounts.map(async (account) => {
      // A worker subscribes the webhooks and takes the baseline, then says so.
      await poll(
        async () => workers.map((worker) => worker.output()).join(''),
        (output) => new RegExp(`"vendorId":"${account.vendorId}"[^\\n]*ServiceM8 account activated`).test(output),
        `${account.name}'s account to be activated`,
      );
      account.triggerId = await createTrigger(account);
      account.sim.controls.addFault({ kind: 'latency', path: '/api_1.0', latencyMs: LATENCY_MS });
      // A first change, all the way to its note: the path works, and the processes are warm.
      account.sim.controls.writeRecord('job', account.warmUp.uuid, { status: 'Completed' });
      await poll(
        () => runsOf(account),
        (runs) => runs[0]?.status === 'Succeeded',
        `${account.name}'s first run`,
      );
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await api?.stop();
  await database?.drop();
  await Promise.all(accounts.map((account) => account.sim.close()));
  await door?.close();
});

async function health(): Promise<string> {
  const response = await fetch(`${api.baseUrl}/api/health`);
  return ((await response.json()) as { data: { queue: { detail: string } } }).data.queue.detail;
}

/** Polls often (a worker's share is measured in fractions of a second), naming the workers' output on a timeout. */
function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000) {
  return pollUntil(read, done, what, timeoutMs, {
    everyMs: 50,
    explain: () => workers.map((worker) => worker.output().slice(-2000)).join('\n'),
  });
}

function vendorApi(account: Account, path: string, init: RequestInit = {}) {
  return fetch(`${api.baseUrl}/api/vendor/${account.vendorId}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
  });
}

async function createTrigger(account: Account): Promise<string> {
  const response = await vendorApi(account, '/Trigger', {
    method: 'POST',
    body: JSON.stringify({
      name: 'Note a status change',
      enabled: true,
      event: 'JobStatusChanged',
      targetKind: 'Job',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Now {{ job.status }}: job {{ job.number }}' } }],
    }),
  });
  if (response.status !== 201) throw new Error(`creating a trigger: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** The trigger's runs, newest first. */
async function runsOf(account: Account): Promise<TriggerRun[]> {
  const response = await vendorApi(
    account,
    `/Trigger/${account.triggerId}/runs?PageSize=500&SortBy=createdAt&SortDir=Descending`,
  );
  return ((await response.json()) as { data: { rows: TriggerRun[] } }).data.rows;
}

/**
 * Changes the status of every business's burst jobs in ServiceM8 (which sends the webhooks) and waits
 * until ServiceM8 has answered every note; answers how long that took and who wrote the notes.
 */
async function drain(burst: keyof Account['bursts']): Promise<{ seconds: number; notesBy: Record<string, number> }> {
  const before = door.calls().length;
  const isNote = (call: { method: string; path: string; status: number }) =>
    call.method === 'POST' && call.path === '/api_1.0/note.json' && call.status === 200;
  const started = Date.now();
  for (let i = 0; i < PER_ACCOUNT; i++) {
    for (const account of accounts) {
      account.sim.controls.writeRecord('job', account.bursts[burst][i]?.uuid, { status: 'Completed' });
    }
  }
  const notes = await poll(
    async () => door.calls().slice(before).filter(isNote),
    (calls) => calls.length >= PER_ACCOUNT * accounts.length,
    `the notes of the ${burst} burst`,
  );
  const notesBy: Record<string, number> = {};
  for (const note of notes) notesBy[note.via] = (notesBy[note.via] ?? 0) + 1;
  const finished = Math.max(...notes.map((note) => note.answeredAt));
  return { seconds: (finished - started) / 1000, notesBy };
}

describe('one API process and two worker processes on PostgreSQL', () => {
  it('share a burst between the workers, carry on with one, and do each action once', async () => {
    const two = await drain('twoWorkers');
    await workers[1]?.stop();
    await poll(health, (detail) => detail === '1 worker processing jobs.', 'the second worker to sign off');
    const one = await drain('oneWorker');
    console.info(
      `scale-out: ${PER_ACCOUNT * accounts.length} runs drained by two workers in ${two.seconds} s ` +
        `(notes ${JSON.stringify(two.notesBy)}), by one in ${one.seconds} s`,
    );

    // Both workers did part of the work; after the second stopped, the first did all of it.
    expect(two.notesBy['worker-1']).toBeGreaterThan(0);
    expect(two.notesBy['worker-2']).toBeGreaterThan(0);
    expect(Object.keys(one.notesBy)).toEqual(['worker-1']);

    // Every change made one run that succeeded, and every job has exactly its one note.
    for (const account of accounts) {
      const runs = await poll(
        () => runsOf(account),
        (list) => !list.some((run) => run.status === 'Scheduled' || run.status === 'Running'),
        `${account.name}'s runs to finish`,
      );
      expect(runs.map((run) => run.status)).toEqual(Array(1 + 2 * PER_ACCOUNT).fill('Succeeded'));
      const notes = account.sim.controls.records('note');
      for (const job of [account.warmUp, ...account.bursts.twoWorkers, ...account.bursts.oneWorker]) {
        expect(notes.filter((note) => note.related_object_uuid === job.uuid).map((note) => note.note)).toEqual([
          `Now Completed: job ${job.generated_job_id}`,
        ]);
      }
    }
  }, 60_000);
});
