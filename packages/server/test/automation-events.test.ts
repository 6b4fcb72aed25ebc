import type { TriggerEvent } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../src/modules/automation/automation.repository.ts';
import { matchEvents } from '../src/modules/automation/match/trigger-matching.service.ts';
import { processDelivery } from '../src/modules/automation/observe/event-intake.service.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/**
 * Issue acceptance: for each of the 15 events, a change made in ServiceM8 (the simulator) produces
 * exactly one run of a trigger for that event, and none of a trigger for an event that did not happen.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, companies, queues, categories, badges, staff, forms, formFields } = SEED_IDS;

type Case = {
  event: TriggerEvent;
  /** An event the change does not raise. */
  decoy: TriggerEvent;
  change(): Promise<unknown>;
};

const note = { id: 'note', type: 'Job_AddNote', params: { text: 'Automate saw {{ job.number }}' } } as const;

/** An event of a job's status change stored but not matched, as a process that died in between leaves it. */
const leaveUnmatchedEvent = (occurrenceKey: string, occurredAt: Date) =>
  insertEvent(h.deps.database.db, {
    vendorId: h.vendorId,
    event: 'JobStatusChanged',
    occurrenceKey,
    jobUuid: jobs.quoteKitchenTap,
    source: 'webhook',
    cascadeDepth: 0,
    occurredAt,
  });

const CASES: Case[] = [
  {
    event: 'JobIsCreated',
    decoy: 'ClientIsCreated',
    change: () =>
      h.change('job', undefined, { status: 'Quote', company_uuid: companies.weiChen, job_description: 'New' }),
  },
  {
    event: 'JobStatusChanged',
    decoy: 'JobCompleted',
    change: () => h.change('job', jobs.quoteKitchenTap, { status: 'Unsuccessful' }),
  },
  {
    event: 'JobCategoryChanged',
    decoy: 'JobStatusChanged',
    change: () => h.change('job', jobs.workOrderGasSafetyCheck, { category_uuid: categories.drainage }),
  },
  {
    event: 'JobIsScheduled',
    decoy: 'JobCompleted',
    change: () =>
      h.change('jobactivity', undefined, {
        job_uuid: jobs.workOrderBlockedSewer,
        staff_uuid: staff.plumber,
        start_date: '2026-12-01 09:00:00',
        end_date: '2026-12-01 11:00:00',
        activity_was_scheduled: 1,
      }),
  },
  {
    event: 'JobCompleted',
    decoy: 'JobAddedToQuote',
    change: () => h.change('job', jobs.workOrderBurstPipe, { status: 'Completed' }),
  },
  {
    event: 'JobAddedToQueue',
    decoy: 'JobBadgesChanged',
    change: () => h.change('job', jobs.workOrderBlockedSewer, { queue_uuid: queues.partsOnOrder }),
  },
  {
    event: 'JobAddedToQuote',
    decoy: 'JobCompleted',
    change: () => h.change('job', jobs.unsuccessfulGasLeak, { status: 'Quote' }),
  },
  {
    event: 'JobQuoteSent',
    decoy: 'JobInvoiceSent',
    change: () => h.change('job', jobs.quoteHotWater, { quote_sent: 1 }),
  },
  {
    event: 'JobQuoteApproved',
    decoy: 'JobQuoteSent',
    change: async () => {
      const [job] = h.sim.controls.records('job').filter((record) => record.uuid === jobs.quoteDrainCctv);
      h.sim.controls.raiseEvent('job.quote_accepted', { ...job });
      await h.quiet();
    },
  },
  {
    event: 'JobInvoiceSent',
    decoy: 'JobInvoiceApproved',
    change: () => h.change('job', jobs.completedBackflowTest, { invoice_sent: 1 }),
  },
  {
    event: 'JobInvoiceApproved',
    decoy: 'JobInvoiceSent',
    change: () => h.change('job', jobs.completedCistern, { payment_received: 1 }),
  },
  {
    event: 'JobPaymentMade',
    decoy: 'JobInvoiceSent',
    change: () =>
      h.change('jobpayment', undefined, {
        job_uuid: jobs.workOrderBurstPipe,
        amount: '150.00',
        method: 'Cash',
        timestamp: '2026-11-22 10:00:00',
      }),
  },
  {
    event: 'ClientIsCreated',
    // Not JobIsCreated: the job this trigger creates for the client is rightly a JobIsCreated event.
    decoy: 'JobPaymentMade',
    change: () => h.change('company', undefined, { name: 'Paddington Bakery' }),
  },
  {
    event: 'JobBadgesChanged',
    decoy: 'JobAddedToQueue',
    change: () => h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.urgent]) }),
  },
  {
    event: 'FormIsSubmitted',
    decoy: 'ClientIsCreated',
    change: () =>
      h.change('formresponse', undefined, {
        form_uuid: forms.safety,
        regarding_object: 'job',
        regarding_object_uuid: jobs.workOrderGasSafetyCheck,
        staff_uuid: staff.plumber,
        field_data: JSON.stringify([{ field_uuid: formFields[0], name: 'Area safe', value: 'Yes' }]),
      }),
  },
];

/** A client event has no job: its trigger creates one for the client instead of noting on the job. */
const actionsOn = (event: TriggerEvent) =>
  event === 'ClientIsCreated'
    ? [{ id: 'job', type: 'JobClient_CreateJob', params: { status: 'Quote', description: 'Welcome visit' } } as const]
    : [note];
const targetOf = (event: TriggerEvent) => (event === 'ClientIsCreated' ? 'Client' : 'Job');

describe('events from ServiceM8 changes', () => {
  it.each(CASES)(
    '$event: the change runs its trigger once, and not the $decoy trigger',
    async ({ event, decoy, change }) => {
      const triggerId = await h.createTrigger({ event, targetKind: targetOf(event), actions: actionsOn(event) });
      const decoyId = await h.createTrigger({ event: decoy, targetKind: targetOf(decoy), actions: actionsOn(decoy) });
      await change();
      const [run, ...others] = await h.settledRuns(triggerId, 1);
      expect(others).toEqual([]);
      expect(run?.event).toBe(event);
      expect(run?.status).toBe('Succeeded');
      expect(await h.runsOf(decoyId)).toEqual([]);
      // Both are switched off so the next case starts from a quiet account.
      for (const id of [triggerId, decoyId]) await h.deleteTrigger(id);
    },
  );

  it('derives one JobQuoteApproved from the quote_accepted event and the status change it brings', async () => {
    const triggerId = await h.createTrigger({ event: 'JobQuoteApproved', actions: [note] });
    const [job] = h.sim.controls.records('job').filter((record) => record.uuid === jobs.quoteKitchenTap);
    await h.change('job', jobs.quoteKitchenTap, { status: 'Quote' });
    h.sim.controls.raiseEvent('job.quote_accepted', { ...job });
    await h.change('job', jobs.quoteKitchenTap, { status: 'Work Order' });
    const runs = await h.settledRuns(triggerId, 1);
    expect(runs.map((run) => run.status)).toEqual(['Succeeded']);
    await h.deleteTrigger(triggerId);
  });

  it('runs a trigger once when the same delivery arrives five more times', async () => {
    const triggerId = await h.createTrigger({ event: 'JobBadgesChanged', actions: [note] });
    await h.change('job', jobs.completedHotWater, { badges: JSON.stringify([badges.vip]) });
    await h.redeliver(jobs.completedHotWater, 5);
    const runs = await h.settledRuns(triggerId, 1);
    expect(runs.map((run) => run.status)).toEqual(['Succeeded']);
    await h.deleteTrigger(triggerId);
  });

  it('catches a change whose webhook never arrived through reconciliation', async () => {
    const triggerId = await h.createTrigger({ event: 'JobCategoryChanged', actions: [note] });
    await h.changeSilently('job', jobs.quoteHotWater, { category_uuid: categories.maintenance });
    const runs = await h.settledRuns(triggerId, 1);
    expect(runs.map((run) => run.status)).toEqual(['Succeeded']);
    // Reconciling again finds nothing new.
    await h.changeSilently('job', jobs.quoteHotWater, {});
    expect(await h.settledRuns(triggerId, 1)).toHaveLength(1);
    await h.deleteTrigger(triggerId);
  });

  it('matches the events a stopped process stored but never matched, when its delivery is retried', async () => {
    const triggerId = await h.createTrigger({ event: 'JobStatusChanged', actions: [note] });
    // What a process leaves when it dies between storing a change's event and matching it: the event
    // without runs, and a snapshot that already shows the change (so reading the record again finds nothing).
    const now = h.clock.now();
    await leaveUnmatchedEvent(`left-by-a-crash-${jobs.quoteKitchenTap}`, new Date(now.getTime() - 60_000));
    const delivery = { kind: 'object' as const, object: 'job', uuids: [jobs.quoteKitchenTap] };
    await processDelivery(h.deps, { vendorId: h.vendorId, notice: delivery, receivedAt: now });
    await h.quiet();
    expect(await h.runsOf(triggerId)).toEqual([]);

    await processDelivery(h.deps, { vendorId: h.vendorId, notice: delivery, receivedAt: now, retried: true });
    const runs = await h.settledRuns(triggerId, 1);
    expect(runs.map((run) => [run.status, run.jobUuid])).toEqual([['Succeeded', jobs.quoteKitchenTap]]);
    await h.deleteTrigger(triggerId);
  });

  it('matches a moment-old leftover at once on the embedded database, where it can only be a dead process’s', async () => {
    const triggerId = await h.createTrigger({ event: 'JobStatusChanged', actions: [note] });
    // Stored a second before this process started: on PostgreSQL another live process may still be
    // matching it; the embedded database has no other process.
    const now = h.clock.now();
    await leaveUnmatchedEvent(`left-a-moment-ago-${jobs.quoteKitchenTap}`, new Date(now.getTime() - 1_000));
    const restarted = { ...h.deps, startedAt: now };
    const delivery = { kind: 'object' as const, object: 'job', uuids: [jobs.quoteKitchenTap] };
    await processDelivery(restarted, { vendorId: h.vendorId, notice: delivery, receivedAt: now, retried: true });

    if (h.deps.database.driver === 'pglite') {
      const runs = await h.settledRuns(triggerId, 1);
      expect(runs.map((run) => [run.status, run.jobUuid])).toEqual([['Succeeded', jobs.quoteKitchenTap]]);
    } else {
      await h.quiet();
      expect(await h.runsOf(triggerId)).toEqual([]);
    }
    await h.deleteTrigger(triggerId);
  });

  it('matches an event once when two processes plan it: the one that matches second stores no runs', async () => {
    // Two retried deliveries can both list what a killed worker left. If an automation is switched on
    // between their plans, the second would give it runs for changes made before it existed.
    const first = await h.createTrigger({
      event: 'JobStatusChanged',
      delay: { amount: 1, unit: 'Day' },
      actions: [note],
    });
    const event = await leaveUnmatchedEvent(
      `planned-by-two-processes-${jobs.quoteKitchenTap}`,
      new Date(h.clock.now().getTime() - 60_000),
    );
    if (!event) throw new Error('the event was not stored');
    await matchEvents(h.deps, [{ event, fresh: [] }]);
    const later = await h.createTrigger({
      event: 'JobStatusChanged',
      delay: { amount: 1, unit: 'Day' },
      actions: [note],
    });
    await matchEvents(h.deps, [{ event, fresh: [] }]);

    expect((await h.runsOf(first)).map((run) => run.status)).toEqual(['Scheduled']);
    expect(await h.runsOf(later)).toEqual([]);
    for (const id of [first, later]) await h.deleteTrigger(id);
  });

  it('matches every event a stopped process left, beyond a page of them, at the first retried delivery', async () => {
    // A worker killed while it stored a burst's observation leaves hundreds; none may wait for the sweep.
    const triggerId = await h.createTrigger({
      event: 'JobStatusChanged',
      delay: { amount: 1, unit: 'Day' },
      actions: [note],
    });
    const now = h.clock.now();
    const LEFT = 150;
    for (let i = 0; i < LEFT; i++) {
      await leaveUnmatchedEvent(`left-by-a-crash-in-a-burst-${i}`, new Date(now.getTime() - 60_000));
    }
    const delivery = { kind: 'object' as const, object: 'job', uuids: [jobs.quoteKitchenTap] };
    await processDelivery(h.deps, { vendorId: h.vendorId, notice: delivery, receivedAt: now, retried: true });

    const runs = await h.runsOf(triggerId);
    expect(runs).toHaveLength(LEFT);
    expect(new Set(runs.map((run) => run.status))).toEqual(new Set(['Scheduled']));
    await h.deleteTrigger(triggerId);
  });
});
