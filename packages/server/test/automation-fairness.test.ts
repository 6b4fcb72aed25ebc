import { randomUUID } from 'node:crypto';
import type { TriggerDefinitionInput, TriggerRunDetail } from '@automate/contract';
import { buildSimulator, SEED_IDS, type SeedData, type Simulator } from '@automate/servicem8-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  automationEvents,
  runSteps,
  sm8ReconcileCursors,
  triggerRuns,
} from '../src/modules/automation/automation.schema.ts';
import { dispatchDueRuns } from '../src/modules/automation/execute/run-dispatch.service.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { type Sm8FrontDoor, startSm8FrontDoor } from './support/sm8-front-door.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * Issue acceptance: one vendor's burst does not hold up another vendor. Harbour Plumbing has 1,000
 * runs due at once, each adding a note, and ServiceM8 answers every call 150 ms late, so working
 * through them takes about a minute. Harbour's runs get at most QUEUE_VENDOR_CONCURRENCY (8) of the
 * process's QUEUE_CONCURRENCY (16) places, so Bay Electrical's single run, caused a moment later by
 * a new job in its own ServiceM8 account, is done within seconds while most of Harbour's still wait.
 * No note is written twice.
 */

const BURST = 1000;
const LATENCY_MS = 150;
const VENDOR_CONCURRENCY = 8;

let services: TestServices;
let door: Sm8FrontDoor;
let harbourSim: Simulator;
let baySim: Simulator;
const harbour = { vendorId: '', token: '', triggerId: '' };
const bay = { vendorId: '', token: '', triggerId: '' };

/** Harbour's extra jobs, one run each. */
const burstJobs = Array.from({ length: BURST }, (_, i) => ({
  uuid: randomUUID(),
  active: 1,
  status: 'Work Order',
  company_uuid: SEED_IDS.companies.harboursidePropertyManagement,
  generated_job_id: String(20_001 + i),
  job_description: `Burst job ${i + 1}`,
  badges: '[]',
  edit_date: '2020-01-01 00:00:00',
}));

/** A second ServiceM8 account: a small electrician with one client. */
const BAY_CLIENT = randomUUID();
const baySeed: SeedData = {
  records: {
    vendor: [{ uuid: randomUUID(), name: 'Bay Electrical', timezone_name: 'Australia/Sydney', currency: 'AUD' }],
    staff: [{ uuid: randomUUID(), first: 'Bea', last: 'Lin', email: 'bea@bay-electrical.example.com' }],
    company: [{ uuid: BAY_CLIENT, name: 'Noah Brown', is_individual: 1 }],
  },
};

beforeAll(async () => {
  door = await startSm8FrontDoor();
  // The rate limit is raised on both sides: this measures the queue, not ServiceM8's 180 calls a minute.
  const throttle = { perMinute: 100_000 };
  services = await startTestServices({
    simulator: { seed: 'demo', throttle },
    env: {
      SM8_API_URL: door.url,
      SM8_OAUTH_URL: door.url,
      SM8_RATE_PER_MINUTE: '100000',
      QUEUE_CONCURRENCY: '16',
      QUEUE_VENDOR_CONCURRENCY: String(VENDOR_CONCURRENCY),
    },
  });
  harbourSim = services.sim as Simulator;
  baySim = buildSimulator({ clock: services.clock, seed: baySeed, throttle });
  await baySim.listen();

  for (const [vendor, sim, name] of [
    [harbour, harbourSim, 'Harbour Plumbing'],
    [bay, baySim, 'Bay Electrical'],
  ] as const) {
    const team = await createVendorTeam(services.deps, name);
    vendor.vendorId = team.vendor.id;
    vendor.token = team.adminToken;
    await door.connect(services.deps, vendor.vendorId, sim);
  }
  for (const vendor of [harbour, bay]) {
    await waitFor(
      () =>
        services.deps.database.db
          .select()
          .from(sm8ReconcileCursors)
          .where(eq(sm8ReconcileCursors.vendorId, vendor.vendorId)),
      (rows) => rows.length === 5,
      'the baseline of each connected account',
      30_000,
    );
  }
  harbourSim.controls.seed({ records: { job: burstJobs } });
  // Harbour's burst jobs are added after its baseline (snapshotting 1,000 jobs costs seconds and
  // matters only for deriving events, which the burst skips), edited long before it, so
  // reconciliation never takes them for new jobs.
  harbourSim.controls.seed({ records: { job: burstJobs } });
  harbour.triggerId = await createTrigger(harbour, {
    event: 'JobBadgesChanged',
    actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Burst note for {{ job.number }}' } }],
  });
  bay.triggerId = await createTrigger(bay, {
    event: 'JobIsCreated',
    actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Welcome note for {{ job.number }}' } }],
  });
}, 60_000);

afterAll(async () => {
  await services?.cleanup();
  await baySim?.close();
  await door?.close();
});

async function createTrigger(
  vendor: typeof harbour,
  definition: Partial<TriggerDefinitionInput> & Pick<TriggerDefinitionInput, 'event'>,
): Promise<string> {
  const response = await services.app.inject({
    method: 'POST',
    url: `/api/vendor/${vendor.vendorId}/Trigger`,
    headers: bearer(vendor.token),
    payload: { name: `When ${definition.event}`, enabled: true, targetKind: 'Job', actions: [], ...definition },
  });
  if (response.statusCode !== 201) throw new Error(`creating a trigger: ${response.statusCode} ${response.body}`);
  return response.json().data.id as string;
}

async function runsOf(vendor: typeof harbour): Promise<TriggerRunDetail[]> {
  const list = await services.app.inject({
    method: 'GET',
    url: `/api/vendor/${vendor.vendorId}/Trigger/${vendor.triggerId}/runs?PageSize=10`,
    headers: bearer(vendor.token),
  });
  const rows = list.json().data.rows as Array<{ id: string }>;
  return Promise.all(
    rows.map(async (row) => {
      const detail = await services.app.inject({
        method: 'GET',
        url: `/api/vendor/${vendor.vendorId}/Trigger/runs/${row.id}`,
        headers: bearer(vendor.token),
      });
      return detail.json().data as TriggerRunDetail;
    }),
  );
}

/** Harbour's runs by status. */
async function harbourStatuses(): Promise<Record<string, number>> {
  const rows = await services.deps.database.db
    .select({ status: triggerRuns.status, n: sql<number>`count(*)::int` })
    .from(triggerRuns)
    .where(and(eq(triggerRuns.vendorId, harbour.vendorId), eq(triggerRuns.triggerId, harbour.triggerId)))
    .groupBy(triggerRuns.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/**
 * Harbour's 1,000 runs, stored as matching stores a run whose event just happened (the event, the
 * run due now, its Conditions step), then queued by the dispatcher as the every-minute job does.
 */
async function queueHarbourBurst(): Promise<number> {
  const db = services.deps.database.db;
  const now = services.clock.now();
  const events = await db
    .insert(automationEvents)
    .values(
      burstJobs.map((job) => ({
        vendorId: harbour.vendorId,
        event: 'JobBadgesChanged' as const,
        occurrenceKey: `JobBadgesChanged:${job.uuid}:burst`,
        jobUuid: job.uuid,
        clientUuid: job.company_uuid,
        source: 'webhook' as const,
        occurredAt: now,
        matchedAt: now,
      })),
    )
    .returning({ id: automationEvents.id, jobUuid: automationEvents.jobUuid });
  const numberOf = new Map<string, string>(burstJobs.map((job) => [job.uuid, job.generated_job_id]));
  const runs = await db
    .insert(triggerRuns)
    .values(
      events.map((event) => ({
        vendorId: harbour.vendorId,
        triggerId: harbour.triggerId,
        triggerVersion: 1,
        eventId: event.id,
        event: 'JobBadgesChanged' as const,
        status: 'Scheduled' as const,
        jobUuid: event.jobUuid,
        jobNumber: numberOf.get(event.jobUuid ?? '') ?? null,
        clientUuid: SEED_IDS.companies.harboursidePropertyManagement,
        dueAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: triggerRuns.id });
  await db.insert(runSteps).values(
    runs.map((run) => ({
      runId: run.id,
      position: 0,
      kind: 'Conditions' as const,
      status: 'Succeeded' as const,
      outcome: 'The job’s badges changed: there are no conditions. The actions run now.',
      startedAt: now,
      finishedAt: now,
    })),
  );
  return (await dispatchDueRuns(services.deps)).dispatched;
}

describe('a vendor’s burst of runs', () => {
  it('does not hold up another vendor’s run, and does no action twice', async () => {
    for (const sim of [harbourSim, baySim]) {
      sim.controls.addFault({ kind: 'latency', path: '/api_1.0', latencyMs: LATENCY_MS });
    }
    expect(await queueHarbourBurst()).toBe(BURST);
    // Harbour's runs have the workers before Bay's change happens.
    await waitFor(harbourStatuses, (statuses) => (statuses.Running ?? 0) > 0, 'Harbour’s runs to start', 30_000);

    const changedAt = Date.now();
    const job = baySim.controls.writeRecord('job', undefined, {
      status: 'Work Order',
      company_uuid: BAY_CLIENT,
      job_description: 'Replace the switchboard',
    }).record;
    const [bayRun] = await waitFor(
      () => runsOf(bay),
      (runs) => runs[0]?.status === 'Succeeded' || runs[0]?.status === 'Failed',
      'Bay Electrical’s run to finish',
      20_000,
      (runs) => runs.map((run) => ({ status: run.status, reason: run.reason })),
    );
    const bayWaitedMs = Date.now() - changedAt;
    const harbourThen = await harbourStatuses();

    expect(bayRun?.status).toBe('Succeeded');
    expect(bayRun?.steps.map((step) => [step.kind, step.status, step.outcome])).toContainEqual([
      'Action',
      'Succeeded',
      `Added a note to job ${job.generated_job_id}: "Welcome note for ${job.generated_job_id}"`,
    ]);
    // Seconds, while Harbour's burst, worked on 8 at a time, was far from done. Without the vendor
    // limit Bay's run waits behind all of Harbour's (over a minute on 2 cores).
    expect(bayWaitedMs).toBeLessThan(10_000);
    expect((harbourThen.Scheduled ?? 0) + (harbourThen.Running ?? 0)).toBeGreaterThanOrEqual(BURST / 2);
    expect(harbourThen.Failed ?? 0).toBe(0);

    // Nothing was done twice: one note on Bay's job, at most one on each of Harbour's, and one on
    // every Harbour job whose run has succeeded.
    expect(baySim.controls.records('note').filter((note) => note.related_object_uuid === job.uuid)).toHaveLength(1);
    const notesPerJob = new Map<string, number>();
    for (const note of harbourSim.controls.records('note')) {
      const uuid = String(note.related_object_uuid);
      notesPerJob.set(uuid, (notesPerJob.get(uuid) ?? 0) + 1);
    }
    const succeeded = await services.deps.database.db
      .select({ jobUuid: triggerRuns.jobUuid })
      .from(triggerRuns)
      .where(and(eq(triggerRuns.triggerId, harbour.triggerId), eq(triggerRuns.status, 'Succeeded')));
    expect(burstJobs.filter((burstJob) => (notesPerJob.get(burstJob.uuid) ?? 0) > 1)).toEqual([]);
    expect(succeeded.filter((run) => notesPerJob.get(run.jobUuid ?? '') !== 1)).toEqual([]);
  }, 60_000);
});
