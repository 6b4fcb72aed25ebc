import { type PreviewResult, TriggerDefinition, type TriggerDefinitionInput } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { count, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerRuns } from '../src/modules/automation/automation.schema.ts';
import { previewTrigger } from '../src/modules/automation/runs/preview.service.ts';
import { setAutomationsSuspension } from '../src/modules/vendors/vendors.service.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

/**
 * "Preview on the last 30 days": the changes kept for the business replayed through a definition that
 * is not saved. It lists the runs the engine would have started, when each would have acted and what it
 * would have said, and the changes it would have skipped with why; nothing is sent and ServiceM8 is not
 * asked. The property at the end replays generated histories both ways: previewed after the fact, and
 * lived through with the trigger switched on.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, companies, badges, categories } = SEED_IDS;
const HOUR = 60 * 60 * 1000;

type Definition = Partial<TriggerDefinitionInput> & Pick<TriggerDefinitionInput, 'event'>;

function definitionOf(definition: Definition): TriggerDefinitionInput {
  return { name: 'Previewed', enabled: true, targetKind: 'Job', actions: [], ...definition } as TriggerDefinitionInput;
}

async function preview(definition: Definition, extra: Record<string, unknown> = {}, vendorId = h.vendorId) {
  return h.app.inject({
    method: 'POST',
    url: `/api/vendor/${vendorId}/Trigger/preview`,
    headers: bearer(h.token),
    payload: { definition: definitionOf(definition), ...extra },
  });
}

async function previewed(definition: Definition, extra: Record<string, unknown> = {}): Promise<PreviewResult> {
  const response = await preview(definition, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PreviewResult;
}

const noteAction = (text: string) => ({ id: 'note', type: 'Job_AddNote', params: { text } }) as const;

describe('a preview of an unsaved automation', () => {
  it('lists the runs it would have started, when each would have acted and what it would have said, and sends nothing', async () => {
    await h.advance(60_000);
    await h.change('job', jobs.quoteKitchenTap, { status: 'Completed' });
    await h.advance(60_000);
    await h.change('job', jobs.quoteHotWater, { status: 'Work Order' });
    const callsBefore = h.sim.controls.calls().length;
    const runCount = async () => (await h.deps.database.db.select({ n: count() }).from(triggerRuns))[0]?.n;
    const runsBefore = await runCount();

    const result = await previewed({
      event: 'JobStatusChanged',
      conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Completed' } }] },
      delay: { amount: 2, unit: 'Hour' },
      actions: [noteAction('Thanks {{ client.name }}, job {{ job.number }} is {{ job.status }}.')],
    });

    const run = result.runs.find((item) => item.recordUuid === jobs.quoteKitchenTap);
    expect(run?.jobNumber).toBe('1001');
    expect(run?.clientName).toBe('Emma Ellis');
    // Two hours after the change, by the engine's own delay.
    expect(new Date(run?.actsAt ?? 0).getTime() - new Date(run?.occurredAt ?? 0).getTime()).toBe(2 * HOUR);
    expect(run?.timing).toMatch(/^It would act 2 hours after the event, at /);
    expect(run?.actions).toEqual([
      expect.objectContaining({
        type: 'Job_AddNote',
        label: 'Add a note to the job',
        texts: [{ label: 'Note', text: 'Thanks Emma Ellis, job 1001 is Completed.' }],
        missingMergeFields: [],
        problem: null,
      }),
    ]);
    // The job moved to Work Order is skipped, with the condition and the value found.
    const skip = result.skipped.find((item) => item.recordUuid === jobs.quoteHotWater);
    expect(skip).toMatchObject({ reason: 'conditions', jobNumber: '1002' });
    expect(skip?.explanation).toContain('Work Order');
    expect(result.skippedByReason.conditions).toBeGreaterThanOrEqual(1);
    expect(result.runCount + result.skippedCount).toBe(result.changesWithEvent);
    expect(result.coverage).toMatch(/changes are kept from the day ServiceM8 was connected/);
    expect(result.period.days).toBe(1);

    // Nothing was sent, ServiceM8 was not asked, and no run was made.
    expect(h.sim.controls.calls().length).toBe(callsBefore);
    expect(await runCount()).toEqual(runsBefore);
  });

  it('says which changes it skips for having happened before, and for being the edited automation’s own change', async () => {
    const addsUrgent = await h.createTrigger({
      name: 'Adds urgent',
      event: 'JobBadgesChanged',
      actions: [{ id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: badges.urgent } }],
    });
    await h.advance(60_000);
    await h.change('job', jobs.workOrderBurstPipe, { badges: JSON.stringify([badges.vip]) });
    await h.settledRuns(addsUrgent, 1);
    await h.quiet();

    const edited = await previewed(
      {
        event: 'JobBadgesChanged',
        actions: [{ id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: badges.urgent } }],
      },
      { triggerId: addsUrgent },
    );
    const about = edited.skipped.filter((item) => item.recordUuid === jobs.workOrderBurstPipe);
    expect(about.map((item) => item.reason)).toContain('own-change');
    // The change a person made would have started it.
    expect(edited.runs.some((item) => item.recordUuid === jobs.workOrderBurstPipe)).toBe(true);
    await h.deleteTrigger(addsUrgent);

    // The same change reported again (a repeated delivery) is no new event.
    await h.redeliver(jobs.workOrderBurstPipe, 1);
    const again = await previewed({ event: 'JobBadgesChanged', actions: [noteAction('Badges')] });
    expect(again.runCount + again.skippedCount).toBe(again.changesWithEvent);
  });

  it('an automation that works on jobs does not fit a form filled in on a client', async () => {
    await h.advance(60_000);
    const form = await h.change('formresponse', undefined, {
      form_uuid: SEED_IDS.forms.safety,
      regarding_object: 'company',
      regarding_object_uuid: companies.weiChen,
      staff_uuid: SEED_IDS.staff.plumber,
      field_data: '[]',
    });
    const result = await previewed({ event: 'FormIsSubmitted', actions: [noteAction('Form in')] });
    expect(result.skipped.find((item) => item.recordUuid === form)).toMatchObject({
      reason: 'kind',
      clientName: 'Wei Chen',
    });
  });

  it('refuses a definition whose text cannot be filled in, naming the action', async () => {
    const response = await preview({
      event: 'JobStatusChanged',
      actions: [noteAction('{% for a in (1..100000) %}{% for b in (1..100000) %}x{% endfor %}{% endfor %}')],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/Action 1, “Add a note to the job”/);
  });

  it('says when the business’s automations are suspended now, which would stop every run', async () => {
    await setAutomationsSuspension(h.deps.database.db, h.vendorId, { reason: 'Unpaid account', at: h.clock.now() });
    try {
      const result = await previewed({ event: 'JobStatusChanged', actions: [noteAction('Seen')] });
      expect(result.limits[0]).toBe(
        'Automations are suspended by the Automate team: Unpaid account. While they are, a real run is skipped.',
      );
    } finally {
      await setAutomationsSuspension(h.deps.database.db, h.vendorId, null);
    }
  });

  it('another vendor’s preview is not found', async () => {
    const response = await preview({ event: 'JobStatusChanged' }, {}, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
  });
});

/**
 * Generated histories: two new jobs get the same steps in two twin pairs. The first pair's changes are
 * previewed afterwards with the definition; the second pair lives through them with the definition
 * saved and switched on. The preview must list exactly the runs the engine made: the same job, the same
 * step, acting after the same delay.
 */
const STATUSES = ['Quote', 'Work Order', 'Completed', 'Unsuccessful'] as const;
const BADGES = [badges.urgent, badges.vip] as const;
const CATEGORIES = [categories.plumbing, categories.gasFitting] as const;

const step = fc.record({
  job: fc.integer({ min: 0, max: 1 }),
  change: fc.oneof(
    fc.record({ status: fc.constantFrom(...STATUSES) }),
    fc.record({ badges: fc.subarray([...BADGES]).map((list) => JSON.stringify(list)) }),
    fc.record({ category_uuid: fc.constantFrom(...CATEGORIES) }),
  ),
});

const condition = fc.oneof(
  fc.constantFrom(...STATUSES).map((status) => ({ type: 'JobIsStatus', params: { status } })),
  fc.constantFrom(...BADGES).map((badgeUuid) => ({ type: 'JobHasBadge', params: { badgeUuid } })),
  fc.constantFrom(...CATEGORIES).map((categoryUuid) => ({ type: 'JobIsCategory', params: { categoryUuid } })),
  fc
    .subarray([...STATUSES], { minLength: 1 })
    .map((statuses) => ({ type: 'JobExcludesStatuses', params: { statuses } })),
);

const definition = fc.record({
  event: fc.constantFrom(
    'JobStatusChanged',
    'JobBadgesChanged',
    'JobCategoryChanged',
    'JobCompleted',
    'JobAddedToQuote',
  ),
  conditions: fc.record({
    combiner: fc.constantFrom('And', 'Or'),
    items: fc.array(condition, { maxLength: 2 }),
  }),
  delay: fc.option(fc.record({ amount: fc.integer({ min: 1, max: 3 }), unit: fc.constant('Hour') }), {
    nil: undefined,
  }),
});

/** A definition and history that start runs: every status change, without conditions or delay. */
type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never;
const STARTS_RUNS: { definition: Generated<typeof definition>; steps: Array<Generated<typeof step>> } = {
  definition: { event: 'JobStatusChanged', conditions: { combiner: 'And', items: [] }, delay: undefined },
  steps: [
    { job: 0, change: { status: 'Work Order' } },
    { job: 1, change: { status: 'Completed' } },
  ],
};

describe('what a preview lists is what the engine then does', () => {
  it('for generated change histories, the previewed runs are the runs made with the trigger switched on', async () => {
    let runsMade = 0;
    await fc.assert(
      fc.asyncProperty(definition, fc.array(step, { minLength: 1, maxLength: 6 }), async (generated, steps) => {
        const twin = async () =>
          Promise.all(
            [0, 1].map(() => h.change('job', undefined, { status: 'Quote', company_uuid: companies.emmaEllis })),
          );
        const previewedJobs = await twin();
        const livedJobs = await twin();
        const actions = [noteAction('Seen {{ job.number }}')];
        const triggerId = await h.createTrigger({ ...(generated as Definition), name: 'Lived', actions });
        const stepStarts: number[] = [];
        for (const { job, change } of steps) {
          await h.advance(60_000);
          stepStarts.push(h.clock.now().getTime());
          h.sim.controls.writeRecord('job', previewedJobs[job], change);
          h.sim.controls.writeRecord('job', livedJobs[job], change);
          await h.quiet();
        }
        await h.advance(60_000);
        stepStarts.push(h.clock.now().getTime());
        const stepOf = (at: Date) => stepStarts.findLastIndex((start) => start <= at.getTime());
        const made = await h.deps.database.db.execute(sql`
          select r.job_uuid as "jobUuid", e.occurred_at as "occurredAt", r.due_at as "dueAt"
            from trigger_runs r join automation_events e on e.id = r.event_id
           where r.trigger_id = ${triggerId}`);
        // Only the steps' changes: the jobs' creation came before the trigger was switched on.
        const lived = (made as unknown as { rows: Array<{ jobUuid: string; occurredAt: string; dueAt: string }> }).rows
          .filter((run) => livedJobs.includes(run.jobUuid) && stepOf(new Date(run.occurredAt)) >= 0)
          .map((run) => ({
            job: livedJobs.indexOf(run.jobUuid),
            step: stepOf(new Date(run.occurredAt)),
            delay: new Date(run.dueAt).getTime() - new Date(run.occurredAt).getTime(),
          }));
        await h.deleteTrigger(triggerId);

        // The service itself: the route (tested above) lets a person preview 10 times a minute.
        const result = await previewTrigger(h.deps, h.vendorId, {
          definition: TriggerDefinition.parse(definitionOf({ ...(generated as Definition), actions })),
        });
        const foreseen = result.runs
          .filter((run) => previewedJobs.includes(run.recordUuid) && stepOf(new Date(run.occurredAt)) >= 0)
          .map((run) => ({
            job: previewedJobs.indexOf(run.recordUuid),
            step: stepOf(new Date(run.occurredAt)),
            delay: new Date(run.actsAt).getTime() - new Date(run.occurredAt).getTime(),
          }));
        const order = (list: typeof lived) =>
          [...list].sort((a, b) => a.step - b.step || a.job - b.job).map((run) => JSON.stringify(run));
        expect(order(foreseen)).toEqual(order(lived));
        runsMade += lived.length;
      }),
      {
        numRuns: 12,
        // One history that must start runs, first: twelve generated ones all starting none (rare, but
        // seen) would otherwise fail the check below with nothing wrong.
        examples: [[STARTS_RUNS.definition, STARTS_RUNS.steps]],
      },
    );
    // The histories did start runs: the property is not met by empty lists alone.
    expect(runsMade).toBeGreaterThan(0);
  }, 240_000);
});
