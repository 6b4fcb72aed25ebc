import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/**
 * A message step interrupted between sending and recording it: ServiceM8 sends the text but its answer
 * is lost (the connection drops, as when the worker dies waiting), so the step stays Started and the
 * run's next attempt performs it again. The step looks in the job diary with the documented filters
 * only; it sends nothing twice, and when the diary cannot tell it ends Uncertain.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());
beforeEach(() => {
  h.sim.controls.clearFaults();
  h.sim.controls.clearMessages();
  h.sim.controls.clearCalls();
});

const { jobs, categories } = SEED_IDS;
const JOB = jobs.quoteKitchenTap; // job 1001; its job contact's mobile is +61411555201
let flip = false;

async function runText(message: string) {
  const triggerId = await h.createTrigger({
    event: 'JobCategoryChanged',
    actions: [{ id: 'text', type: 'Job_SendText', params: { message } }],
  });
  flip = !flip;
  await h.change('job', JOB, { category_uuid: flip ? categories.drainage : categories.plumbing });
  const [run] = await h.settledRuns(triggerId, 1);
  await h.deleteTrigger(triggerId);
  if (!run) throw new Error('no run');
  return { run, step: run.steps.find((s) => s.kind === 'Action') };
}

const smsSent = (message: string) => h.sim.controls.messages('sms').filter((m) => m.message === message);

describe('a text sent before the run was interrupted', () => {
  it('is found in the job diary after the restart and not sent again: exactly one SMS', async () => {
    h.sim.controls.addFault({ kind: 'lost-response', path: '/platform_service_sms', times: 1 });
    const { run, step } = await runText('Crash check for job {{ job.number }}');

    expect(smsSent('Crash check for job 1001')).toHaveLength(1);
    expect(run.status).toBe('Succeeded');
    expect(step?.status).toBe('Succeeded');
    expect(step?.outcome).toBe('The text to +61411555201 had already been sent.');
    // The diary was read with the documented filters only.
    const diaryReads = h.sim.controls.calls().filter((call) => call.path === '/api_1.0/sms.json');
    expect(diaryReads.length).toBeGreaterThan(0);
    for (const call of diaryReads) {
      expect(new URLSearchParams(call.query).get('$filter')).toBe(
        `related_object_uuid eq '${JOB}' and direction eq 'outbound'`,
      );
      expect(call.warnings).toEqual([]);
    }
  });

  it('is sent when the diary shows it never went out', async () => {
    // The connection drops before ServiceM8 does anything: the diary has no such text.
    h.sim.controls.addFault({ kind: 'disconnect', path: '/platform_service_sms', times: 1 });
    const { run, step } = await runText('Second try for job {{ job.number }}');
    expect(smsSent('Second try for job 1001')).toHaveLength(1);
    expect(run.status).toBe('Succeeded');
    expect(step?.outcome).toBe('Sent the text message to +61411555201; it is in the job diary.');
  });

  it('ends Uncertain, sending nothing again, when ServiceM8 refuses to show the diary', async () => {
    h.sim.controls.addFault({ kind: 'lost-response', path: '/platform_service_sms', times: 1 });
    h.sim.controls.addFault({ kind: 'status', status: 403, path: '/api_1.0/sms.json' });
    const { run, step } = await runText('Refused diary for job {{ job.number }}');

    expect(smsSent('Refused diary for job 1001')).toHaveLength(1);
    expect(step?.status).toBe('Uncertain');
    expect(step?.outcome).toMatch(/^Uncertain — check the job diary: the text message may have gone out/);
    expect(step?.outcome).toContain('it was not sent again');
    expect(run.status).toBe('Succeeded');
    expect(run.reason).toContain('Uncertain — check the job diary');
  });
});

describe('an email sent before the run was interrupted', () => {
  it('is found in the job diary after the restart and not sent again: exactly one email', async () => {
    h.sim.controls.addFault({ kind: 'lost-response', path: '/platform_service_email', times: 1 });
    const triggerId = await h.createTrigger({
      event: 'JobCategoryChanged',
      actions: [
        {
          id: 'mail',
          type: 'JobClient_SendEmail',
          params: { subject: 'Crash check {{ job.number }}', body: 'Your job {{ job.number }} is booked.' },
        },
      ],
    });
    flip = !flip;
    await h.change('job', JOB, { category_uuid: flip ? categories.drainage : categories.plumbing });
    const [run] = await h.settledRuns(triggerId, 1);
    await h.deleteTrigger(triggerId);
    const step = run?.steps.find((s) => s.kind === 'Action');

    expect(h.sim.controls.messages('email').filter((m) => m.subject === 'Crash check 1001')).toHaveLength(1);
    expect(run?.status).toBe('Succeeded');
    expect(step?.outcome).toMatch(/^The email "Crash check 1001" to .+ had already been sent\.$/);
    const diaryReads = h.sim.controls.calls().filter((call) => call.path === '/api_1.0/email.json');
    expect(diaryReads.length).toBeGreaterThan(0);
    for (const call of diaryReads) {
      expect(new URLSearchParams(call.query).get('$filter')).toBe(
        `related_object_uuid eq '${JOB}' and direction eq 'outbound'`,
      );
      expect(call.warnings).toEqual([]);
    }
  });
});
