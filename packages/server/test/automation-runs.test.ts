import { type DryRunResult, formatBusinessTime, type TriggerDefinitionInput } from '@automate/contract';
import { DEMO_TIME_ZONE, SEED_IDS } from '@automate/servicem8-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIQUID_LIMITS } from '../src/engine/messages/liquid-engine.ts';
import type { MergeValues } from '../src/engine/messages/merge-values.ts';
import { renderMergeText } from '../src/engine/messages/render-merge-text.ts';
import { upsertSubscription } from '../src/modules/billing/billing.repository.ts';
import { vendorSubscriptions } from '../src/modules/billing/billing.schema.ts';
import { insertPlanWithPrices } from '../src/modules/billing/plans.service.ts';
import { vendors } from '../src/modules/vendors/vendors.schema.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';
import { waitFor } from './support/wait-for.ts';

/** Delays on a controllable clock, the re-check before running, cancelling, and the dry run. */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, badges, companies, forms, formResponses } = SEED_IDS;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const followUp: TriggerDefinitionInput = {
  name: 'Quote follow-up',
  enabled: true,
  targetKind: 'Job',
  event: 'JobQuoteSent',
  conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Quote' } }] },
  delay: { amount: 3, unit: 'Day' },
  actions: [
    {
      id: 'chase',
      type: 'Job_SendEmail',
      params: { subject: 'Your quote {{ job.number }}', body: 'Hi {{ contact.first_name }}, any questions?' },
    },
  ],
};

describe('delayed runs', () => {
  it('skips a 3-day quote follow-up with the reason when the quote is approved before it is due, and sends the other', async () => {
    const triggerId = await h.createTrigger(followUp);
    await h.change('job', jobs.quoteHotWater, { quote_sent: 1 });
    await h.change('job', jobs.quoteDrainCctv, { quote_sent: 1 });
    const scheduled = await h.settledRuns(triggerId, 2);
    expect(scheduled.map((run) => run.status)).toEqual(['Scheduled', 'Scheduled']);
    const due = new Date(scheduled[0]?.dueAt ?? 0).getTime() - h.clock.now().getTime();
    expect(due).toBeGreaterThan(3 * DAY - 5 * MINUTE);
    expect(due).toBeLessThanOrEqual(3 * DAY + 2 * 60 * MINUTE); // a daylight-saving change may add an hour

    await h.change('job', jobs.quoteHotWater, { status: 'Work Order' }); // the client accepted job 1002
    h.sim.controls.clearMessages();
    await h.advance(3 * DAY + 2 * 60 * MINUTE);
    const runs = await h.settledRuns(triggerId, 2);

    const approved = runs.find((run) => run.jobNumber === '1002');
    expect(approved).toMatchObject({ status: 'Skipped' });
    expect(approved?.reason).toBe('Skipped: job 1002 is no longer in status Quote (it is Work Order).');
    expect(approved?.steps.filter((step) => step.kind === 'Action')).toEqual([]);

    const waiting = runs.find((run) => run.jobNumber === '1003');
    expect(waiting).toMatchObject({ status: 'Succeeded' });
    expect(h.sim.controls.messages('email').map((m) => m.subject)).toEqual(['Your quote 1003']);
    await h.deleteTrigger(triggerId);
  });

  it('runs a trigger that opted out of the re-check even when its conditions no longer hold', async () => {
    const triggerId = await h.createTrigger({
      ...followUp,
      recheckBeforeRun: false,
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Hour' },
      conditions: { combiner: 'And', items: [{ type: 'JobHasBadge', params: { badgeUuid: badges.urgent } }] },
    });
    await h.change('job', jobs.completedBackflowTest, { badges: JSON.stringify([badges.warranty, badges.urgent]) });
    // No longer urgent: this change starts no run, and the first one runs without asking again.
    await h.change('job', jobs.completedBackflowTest, { badges: JSON.stringify([badges.warranty]) });
    await h.advance(61 * MINUTE);
    const runs = await h.settledRuns(triggerId, 1);
    expect(runs[0]?.status).toBe('Succeeded');
    await h.deleteTrigger(triggerId);
  });

  it('starts a delayed run at its due time by its own timed job, without waiting for the minute’s dispatcher', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Minute' },
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'On time for job {{ job.number }}' } }],
    });
    await h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.urgent]) });
    const [scheduled] = await h.settledRuns(triggerId, 1);
    expect(scheduled?.status).toBe('Scheduled');

    // Due now, and nothing dispatches: the run's own job starts within a poll (5 s at most, the wait's limit).
    await h.advance(MINUTE, { dispatch: false });
    await waitFor(
      () => h.runsOf(triggerId),
      (runs) => runs[0]?.status === 'Succeeded',
      'the delayed run to start at its due time',
      5_000,
    );
    await h.deleteTrigger(triggerId);
  });

  it('says when a delayed run’s actions are due, on the business’s clock, and that its conditions were checked again before it ran', async () => {
    const triggerId = await h.createTrigger({
      name: 'Urgent job completed',
      event: 'JobCompleted',
      conditions: { combiner: 'And', items: [{ type: 'JobHasBadge', params: { badgeUuid: badges.urgent } }] },
      delay: { amount: 1, unit: 'Minute' },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Urgent job {{ job.number }} completed.' } }],
    });
    await h.change('job', jobs.workOrderBlockedSewer, { status: 'Completed' });
    const [scheduled] = await h.settledRuns(triggerId, 1);
    expect(scheduled?.status).toBe('Scheduled');
    // The connected account's zone, named.
    const due = formatBusinessTime(scheduled?.dueAt ?? '', DEMO_TIME_ZONE);
    expect(due).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d\d [ap]m AE[DS]T$/);
    expect(scheduled?.steps.map((step) => [step.kind, step.status, step.outcome])).toEqual([
      ['Conditions', 'Succeeded', `A job is completed: The condition holds. The actions are due ${due}.`],
    ]);

    await h.advance(MINUTE + 1000);
    const [run] = await h.settledRuns(triggerId, 1);
    expect(run?.status).toBe('Succeeded');
    expect(run?.steps.map((step) => [step.kind, step.status, step.outcome])).toEqual([
      ['Conditions', 'Succeeded', `A job is completed: The condition holds. The actions are due ${due}.`],
      ['Conditions', 'Succeeded', 'Checked again before running: The condition holds.'],
      ['Action', 'Succeeded', 'Added a note to job 1004: "Urgent job 1004 completed."'],
    ]);
    await h.deleteTrigger(triggerId);
  });

  it('does not run a scheduled run that was cancelled, and says who cancelled it', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Hour' },
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Should never be written' } }],
    });
    await h.change('job', jobs.completedCistern, { badges: JSON.stringify([badges.vip]) });
    const [run] = await h.settledRuns(triggerId, 1);
    const cancelled = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/Trigger/runs/${run?.id}/cancel`,
      headers: bearer(h.token),
    });
    expect(cancelled.statusCode).toBe(200);
    await h.advance(2 * 60 * MINUTE);
    const [after] = await h.settledRuns(triggerId, 1);
    expect(after).toMatchObject({ status: 'Cancelled' });
    expect(after?.reason).toMatch(/^Cancelled by /);
    expect(h.sim.controls.records('note').some((n) => n.note === 'Should never be written')).toBe(false);
    await h.deleteTrigger(triggerId);
  });
});

describe('guard rails', () => {
  it('stops a chain of automations at depth 3', async () => {
    const { queues } = SEED_IDS;
    const queueOnStatus = await h.createTrigger({
      event: 'JobStatusChanged',
      actions: [{ id: 'q', type: 'Job_AddToQueue', params: { queueUuid: queues.awaitingApproval } }],
    });
    const badgeOnQueue = await h.createTrigger({
      event: 'JobAddedToQueue',
      actions: [{ id: 'b', type: 'Job_AddBadge', params: { badgeUuid: badges.invoiceOverdue } }],
    });
    const statusOnBadge = await h.createTrigger({
      event: 'JobBadgesChanged',
      actions: [{ id: 's', type: 'Job_ChangeStatus', params: { status: 'Completed' } }],
    });
    // A person changes the status (depth 0) → queue (1) → badge (2) → status (3): the chain stops there.
    await h.change('job', jobs.workOrderGasSafetyCheck, { status: 'Unsuccessful' });
    const [first] = await h.settledRuns(queueOnStatus, 1);
    const [second] = await h.settledRuns(badgeOnQueue, 1);
    const [third] = await h.settledRuns(statusOnBadge, 1);
    await h.quiet();
    expect([first?.cascadeDepth, second?.cascadeDepth, third?.cascadeDepth]).toEqual([0, 1, 2]);
    expect([first?.status, second?.status, third?.status]).toEqual(['Succeeded', 'Succeeded', 'Succeeded']);
    expect(h.sim.controls.records('job').find((job) => job.uuid === jobs.workOrderGasSafetyCheck)?.status).toBe(
      'Completed',
    );
    expect(await h.settledRuns(queueOnStatus, 1)).toHaveLength(1);
    for (const id of [queueOnStatus, badgeOnQueue, statusOnBadge]) await h.deleteTrigger(id);
  });

  it('records the runs of a vendor whose subscription is not active as Skipped, with the reason', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Unpaid' } }],
    });
    await h.deps.database.db.update(vendors).set({ subscriptionActive: false }).where(eq(vendors.id, h.vendorId));
    await h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.vip]) });
    const [run] = await h.settledRuns(triggerId, 1);
    expect([run?.status, run?.reason]).toEqual(['Skipped', 'Your subscription is not active.']);
    expect(h.sim.controls.records('note').filter((note) => note.note === 'Unpaid')).toEqual([]);
    await h.deps.database.db.update(vendors).set({ subscriptionActive: true }).where(eq(vendors.id, h.vendorId));
    await h.deleteTrigger(triggerId);
  });

  /** Puts the harness's vendor on a plan with these limits, for the length of `body`. */
  async function onPlan(
    limits: { runsPerMonth: number; messagesPerMonth: number },
    body: () => Promise<void>,
    standing: { status: string; pastDueSince: Date | null } = { status: 'active', pastDueSince: null },
  ) {
    const db = h.deps.database.db;
    const plan = await insertPlanWithPrices(db, {
      name: 'Tiny',
      monthlyPriceCents: 100,
      yearlyPriceCents: 1000,
      limits: { activeTriggers: 5, webAddressDeliveriesPerDay: 100, ...limits },
    });
    const now = h.deps.clock.now();
    await upsertSubscription(db, {
      stripeSubscriptionId: `sub_quota_${plan.id}`,
      vendorId: h.vendorId,
      planId: plan.id,
      planPriceId: null,
      ...standing,
      currentPeriodStart: new Date(now.getTime() - 86_400_000),
      currentPeriodEnd: new Date(now.getTime() + 29 * 86_400_000),
      cancelAtPeriodEnd: false,
      trialEnd: null,
      endedAt: null,
      startedAt: new Date(now.getTime() - 86_400_000),
      updatedAt: now,
    });
    try {
      await body();
    } finally {
      await db.delete(vendorSubscriptions).where(eq(vendorSubscriptions.vendorId, h.vendorId));
    }
  }

  it('skips the runs past the plan’s monthly quota with a reason that names the limit', async () => {
    await onPlan({ runsPerMonth: 1, messagesPerMonth: 10 }, async () => {
      const triggerId = await h.createTrigger({
        event: 'JobBadgesChanged',
        actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Within quota' } }],
      });
      await h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.warranty]) });
      await h.settledRuns(triggerId, 1);
      await h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.vip]) });
      const runs = await h.settledRuns(triggerId, 2);
      expect(runs.map((run) => [run.status, run.reason]).sort()).toEqual([
        [
          'Skipped',
          "Your Tiny plan allows 1 automation run a month, and this period's are used up: the run was skipped. Change plan to run more.",
        ],
        ['Succeeded', null],
      ]);
      await h.deleteTrigger(triggerId);
    });
  });

  it('keeps a run scheduled before the automations paused waiting, and runs it once the vendor pays', async () => {
    const db = h.deps.database.db;
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      delay: { amount: 1, unit: 'Hour' },
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Waited for the payment' } }],
    });
    await h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.urgent, badges.vip]) });
    const [scheduled] = await h.runsOf(triggerId);
    expect(scheduled?.status).toBe('Scheduled');
    // Past due for nearly the whole grace: half an hour after the run was scheduled, automations pause.
    const pastDueSince = new Date(h.deps.clock.now().getTime() - 7 * 86_400_000 + 30 * MINUTE);
    await onPlan(
      { runsPerMonth: 100, messagesPerMonth: 100 },
      async () => {
        await h.advance(31 * MINUTE, { dispatch: false });
        await db.update(vendors).set({ subscriptionActive: false }).where(eq(vendors.id, h.vendorId));
        await h.advance(30 * MINUTE);
        const [waiting] = await waitFor(
          () => h.runsOf(triggerId),
          ([run]) => run?.status === 'Scheduled' && run.reason !== null,
          'the run to wait for the payment',
        );
        expect(waiting?.reason).toMatch(
          /^Waiting: the subscription is not active\. The run goes ahead once it is paid, until /,
        );
        expect(h.sim.controls.records('note').filter((note) => note.note === 'Waited for the payment')).toEqual([]);

        // Paid: Stripe's events make the subscription active again.
        await db
          .update(vendorSubscriptions)
          .set({ status: 'active', pastDueSince: null })
          .where(eq(vendorSubscriptions.vendorId, h.vendorId));
        await db.update(vendors).set({ subscriptionActive: true }).where(eq(vendors.id, h.vendorId));
        await h.advance(61 * MINUTE);
        const [run] = await h.settledRuns(triggerId, 1);
        expect(run?.status).toBe('Succeeded');
        expect(h.sim.controls.records('note').filter((note) => note.note === 'Waited for the payment')).toHaveLength(1);
      },
      { status: 'past_due', pastDueSince },
    );
    await h.deleteTrigger(triggerId);
  });

  it('skips a run whose texts would pass the plan’s emails and texts a month, and sends none', async () => {
    await onPlan({ runsPerMonth: 100, messagesPerMonth: 0 }, async () => {
      const before = h.sim.controls.messages('sms').length;
      const triggerId = await h.createTrigger({
        event: 'JobBadgesChanged',
        actions: [{ id: 't', type: 'Job_SendText', params: { message: 'We are on our way' } }],
      });
      await h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.urgent]) });
      const [run] = await h.settledRuns(triggerId, 1);
      expect([run?.status, run?.reason]).toEqual([
        'Skipped',
        'Your Tiny plan allows 0 emails and text messages a month, and this run would send more than this period has left: the run was skipped. Change plan to send more.',
      ]);
      expect(h.sim.controls.messages('sms').length).toBe(before);
      await h.deleteTrigger(triggerId);
    });
  });
});

describe('the dry run', () => {
  it('shows which condition fails on a job and what each action would do, without doing it', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobCompleted',
      conditions: {
        combiner: 'And',
        items: [
          { type: 'JobHasBadge', params: { badgeUuid: badges.warranty } },
          { type: 'JobIsStatus', params: { status: 'Completed' } },
        ],
      },
      actions: [
        { id: 'n', type: 'Job_AddNote', params: { text: 'Warranty job {{ job.number }} done' } },
        {
          id: 'e',
          type: 'Job_SendEmail',
          params: { subject: 'Thanks {{ contact.first_name }}', body: 'Done. {{ job.po_number }}' },
        },
      ],
    });
    const notesBefore = h.sim.controls.records('note').length;
    h.sim.controls.clearMessages();
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/${triggerId}/dryrun`,
      headers: bearer(h.token),
      payload: { jobUuid: jobs.quoteKitchenTap },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().data as DryRunResult;
    expect(result.wouldRun).toBe(false);
    expect(
      result.conditions.kind === 'group' && result.conditions.items.map((item) => [item.result, item.reason]),
    ).toEqual([
      [false, 'The job has the badge Warranty? no: it has Quote Follow-up.'],
      [false, "The job's status is Completed? no: it is Quote."],
    ]);
    expect(result.actions.map((action) => action.description)).toEqual([
      'Add a note to job 1001: "Warranty job 1001 done"',
      'Email Emma Ellis <emma.ellis@example.net>: "Thanks Emma"',
    ]);
    expect(result.missingMergeFields).toEqual(['job.po_number']);
    expect(h.sim.controls.records('note')).toHaveLength(notesBefore);
    expect(h.sim.controls.messages()).toEqual([]);
    await h.deleteTrigger(triggerId);
  });

  const dryRun = (payload: object) =>
    h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/dryrun`,
      headers: bearer(h.token),
      payload,
    });

  it('tests a client event on a client picked by the client, which has no job', async () => {
    const definition: TriggerDefinitionInput = {
      name: 'Welcome',
      enabled: false,
      event: 'ClientIsCreated',
      targetKind: 'Client',
      conditions: { combiner: 'And', items: [{ type: 'ClientHasBadge', params: { badgeUuid: badges.vip } }] },
      actions: [{ id: 'hi', type: 'JobClient_SendText', params: { message: 'Welcome, {{ client.name }}!' } }],
    };
    const vip = await dryRun({ clientUuid: companies.harboursidePropertyManagement, definition });
    expect(vip.statusCode, vip.body).toBe(200);
    const result = vip.json().data as DryRunResult;
    expect(result.wouldRun).toBe(true);
    expect(result.actions).toEqual([
      expect.objectContaining({
        problem: null,
        description: expect.stringContaining('Welcome, Harbourside Property Management!'),
      }),
    ]);

    const other = (await dryRun({ clientUuid: companies.bondiBeachCafe, definition })).json().data as DryRunResult;
    expect(other.wouldRun).toBe(false);

    const nothing = await dryRun({ definition });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual({
      jobUuid: ['Pick a job, client or submitted form to test the trigger on.'],
    });

    const missing = await dryRun({ clientUuid: '00000000-0000-4000-8000-000000000000', definition });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The client 00000000-0000-4000-8000-000000000000 in ServiceM8 was not found.');
  });

  it('tests a form event on a submitted form, with the job it was filled in on', async () => {
    const definition: TriggerDefinitionInput = {
      name: 'Survey note',
      enabled: false,
      event: 'FormIsSubmitted',
      targetKind: 'Form',
      conditions: { combiner: 'And', items: [{ type: 'FormIsType', params: { formUuid: forms.satisfaction } }] },
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Survey back for job {{ job.number }}' } }],
    };
    const survey = await dryRun({ formResponseUuid: formResponses[1], definition });
    expect(survey.statusCode, survey.body).toBe(200);
    const result = survey.json().data as DryRunResult;
    expect(result.wouldRun).toBe(true);
    expect(result.actions.map((action) => action.description)).toEqual([
      expect.stringMatching(/^Add a note to job (\d+): "Survey back for job \1"$/),
    ]);

    const safety = (await dryRun({ formResponseUuid: formResponses[0], definition })).json().data as DryRunResult;
    expect(safety.wouldRun).toBe(false);
  });

  const LOOPS =
    '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}x{% endfor %}{% endfor %}{% endfor %}';
  const draft = (actions: TriggerDefinitionInput['actions']): TriggerDefinitionInput => ({
    name: 'Draft',
    enabled: false,
    event: 'JobIsCreated',
    targetKind: 'Job',
    actions,
  });

  it('refuses a text whose loops inside loops would keep the server busy, with 400 and the action it is in', async () => {
    const note = { id: 'n', type: 'Job_AddNote', params: { text: 'Job {{ job.number }}' } } as const;
    const email = { id: 'e', type: 'Job_SendEmail', params: { subject: 'Hi', body: LOOPS } } as const;
    const response = await dryRun({ jobUuid: jobs.quoteKitchenTap, definition: draft([note, email]) });
    expect(response.statusCode, response.body).toBe(400);
    const sentence =
      'Action 2, “Email the job contact”: The text cannot be filled in: filling it in takes too long; loops inside loops repeat it too often.';
    expect(response.json()).toMatchObject({ message: sentence, errors: { 'definition.actions.1': [sentence] } });
  });

  it('stops filling in texts once all of a test’s texts took their share of time, however many actions it has', async () => {
    // A text that takes between a third and two thirds of one text's limit to fill in (the fastest of five
    // tries, so the machine at its quickest), twenty times over: each alone is within its limit, together
    // they take over three times the share of time all of a test's texts get, so a test still runs out of
    // its share when the machine is faster during the test than while the text was sized.
    const loop = (n: number) =>
      `{% for i in (1..${n}) %}{% for j in (1..100) %}{{ job.number }}{% endfor %}{% endfor %}`;
    const fastest = (text: string) =>
      Math.min(
        ...[1, 2, 3, 4, 5].map(() => {
          const started = performance.now();
          try {
            renderMergeText(text, { 'job.number': '1001' } as MergeValues);
          } catch {
            return Number.POSITIVE_INFINITY; // over one text's limit on a busy moment: big enough
          }
          return performance.now() - started;
        }),
      );
    let size = 1;
    while (fastest(loop(size * 2)) < LIQUID_LIMITS.renderLimit / 3) size *= 2;
    const actions = Array.from({ length: 20 }, (_, i) => ({
      id: `n${i}`,
      type: 'Job_AddNote' as const,
      params: { text: loop(size * 2) },
    }));
    const response = await dryRun({ jobUuid: jobs.quoteKitchenTap, definition: draft(actions) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(
      /^Action \d+, “Add a note to the job”: The text cannot be filled in: filling it in takes too long/,
    );
  });

  it('lets a person test at most 30 times a minute, then answers 429 saying when to try again', async () => {
    const definition = draft([{ id: 't', type: 'Job_SendText', params: { message: 'Hi' } }]);
    const asUser = () =>
      h.app.inject({
        method: 'POST',
        url: `/api/vendor/${h.vendorId}/Trigger/dryrun`,
        headers: bearer(h.userToken),
        payload: { jobUuid: jobs.quoteKitchenTap, definition },
      });
    for (let i = 0; i < 30; i++) expect((await asUser()).statusCode).toBe(200);
    const refused = await asUser();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^You can test triggers 30 times a minute\. Wait (1 minute|\d+ seconds?) and try again\.$/,
      ),
    });
    // Someone else of the business still can.
    expect((await dryRun({ jobUuid: jobs.quoteKitchenTap, definition })).statusCode).toBe(200);
  });

  it('tests an unsaved definition, and answers 404 for a job ServiceM8 does not have', async () => {
    const definition = {
      name: 'Draft',
      enabled: false,
      event: 'JobIsCreated',
      targetKind: 'Job',
      actions: [{ id: 't', type: 'Job_SendText', params: { message: 'Hi' } }],
    };
    const ok = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/dryrun`,
      headers: bearer(h.token),
      payload: { jobUuid: jobs.quoteKitchenTap, definition },
    });
    expect(ok.json().data).toMatchObject({ wouldRun: true, actions: [{ problem: null }] });
    const missing = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/dryrun`,
      headers: bearer(h.token),
      payload: { jobUuid: '00000000-0000-4000-8000-000000000000', definition },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The job 00000000-0000-4000-8000-000000000000 in ServiceM8 was not found.');
  });
});
