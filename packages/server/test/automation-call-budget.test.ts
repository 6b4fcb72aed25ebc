import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/**
 * What a run costs in ServiceM8 calls, counted by the simulator's call log (GET /__sim/calls): from
 * the change in ServiceM8 to the run's last action. Related records are read only when a condition
 * or a text uses them; staff and the account come from the synced copy.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, badges, companies } = SEED_IDS;
const JOB = jobs.quoteKitchenTap; // job 1001 for Emma Ellis, created by Priya Patel
type Call = { method: string; path: string };

const simUrl = () => h.deps.config.servicem8.apiUrl;

async function forgetCalls(): Promise<void> {
  await fetch(`${simUrl()}/__sim/calls`, { method: 'DELETE' });
}

/** The ServiceM8 API calls since `forgetCalls`, as `METHOD /path`. */
async function apiCalls(): Promise<string[]> {
  const calls = (await (await fetch(`${simUrl()}/__sim/calls`)).json()) as Call[];
  return calls.filter((call) => !call.path.startsWith('/oauth')).map((call) => `${call.method} ${call.path}`);
}

/** Creates the trigger, makes the change in ServiceM8 and answers the run with the calls it took. */
async function runOnce(definition: Parameters<AutomationHarness['createTrigger']>[0], change: Record<string, unknown>) {
  const triggerId = await h.createTrigger(definition);
  await forgetCalls();
  await h.change('job', JOB, change);
  const [run] = await h.settledRuns(triggerId, 1);
  const calls = await apiCalls();
  await h.deleteTrigger(triggerId);
  if (!run) throw new Error('no run');
  return { run, calls };
}

/** The delivery rings for jobs: one list call answers the jobs changed since the newest one seen. */
const jobsListed = 'GET /api_1.0/job.json';

describe('ServiceM8 calls per run', () => {
  const jobRead = jobsListed;
  const noteCreated = 'POST /api_1.0/note.json';

  it('a badge change on a job whose conditions look at the job and whose note names it: 2 calls', async () => {
    const { run, calls } = await runOnce(
      {
        event: 'JobBadgesChanged',
        conditions: { combiner: 'And', items: [{ type: 'JobHasBadge', params: { badgeUuid: badges.vip } }] },
        actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} is VIP now.' } }],
      },
      { badges: JSON.stringify([badges.vip]) },
    );
    expect(run.status).toBe('Succeeded');
    expect(run.steps.at(-1)?.outcome).toBe('Added a note to job 1001: "Job 1001 is VIP now."');
    // The listing that found the change, the note: a run starting at its event acts on that read.
    expect(calls).toEqual([jobRead, noteCreated]);
    // The run counts what matching and executing it asked; the read that found the change is the delivery's.
    expect(run.sm8Calls).toBe(1);
  });

  it('a status change with a condition on the status: 2 calls', async () => {
    const { run, calls } = await runOnce(
      {
        event: 'JobStatusChanged',
        conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Work Order' } }] },
        actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} is a work order.' } }],
      },
      { status: 'Work Order' },
    );
    expect(run.status).toBe('Succeeded');
    expect(calls).toEqual([jobRead, noteCreated]);
    expect(run.sm8Calls).toBe(1);
  });

  it('reads the client for {{ client.name }} and the contacts for an email; staff and the account come from the sync', async () => {
    h.sim.controls.clearMessages();
    const { run, calls } = await runOnce(
      {
        event: 'JobStatusChanged',
        actions: [
          {
            id: 'n',
            type: 'Job_AddNote',
            params: { text: '{{ client.name }} by {{ staff.name }} for {{ vendor.name }} ({{ vendor.website }})' },
          },
          {
            id: 'e',
            type: 'Job_SendEmail',
            params: { subject: 'Job {{ job.number }}', body: 'Hi {{ contact.first_name }}' },
          },
        ],
      },
      { status: 'Quote' },
    );
    expect(run.status).toBe('Succeeded');
    expect(run.steps.find((step) => step.actionId === 'n')?.outcome).toBe(
      'Added a note to job 1001: "Emma Ellis by Priya Patel for Harbour Plumbing & Gas (https://harbourplumbing.example.com)"',
    );
    expect(h.sim.controls.messages('email')).toMatchObject([{ to: 'emma.ellis@example.net', subject: 'Job 1001' }]);
    expect(calls).toEqual([
      jobRead,
      `GET /api_1.0/company/${companies.emmaEllis}.json`,
      noteCreated,
      'GET /api_1.0/jobcontact.json',
      'POST /platform_service_email',
    ]);
    expect(run.sm8Calls).toBe(calls.length - 1);
  });

  it('counts every attempt of a run that was retried', async () => {
    h.sim.controls.addFault({ kind: 'status', status: 503, method: 'POST', path: '/api_1.0/note.json', times: 1 });
    const { run, calls } = await runOnce(
      {
        event: 'JobStatusChanged',
        actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} changed.' } }],
      },
      { status: 'Work Order' },
    );
    expect(run.status).toBe('Succeeded');
    // The failed note, then the retry: it looks for the note it may have added, then adds it.
    expect(calls).toEqual([jobRead, noteCreated, expect.stringMatching(/^GET \/api_1.0\/dbonote\//), noteCreated]);
    expect(run.sm8Calls).toBe(3);
  });
});

describe('a run that does not start at its change', () => {
  it('observes its job again when its delay has passed, with a listing, not a read of the job', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      delay: { amount: 5, unit: 'Minute' },
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Five minutes on: {{ job.number }}.' } }],
    });
    await forgetCalls();
    await h.change('job', JOB, { status: 'Quote' });
    await h.quiet();
    expect(await apiCalls()).toEqual([jobsListed]);
    await h.advance(6 * 60_000);
    const [run] = await h.settledRuns(triggerId, 1);
    await h.deleteTrigger(triggerId);
    expect(run?.status).toBe('Succeeded');
    // One listing answers every run of the business falling due then; each would have read its job.
    expect(await apiCalls()).toEqual([jobsListed, jobsListed, 'POST /api_1.0/note.json']);
  });

  it('sees a change ServiceM8 sent no delivery for, and does not act on the job as it was', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      delay: { amount: 5, unit: 'Minute' },
      conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Work Order' } }] },
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Still a work order: {{ job.number }}.' } }],
    });
    await h.change('job', JOB, { status: 'Work Order' });
    await h.quiet();
    // The job is completed in ServiceM8 and the delivery saying so never comes.
    const job = h.sim.controls.records('job').find((record) => record.uuid === JOB);
    const editedAt = Date.parse(`${String(job?.edit_date).replace(' ', 'T')}Z`) + 1000;
    const editDate = new Date(editedAt).toISOString().slice(0, 19).replace('T', ' ');
    h.sim.controls.seed({ records: { job: [{ ...job, status: 'Completed', edit_date: editDate }] } });
    await forgetCalls();
    await h.advance(6 * 60_000);
    const [run] = await h.settledRuns(triggerId, 1);
    await h.deleteTrigger(triggerId);
    expect(run?.status).not.toBe('Succeeded');
    expect(h.sim.controls.records('note').filter((note) => String(note.note).startsWith('Still a work order'))).toEqual(
      [],
    );
    expect(await apiCalls()).toEqual([jobsListed]);
  });
});

describe('a new job', () => {
  it('is never read on its own: its object delivery and its job.created delivery each ring for jobs, at most a listing each', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobIsCreated',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Welcome job {{ job.number }}.' } }],
    });
    await forgetCalls();
    const jobUuid = await h.change('job', undefined, { status: 'Quote', company_uuid: companies.emmaEllis });
    const [run] = await h.settledRuns(triggerId, 1);
    const calls = (await apiCalls()).filter((call) => !call.startsWith('POST /api_1.0/job.json'));
    await h.deleteTrigger(triggerId);
    expect(run?.status).toBe('Succeeded');
    expect(calls).not.toContain(`GET /api_1.0/job/${jobUuid}.json`);
    // One listing when the second delivery arrived after the first listing began, else two; then the note.
    expect(calls.at(-1)).toBe('POST /api_1.0/note.json');
    expect(calls.slice(0, -1).every((call) => call === jobsListed)).toBe(true);
    expect(calls.length).toBeLessThanOrEqual(3);
  });
});
