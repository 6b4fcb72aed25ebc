import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/**
 * Issue acceptance: with ServiceM8 answering 429 and 5xx at random, and sometimes doing a write but
 * losing its answer, every run still ends Succeeded and no action is performed twice.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, badges, materials } = SEED_IDS;
const JOBS = [
  jobs.quoteKitchenTap,
  jobs.quoteHotWater,
  jobs.workOrderBlockedSewer,
  jobs.workOrderBurstPipe,
  jobs.completedCistern,
];

describe('a flaky ServiceM8', () => {
  it('ends every run Succeeded with each action done once', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobCategoryChanged',
      actions: [
        { id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: badges.urgent } },
        { id: 'note', type: 'Job_AddNote', params: { text: 'Chaos check for job {{ job.number }}' } },
        { id: 'service', type: 'Job_AddService', params: { materialUuid: materials[1] ?? '', quantity: 3 } },
        { id: 'email', type: 'Job_SendEmail', params: { subject: 'Chaos {{ job.number }}', body: 'Hello' } },
      ],
    });
    const linesBefore = new Set(h.sim.controls.records('jobmaterial').map((line) => line.uuid));
    h.sim.controls.clearMessages();
    h.sim.controls.addFault({ kind: 'status', status: 429, probability: 0.1 });
    h.sim.controls.addFault({ kind: 'status', status: 503, probability: 0.1 });
    // Writes ServiceM8 carried out whose answer never came: the step must find its own work done.
    h.sim.controls.addFault({ kind: 'lost-response', method: 'POST', path: '/api_1.0/*', probability: 0.05 });
    h.sim.controls.addFault({ kind: 'lost-response', path: '/platform_service_email', probability: 0.15 });

    for (const job of JOBS) {
      const current = h.sim.controls.records('job').find((r) => r.uuid === job)?.category_uuid;
      const other = Object.values(SEED_IDS.categories).find((category) => category !== current);
      h.sim.controls.writeRecord('job', job, { category_uuid: other });
    }
    const runs = await h.settledRuns(triggerId, JOBS.length, 120_000);
    const faultsHit = h.sim.controls.faults().reduce((sum, fault) => sum + fault.hits, 0);
    h.sim.controls.clearFaults();

    expect(faultsHit).toBeGreaterThan(0);
    expect(runs.map((run) => run.status)).toEqual(JOBS.map(() => 'Succeeded'));
    for (const job of JOBS) {
      const record = h.sim.controls.records('job').find((r) => r.uuid === job);
      const number = String(record?.generated_job_id);
      const badgeList = JSON.parse(String(record?.badges)) as string[];
      expect(badgeList.filter((badge) => badge === badges.urgent)).toHaveLength(1);
      const notes = h.sim.controls.records('note').filter((n) => n.note === `Chaos check for job ${number}`);
      expect(notes).toHaveLength(1);
      const lines = h.sim.controls
        .records('jobmaterial')
        .filter((line) => line.job_uuid === job && !linesBefore.has(line.uuid));
      expect(lines).toHaveLength(1);
      expect(h.sim.controls.messages('email').filter((m) => m.subject === `Chaos ${number}`)).toHaveLength(1);
    }
  }, 150_000);
});
