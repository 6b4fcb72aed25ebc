import { SEED_IDS } from '@automate/servicem8-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps, triggerRuns } from '../src/modules/automation/automation.schema.ts';
import { executeRunsJob } from '../src/modules/automation/execute/execute-run.jobs.ts';
import { reconcileVendor } from '../src/modules/automation/observe/reconciliation.service.ts';
import { webhookSecretOf } from '../src/modules/servicem8/sm8-access.ts';
import { syncReferenceData } from '../src/modules/servicem8/sync.service.ts';
import { processDeliveryJob } from '../src/modules/webhooks/webhooks.jobs.ts';
import { connectToSimulator } from './support/connect-simulator.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { editDateAfterNewestJob } from './support/sm8-edit-dates.ts';
import { countStatements } from './support/statement-count.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * A batch of runs stops between writing its plans and writing its ends: the plans are stored, the
 * notes are in ServiceM8, and nothing says so. The batch's job is handed on (as pg-boss does when a
 * worker's heartbeat stops) and executed again: every run ends once, and no note is added twice. The
 * API role runs no workers: the test hands the job to its handler, as a worker would.
 */

const BURST = 12;
let services: TestServices;
let vendorId: string;
let adminToken: string;
let callbackUrl: string;

beforeAll(async () => {
  services = await startTestServices({
    role: 'api',
    simulator: { seed: 'demo', throttle: { perMinute: 100_000 } },
    env: { SM8_RATE_PER_MINUTE: '100000' },
  });
  if (!services.sim) throw new Error('no simulator');
  const team = await createVendorTeam(services.deps, 'Batch Crash Plumbing');
  vendorId = team.vendor.id;
  adminToken = team.adminToken;
  await connectToSimulator(services.deps, vendorId, services.sim);
  await syncReferenceData(services.deps, vendorId);
  await reconcileVendor(services.deps, vendorId);
  const secret = (await webhookSecretOf(services.deps, vendorId)) ?? '';
  callbackUrl = `/api/Webhook/sm8cb?${new URLSearchParams({ vendor: vendorId, secret })}`;
});
afterAll(() => services.cleanup());

const context = (jobId: string, retryCount = 0) => ({
  deps: services.deps,
  log: services.deps.logger,
  jobId,
  workerId: 'test',
  retryCount,
});

/** `BURST` jobs Automate knows change their badges at once; answers their uuids once the deliveries are processed. */
async function burstOfChanges(): Promise<string[]> {
  const sim = services.sim;
  if (!sim) throw new Error('no simulator');
  const jobs = Array.from({ length: BURST }, (_, i) => ({
    uuid: crypto.randomUUID(),
    active: 1,
    status: 'Quote',
    company_uuid: SEED_IDS.companies.emmaEllis,
    generated_job_id: String(60_001 + i),
    badges: '[]',
  }));
  const editDate = editDateAfterNewestJob(sim);
  sim.controls.seed({ records: { job: jobs.map((job) => ({ ...job, edit_date: editDate })) } });
  await reconcileVendor(services.deps, vendorId);
  // The seeded edit date is a second after the newest job's, which may be now: the changes come after it,
  // as ServiceM8's edit dates never go back (a read older than the snapshot is taken for a stale one).
  services.clock.advance(2_000);
  const inboxIds: string[] = [];
  for (const job of jobs) {
    sim.controls.writeRecord('job', job.uuid, { badges: JSON.stringify([SEED_IDS.badges.urgent]) });
    const time = services.clock.now().toISOString().slice(0, 19).replace('T', ' ');
    services.clock.advance(1_000);
    const response = await services.app.inject({
      method: 'POST',
      url: callbackUrl,
      payload: { object: 'job', entry: [{ uuid: job.uuid, changed_fields: ['badges'], time }], resource_url: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    inboxIds.push(response.json().data.inboxId as string);
  }
  // The first delivery's observation lists every change; the others find theirs seen.
  for (const inboxId of inboxIds) await processDeliveryJob.handle({ inboxId, vendorId }, context(inboxId));
  return jobs.map((job) => job.uuid);
}

describe('a batch of runs stopped between its plans and its ends', () => {
  it('ends every run once when its job is handed on, and adds no note twice', async () => {
    const create = await services.app.inject({
      method: 'POST',
      url: `/api/vendor/${vendorId}/Trigger`,
      headers: bearer(adminToken),
      payload: {
        name: 'Crash notes',
        enabled: true,
        targetKind: 'Job',
        event: 'JobBadgesChanged',
        actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Crash note {{ job.number }}' } }],
      },
    });
    expect(create.statusCode, create.body).toBe(201);
    const triggerId = create.json().data.id as string;
    const jobUuids = await burstOfChanges();
    // The burst's runs, due now, as one batch (what the observation queues for them).
    const runIds = (
      await services.deps.database.db.select().from(triggerRuns).where(eq(triggerRuns.triggerId, triggerId))
    ).map((run) => run.id);
    expect(runIds).toHaveLength(BURST);
    const batches = [{ vendorId, runIds }];

    // The first attempt of each stops just before the statement that writes the runs' ends.
    for (const batch of batches) {
      const stopped = await countStatements(
        services.deps.database,
        () =>
          executeRunsJob.handle(batch, context('batch')).then(
            () => 'finished',
            (error: Error) => error.message,
          ),
        { failBefore: (statement) => statement.includes('update "trigger_runs" as r') },
      );
      expect(stopped.result).toMatch(/update "trigger_runs" as r/);
    }
    const notes = () =>
      (services.sim?.controls.records('note') ?? []).filter((note) => String(note.note).startsWith('Crash note '));
    // Every note was added, and the plans say so: Started, nothing yet Succeeded.
    expect(notes()).toHaveLength(BURST);
    const runsNow = () =>
      services.deps.database.db.select().from(triggerRuns).where(eq(triggerRuns.triggerId, triggerId));
    expect((await runsNow()).map((run) => run.status)).toEqual(jobUuids.map(() => 'Running'));
    const actionSteps = async () =>
      (await services.deps.database.db.select().from(runSteps)).filter(
        (step) => step.kind === 'Action' && runIds.includes(step.runId),
      );
    expect((await actionSteps()).map((step) => step.status)).toEqual(jobUuids.map(() => 'Started'));

    // The job is handed on and executed again: each run checks whether its note was added first.
    for (const batch of batches) await executeRunsJob.handle(batch, context('batch', 1));
    expect((await runsNow()).map((run) => run.status)).toEqual(jobUuids.map(() => 'Succeeded'));
    expect((await actionSteps()).map((step) => step.status)).toEqual(jobUuids.map(() => 'Succeeded'));
    const perJob = new Map<string, number>();
    for (const note of notes()) {
      perJob.set(String(note.related_object_uuid), (perJob.get(String(note.related_object_uuid)) ?? 0) + 1);
    }
    expect(jobUuids.map((uuid) => perJob.get(uuid) ?? 0)).toEqual(jobUuids.map(() => 1));
  });
});
