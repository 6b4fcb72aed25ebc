import { SEED_IDS } from '@automate/servicem8-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps, triggerRuns } from '../src/modules/automation/automation.schema.ts';
import { executeRunJob, executeRunsJob } from '../src/modules/automation/execute/execute-run.jobs.ts';
import { reconcileVendor } from '../src/modules/automation/observe/reconciliation.service.ts';
import { webhookSecretOf } from '../src/modules/servicem8/sm8-access.ts';
import { syncReferenceData } from '../src/modules/servicem8/sync.service.ts';
import { processDeliveryJob } from '../src/modules/webhooks/webhooks.jobs.ts';
import { webhookInbox } from '../src/modules/webhooks/webhooks.schema.ts';
import { connectToSimulator } from './support/connect-simulator.ts';
import { bearer, createVendorTeam } from './support/factories.ts';
import { editDateAfterNewestJob } from './support/sm8-edit-dates.ts';
import { countStatements } from './support/statement-count.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * What the database is asked for one webhook delivery and the run it starts, statement by statement
 * (BEGIN and COMMIT included), and for a burst: its deliveries and the batch job that executes its
 * runs together, per action. The drain of a burst is bound by these round trips, so a change that
 * adds one to every run shows here. The API role runs no workers: the test hands each job to its
 * handler, as a worker would, and nothing else uses the connection while it counts. pg-boss's own
 * fetch and completion go through its own connection and are not counted here.
 */

let services: TestServices;
let vendorId: string;
let adminToken: string;
let callbackUrl: string;
const { jobs, badges } = SEED_IDS;

beforeAll(async () => {
  // ServiceM8's allowance raised on both sides: a call that waits for the rate limit costs statements of its own.
  services = await startTestServices({
    role: 'api',
    simulator: { seed: 'demo', throttle: { perMinute: 100_000 } },
    env: { SM8_RATE_PER_MINUTE: '100000' },
  });
  const sim = services.sim;
  if (!sim) throw new Error('no simulator');
  const team = await createVendorTeam(services.deps, 'Statement Plumbing');
  vendorId = team.vendor.id;
  adminToken = team.adminToken;
  await connectToSimulator(services.deps, vendorId, sim);
  // What activation's job does: the reference data (badge names), then the baseline, from which on a
  // change derives events.
  await syncReferenceData(services.deps, vendorId);
  await reconcileVendor(services.deps, vendorId);
  const secret = (await webhookSecretOf(services.deps, vendorId)) ?? '';
  callbackUrl = `/api/Webhook/sm8cb?${new URLSearchParams({ vendor: vendorId, secret })}`;
});
afterAll(() => services.cleanup());

async function createTrigger(definition: object): Promise<string> {
  const response = await services.app.inject({
    method: 'POST',
    url: `/api/vendor/${vendorId}/Trigger`,
    headers: bearer(adminToken),
    payload: { name: 'Statements', enabled: true, targetKind: 'Job', ...definition },
  });
  if (response.statusCode !== 201) throw new Error(`creating a trigger: ${response.statusCode} ${response.body}`);
  return response.json().data.id as string;
}

async function deleteTrigger(triggerId: string): Promise<void> {
  const response = await services.app.inject({
    method: 'DELETE',
    url: `/api/vendor/${vendorId}/Trigger/${triggerId}`,
    headers: bearer(adminToken),
  });
  if (response.statusCode !== 200) throw new Error(`deleting a trigger: ${response.statusCode} ${response.body}`);
}

/** Changes the job's badges in ServiceM8 and posts the delivery ServiceM8 sends for it; answers its inbox row. */
async function changeBadges(jobUuid: string, badgeUuids: string[]): Promise<string> {
  services.sim?.controls.writeRecord('job', jobUuid, { badges: JSON.stringify(badgeUuids) });
  // When the change happened, in UTC, as ServiceM8's delivery says.
  const time = services.clock.now().toISOString().slice(0, 19).replace('T', ' ');
  services.clock.advance(1_000);
  const response = await services.app.inject({
    method: 'POST',
    url: callbackUrl,
    payload: {
      object: 'job',
      entry: [{ uuid: jobUuid, changed_fields: ['badges'], time }],
      resource_url: '',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.inboxId as string;
}

const context = (jobId: string) => ({
  deps: services.deps,
  log: services.deps.logger,
  jobId,
  workerId: 'test',
  retryCount: 0,
});

/** Processes the delivery, then executes the run it started, counting the statements of each. */
async function deliverAndRun(jobUuid: string, triggerId: string, badgeUuids: string[]) {
  const inboxId = await changeBadges(jobUuid, badgeUuids);
  const delivery = await countStatements(services.deps.database, () =>
    processDeliveryJob.handle({ inboxId, vendorId }, context(inboxId)),
  );
  const db = services.deps.database.db;
  const [run] = await db
    .select()
    .from(triggerRuns)
    .where(and(eq(triggerRuns.triggerId, triggerId), eq(triggerRuns.jobUuid, jobUuid)));
  if (!run) throw new Error('no run');
  const execution = await countStatements(services.deps.database, () =>
    executeRunJob.handle({ runId: run.id, vendorId }, context(run.id)),
  );
  const [finished] = await db.select().from(triggerRuns).where(eq(triggerRuns.id, run.id));
  const steps = await db.select().from(runSteps).where(eq(runSteps.runId, run.id));
  const [inbox] = await db.select().from(webhookInbox).where(eq(webhookInbox.id, inboxId));
  return { delivery: delivery.statements, execution: execution.statements, run: finished, steps, inbox };
}

/**
 * A statement in a few words: what it writes, in order (`insert trigger_runs + insert run_steps` for
 * one with a WITH part), or the table it reads; BEGIN and COMMIT as they are.
 */
function shapeOf(statement: string): string {
  if (/^(begin|commit)$/i.test(statement)) return statement.toUpperCase();
  const writes = [...statement.matchAll(/(?<!do |for )\b(insert into|update|delete from) "?([\w.]+)"?/gi)].map(
    ([, verb, table]) => `${verb?.split(' ')[0]?.toLowerCase()} ${table}`,
  );
  if (writes.length > 0) return writes.join(' + ');
  const table = /\bfrom "?([\w.]+)"?/i.exec(statement)?.[1];
  return `select ${table}${/ for update$/i.test(statement) ? ' for update' : ''}`;
}

/** What processing a delivery about a job's badges asks before matching (the same for every trigger). */
const OBSERVING_THE_CHANGE = [
  'select webhook_inbox',
  'select sm8_connections',
  // The delivery rings for jobs: those changed since the newest seen are listed (a rate-limit token)…
  'select sm8_reconcile_cursors',
  'update sm8_rate_buckets',
  // …and those whose snapshot is older than what ServiceM8 answered are observed.
  'select sm8_snapshots',
  'BEGIN',
  'select sm8_snapshots for update',
  // Activity's record of the change goes in the snapshots' statement (a WITH part).
  'insert record_changes + insert sm8_snapshots',
  'select sm8_writes',
  'insert automation_events',
  'COMMIT',
];

describe('database statements per delivery and run', () => {
  it('a badge change whose trigger adds a note naming the job: 20 for the delivery, 9 for the run', async () => {
    const triggerId = await createTrigger({
      event: 'JobBadgesChanged',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Drain {{ job.number }}' } }],
    });
    // The first delivery of a vendor learns that its baseline is taken; the second is a typical one.
    await deliverAndRun(jobs.quoteKitchenTap, triggerId, [badges.vip]);
    const { delivery, execution, run, steps, inbox } = await deliverAndRun(jobs.quoteHotWater, triggerId, [badges.vip]);
    expect(inbox?.status).toBe('Processed');
    expect(run?.status).toBe('Succeeded');
    expect(steps.map((step) => `${step.kind} ${step.status}`).sort()).toEqual([
      'Action Succeeded',
      'Conditions Succeeded',
      'Conditions Succeeded',
    ]);

    expect(delivery.map(shapeOf)).toEqual([
      ...OBSERVING_THE_CHANGE,
      'select vendors',
      'select triggers',
      // Nothing names a badge, queue or the like: no reference names are read.
      'BEGIN',
      // The event is claimed first: a run is stored only by the process that marks its event matched.
      'update automation_events',
      'insert trigger_runs + insert run_steps',
      'insert pgboss.job_common',
      'COMMIT',
      // The newest change seen moves on.
      'insert sm8_reconcile_cursors',
      'update webhook_inbox',
    ]);
    expect(execution.map(shapeOf)).toEqual([
      // Started in the statement that reads it.
      'update trigger_runs',
      'select vendors',
      'select vendor_subscriptions',
      // The trigger's version was read by the first run: a saved version never changes.
      'select sm8_connections',
      'select run_steps',
      // The job as its observation just stored it (no second ServiceM8 read); the re-check's step is
      // written with the note's plan, before the note. Each statement that writes steps can finish
      // held ones and insert new ones (one prepared text, whatever it is given).
      'select sm8_snapshots',
      'update run_steps + insert run_steps',
      'update sm8_rate_buckets',
      // The note's outcome is written with the run's.
      'update run_steps + insert run_steps + update trigger_runs',
    ]);
    await deleteTrigger(triggerId);
  });

  it('a trigger whose condition names a badge reads the names once when matching and once when executing', async () => {
    const triggerId = await createTrigger({
      event: 'JobBadgesChanged',
      conditions: { combiner: 'And', items: [{ type: 'JobHasBadge', params: { badgeUuid: badges.vip } }] },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'VIP {{ job.number }}' } }],
    });
    const { delivery, execution, run, steps } = await deliverAndRun(jobs.workOrderBurstPipe, triggerId, [badges.vip]);
    expect(run?.status).toBe('Succeeded');
    expect(steps).toHaveLength(3);
    const names = (statements: string[]) =>
      statements.map(shapeOf).filter((shape) => shape === 'select sm8_reference_items');
    expect(names(delivery)).toHaveLength(1);
    expect(names(execution)).toHaveLength(1);
    expect(delivery).toHaveLength(21);
    expect(execution).toHaveLength(11);
  });
});

/** The batch jobs (`automation.execute-runs`) waiting for a worker that execute any of these runs. */
async function batchJobsOf(runIds: readonly string[]): Promise<Array<{ vendorId: string; runIds: string[] }>> {
  const result = await services.deps.database.db.execute(
    sql`select data from pgboss.job where name = ${executeRunsJob.name} and state = 'created'`,
  );
  const rows = (result as unknown as { rows: Array<{ data: { vendorId: string; runIds: string[] } }> }).rows;
  return rows.map((row) => row.data).filter((data) => data.runIds.some((id) => runIds.includes(id)));
}

describe('database statements per action in a burst', () => {
  it('a burst of 40 badge changes: one batch job executes the 40 runs, at most 6 statements a note, delivery and run together', async () => {
    const triggerId = await createTrigger({
      event: 'JobBadgesChanged',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Burst {{ job.number }}' } }],
    });
    const sim = services.sim;
    if (!sim) throw new Error('no simulator');
    // 40 jobs Automate knows (their snapshots taken), then their badges change at once.
    const burst = Array.from({ length: 40 }, (_, i) => ({
      uuid: crypto.randomUUID(),
      active: 1,
      status: 'Quote',
      company_uuid: SEED_IDS.companies.emmaEllis,
      generated_job_id: String(40_001 + i),
      badges: '[]',
    }));
    const editDate = editDateAfterNewestJob(sim);
    sim.controls.seed({ records: { job: burst.map((job) => ({ ...job, edit_date: editDate })) } });
    await reconcileVendor(services.deps, vendorId);
    // The changes come after the seeded edit date (a second after the newest job's, which may be now).
    services.clock.advance(2_000);
    const inboxIds: string[] = [];
    for (const job of burst) inboxIds.push(await changeBadges(job.uuid, [badges.urgent]));

    const deliveries = await countStatements(services.deps.database, async () => {
      for (const inboxId of inboxIds) await processDeliveryJob.handle({ inboxId, vendorId }, context(inboxId));
    });
    const runs = await services.deps.database.db.select().from(triggerRuns).where(eq(triggerRuns.triggerId, triggerId));
    expect(runs).toHaveLength(burst.length);
    // pg-boss carries one job for the vendor's batch, not one per run.
    const batches = await batchJobsOf(runs.map((run) => run.id));
    expect(batches).toHaveLength(1);
    expect(batches[0]?.runIds).toHaveLength(burst.length);
    const executions = await countStatements(services.deps.database, async () => {
      for (const batch of batches) await executeRunsJob.handle(batch, context('batch'));
    });
    const finished = await services.deps.database.db
      .select()
      .from(triggerRuns)
      .where(eq(triggerRuns.triggerId, triggerId));
    expect(finished.map((run) => run.status)).toEqual(burst.map(() => 'Succeeded'));
    const notes = sim.controls.records('note').filter((note) => String(note.note).startsWith('Burst '));
    expect(notes).toHaveLength(burst.length);
    await deleteTrigger(triggerId);

    const perNote = (deliveries.statements.length + executions.statements.length) / burst.length;
    console.info(
      `statements per note in a burst of ${burst.length}: ${perNote.toFixed(2)} (deliveries ${deliveries.statements.length}, runs ${executions.statements.length})`,
    );
    // The first delivery's listing observes every change and stores the snapshots, events, runs and
    // their batch job with a statement for each kind of row; each other delivery finds its change seen
    // (its inbox row read and marked: 2).
    const listing = deliveries.statements.map(shapeOf);
    expect(listing.filter((shape) => shape.startsWith('insert trigger_runs'))).toHaveLength(1);
    expect(listing.filter((shape) => shape === 'insert pgboss.job_common')).toHaveLength(1);
    expect(listing.filter((shape) => shape === 'insert automation_events')).toHaveLength(1);
    // The batch reads what its runs share once and writes their plans, ServiceM8 calls and ends with a
    // statement each, whatever the number of runs.
    expect(executions.statements.map(shapeOf)).toEqual([
      'select sm8_connections',
      'update sm8_rate_buckets',
      'update trigger_runs',
      'select vendors',
      'select vendor_subscriptions',
      // A trigger's version is read once (and kept: a saved version never changes).
      'select trigger_versions',
      'select run_steps',
      'select sm8_snapshots',
      'update run_steps + insert run_steps',
      'update run_steps + insert run_steps + update trigger_runs',
    ]);
    expect(perNote).toBeLessThanOrEqual(6);
  });
});
