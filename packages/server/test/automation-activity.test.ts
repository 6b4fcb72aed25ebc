import type { ActivityAutomation, ActivityEntry, ActivityPage, TriggerEvent } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetOldActivityJob } from '../src/modules/automation/automation.jobs.ts';
import { vendors } from '../src/modules/vendors/vendors.schema.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

/**
 * Automation › Activity: every change ServiceM8 reports is listed with what it changed, its events and,
 * for each automation listening to one, the run it started or why it did not run. Each reason comes
 * from a change made in the simulator to produce it.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, companies, badges, queues, categories, forms, formFields, staff } = SEED_IDS;

async function activity(query: Record<string, string> = {}): Promise<ActivityPage> {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/vendor/${h.vendorId}/Trigger/changes?${new URLSearchParams(query)}`,
    headers: bearer(h.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ActivityPage;
}

/** The newest entry about the record, and the automation of `triggerId` listening to its `event`. */
async function latestAbout(recordUuid: string, event: TriggerEvent, triggerId: string) {
  const { items } = await activity({ PageSize: '100' });
  const entry = items.find((item) => item.recordUuid === recordUuid);
  if (!entry) throw new Error(`no Activity entry about ${recordUuid}`);
  const listening = entry.events.find((item) => item.event === event);
  const automation = listening?.automations.find((item) => item.triggerId === triggerId);
  return { entry, listening, automation };
}

const note = { id: 'note', type: 'Job_AddNote', params: { text: 'Seen {{ job.number }}' } } as const;

/** A trigger saved through the API, adding a note unless it says what it does. */
function trigger(definition: Parameters<AutomationHarness['createTrigger']>[0]): Promise<string> {
  return h.createTrigger({ actions: [note], ...definition });
}

/** Each change is seen a minute after the one before, so the newest-first order is certain. */
async function change(object: string, uuid: string | undefined, fields: Record<string, unknown>) {
  await h.advance(60_000);
  return h.change(object, uuid, fields);
}

describe('why an automation did or did not run', () => {
  it('names the run it started, and the automations switched off or whose conditions were false', async () => {
    const runs = await trigger({ name: 'Any status change', event: 'JobStatusChanged' });
    const off = await trigger({ name: 'Switched off', event: 'JobStatusChanged', enabled: false });
    const needsCompleted = await trigger({
      name: 'Only completed',
      event: 'JobStatusChanged',
      conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Completed' } }] },
    });
    await change('job', jobs.quoteKitchenTap, { status: 'Work Order' });

    const { entry, listening } = await latestAbout(jobs.quoteKitchenTap, 'JobStatusChanged', runs);
    expect(entry.jobNumber).toBe('1001');
    expect(entry.changes).toContainEqual({ field: 'status', label: 'Status', before: 'Quote', after: 'Work Order' });
    expect(entry.events.map((event) => event.event)).toContain('JobStatusChanged');
    const byName = new Map(listening?.automations.map((item) => [item.triggerName, item]));
    expect(byName.get('Any status change')).toMatchObject({ reason: null, run: { status: expect.any(String) } });
    expect(byName.get('Switched off')).toMatchObject({ reason: 'switched-off', run: null });
    const conditions = byName.get('Only completed') as ActivityAutomation;
    expect(conditions).toMatchObject({ reason: 'conditions', run: null });
    expect(conditions.explanation).toContain('Completed');
    expect(conditions.explanation).toContain('Work Order');
    // The linked run is the one the run list shows.
    const [run] = await h.settledRuns(runs, 1);
    expect(byName.get('Any status change')?.run?.id).toBe(run?.id);
    for (const id of [runs, off, needsCompleted]) await h.deleteTrigger(id);
  });

  it('a change with no automation listening lists its events with none', async () => {
    await change('job', jobs.quoteDrainCctv, { category_uuid: categories.hotWater });
    const { entry } = await latestAbout(jobs.quoteDrainCctv, 'JobCategoryChanged', 'none');
    expect(entry.changes).toContainEqual({
      field: 'category',
      label: 'Category',
      before: 'Drainage',
      after: 'Hot Water',
    });
    expect(entry.events).toContainEqual(
      expect.objectContaining({ event: 'JobCategoryChanged', seenBefore: false, pending: false, automations: [] }),
    );
  });

  it('an automation that works on jobs does not fit a form filled in on a client', async () => {
    const onJobs = await trigger({
      name: 'Form on a job',
      event: 'FormIsSubmitted',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Form in' } }],
    });
    const response = await change('formresponse', undefined, {
      form_uuid: forms.safety,
      regarding_object: 'company',
      regarding_object_uuid: companies.weiChen,
      staff_uuid: staff.plumber,
      field_data: JSON.stringify([{ field_uuid: formFields[0], name: 'Area safe', value: 'Yes' }]),
    });
    const { entry, automation } = await latestAbout(response, 'FormIsSubmitted', onJobs);
    expect(entry.clientName).toBe('Wei Chen');
    expect(automation).toMatchObject({ reason: 'kind', run: null });
    expect(automation?.explanation).toMatch(/not filled in on a job/);
    expect(await h.runsOf(onJobs)).toEqual([]);
    await h.deleteTrigger(onJobs);
  });

  it('an event that already happened says the automation already ran for it', async () => {
    const approved = await trigger({ name: 'Quote approved', event: 'JobQuoteApproved' });
    await change('job', jobs.quoteHotWater, { status: 'Work Order' });
    await h.settledRuns(approved, 1);
    await change('job', jobs.quoteHotWater, { status: 'Quote' });
    await change('job', jobs.quoteHotWater, { status: 'Work Order' });
    const { listening, automation } = await latestAbout(jobs.quoteHotWater, 'JobQuoteApproved', approved);
    expect(listening?.seenBefore).toBe(true);
    expect(automation).toMatchObject({ reason: 'already-ran', explanation: 'It already ran for this event.' });
    expect(await h.runsOf(approved)).toHaveLength(1);
    await h.deleteTrigger(approved);
  });

  it('a change an automation wrote itself does not start it again, and says so', async () => {
    const addsUrgent = await trigger({
      name: 'Adds urgent',
      event: 'JobBadgesChanged',
      actions: [{ id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: badges.urgent } }],
    });
    await change('job', jobs.workOrderBurstPipe, { badges: JSON.stringify([badges.vip]) });
    await h.settledRuns(addsUrgent, 1);
    await h.quiet();
    const { entry, automation } = await latestAbout(jobs.workOrderBurstPipe, 'JobBadgesChanged', addsUrgent);
    expect(entry.ownWrite).toMatchObject({ triggerName: 'Adds urgent' });
    expect(entry.changes.find((item) => item.field === 'badges')?.after).toContain('Urgent');
    expect(automation).toMatchObject({ reason: 'own-change', run: null });
    await h.deleteTrigger(addsUrgent);
  });

  it('a chain of automations stops at its depth limit, and the next automation says so', async () => {
    const queues1 = await trigger({
      name: 'Badge → queue',
      event: 'JobBadgesChanged',
      actions: [{ id: 'queue', type: 'Job_AddToQueue', params: { queueUuid: queues.quotesToFollowUp } }],
    });
    const status2 = await trigger({
      name: 'Queue → status',
      event: 'JobAddedToQueue',
      actions: [{ id: 'status', type: 'Job_ChangeStatus', params: { status: 'Work Order' } }],
    });
    const badge3 = await trigger({
      name: 'Status → badge',
      event: 'JobStatusChanged',
      actions: [{ id: 'badge', type: 'Job_AddBadge', params: { badgeUuid: badges.onMyWay } }],
    });
    await change('job', jobs.completedBackflowTest, { badges: JSON.stringify([badges.warranty, badges.vip]) });
    for (const id of [queues1, status2, badge3]) await h.settledRuns(id, 1);
    await h.quiet();
    const { entry, automation } = await latestAbout(jobs.completedBackflowTest, 'JobBadgesChanged', queues1);
    expect(entry.ownWrite).toMatchObject({ triggerName: 'Status → badge' });
    expect(automation).toMatchObject({ reason: 'cascade-limit', run: null });
    expect(await h.runsOf(queues1)).toHaveLength(1);
    for (const id of [queues1, status2, badge3]) await h.deleteTrigger(id);
  });

  it('a suspended business gets Skipped runs with the suspension as the reason', async () => {
    const queued = await trigger({ name: 'Queued', event: 'JobAddedToQueue' });
    const db = h.deps.database.db;
    await db
      .update(vendors)
      .set({ automationsSuspendedAt: h.clock.now(), automationsSuspendedReason: 'Unpaid invoices' })
      .where(eq(vendors.id, h.vendorId));
    try {
      await change('job', jobs.workOrderBlockedSewer, { queue_uuid: queues.partsOnOrder });
      const { entry, automation } = await latestAbout(jobs.workOrderBlockedSewer, 'JobAddedToQueue', queued);
      expect(entry.changes.find((item) => item.field === 'queue')).toMatchObject({
        before: null,
        after: 'Parts on order',
      });
      expect(automation).toMatchObject({ reason: 'suspended', run: { status: 'Skipped' } });
      expect(automation?.explanation).toContain('Unpaid invoices');
    } finally {
      await db
        .update(vendors)
        .set({ automationsSuspendedAt: null, automationsSuspendedReason: null })
        .where(eq(vendors.id, h.vendorId));
      await h.deleteTrigger(queued);
    }
  });

  it('a business without an active plan is told so beside the run', async () => {
    const recategorised = await trigger({ name: 'Recategorised', event: 'JobCategoryChanged' });
    const db = h.deps.database.db;
    await db.update(vendors).set({ subscriptionActive: false }).where(eq(vendors.id, h.vendorId));
    try {
      await change('job', jobs.workOrderGasSafetyCheck, { category_uuid: categories.maintenance });
      const { automation } = await latestAbout(jobs.workOrderGasSafetyCheck, 'JobCategoryChanged', recategorised);
      expect(automation).toMatchObject({ reason: 'no-plan', run: { id: expect.any(String) } });
      expect(automation?.explanation).toMatch(/no active plan/);
    } finally {
      await db.update(vendors).set({ subscriptionActive: true }).where(eq(vendors.id, h.vendorId));
      await h.deleteTrigger(recategorised);
    }
  });
});

describe('finding changes', () => {
  it('pages newest first by cursor, neither repeating nor skipping a change', async () => {
    const all = await activity({ PageSize: '100' });
    expect(all.items.length).toBeGreaterThan(5);
    const times = all.items.map((item) => item.observedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const paged: ActivityEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage = await activity({ PageSize: '2', ...(cursor ? { Cursor: cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
  });

  it('searches by job number, client, event and date', async () => {
    const byJob = await activity({ Job: '1002' });
    expect(byJob.items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(byJob.items.map((item) => item.jobNumber))).toEqual(new Set(['1002']));

    const byClient = await activity({ Client: 'wei' });
    expect(byClient.items.length).toBeGreaterThan(0);
    expect(new Set(byClient.items.map((item) => item.clientName))).toEqual(new Set(['Wei Chen']));

    const byEvent = await activity({ Event: 'JobQuoteApproved' });
    expect(byEvent.items.length).toBeGreaterThan(0);
    for (const item of byEvent.items) expect(item.events.map((event) => event.event)).toContain('JobQuoteApproved');

    const all = await activity({ PageSize: '100' });
    const middle = all.items[Math.floor(all.items.length / 2)];
    if (!middle) throw new Error('no changes');
    const before = await activity({ To: middle.observedAt, PageSize: '100' });
    const since = await activity({ From: middle.observedAt, PageSize: '100' });
    expect(before.items.every((item) => item.observedAt < middle.observedAt)).toBe(true);
    expect(since.items.every((item) => item.observedAt >= middle.observedAt)).toBe(true);
    expect(before.items.length + since.items.length).toBe(all.items.length);
  });

  it('refuses a cursor it did not give out and an unknown event, saying what is wrong', async () => {
    const bad = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/Trigger/changes?Cursor=notacursor`,
      headers: bearer(h.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Cursor');
    const event = await h.app.inject({
      method: 'GET',
      url: `/api/vendor/${h.vendorId}/Trigger/changes?Event=JobExploded`,
      headers: bearer(h.token),
    });
    expect(event.statusCode).toBe(400);
    expect(event.json().message).toContain('Event must be one of JobIsCreated');
    for (const from of ['yesterday', '2026-03-01']) {
      const day = await h.app.inject({
        method: 'GET',
        url: `/api/vendor/${h.vendorId}/Trigger/changes?From=${from}`,
        headers: bearer(h.token),
      });
      expect(day.statusCode, from).toBe(400);
      expect(day.json().message).toBe('From must be a date and time such as 2026-03-01T00:00:00Z.');
    }
  });

  it('forgets changes after 30 days', async () => {
    expect((await activity()).items.length).toBeGreaterThan(0);
    await h.advance(29 * 24 * 60 * 60_000, { dispatch: false });
    await h.renewSession();
    const context = { deps: h.deps, log: h.deps.logger, jobId: 'forget', workerId: 'test', retryCount: 0 };
    await forgetOldActivityJob.handle({}, context);
    expect((await activity()).items.length).toBeGreaterThan(0);
    await h.advance(2 * 24 * 60 * 60_000, { dispatch: false });
    await h.renewSession();
    expect((await forgetOldActivityJob.handle({}, context)).removed).toBeGreaterThan(0);
    expect((await activity()).items).toEqual([]);
  });
});
