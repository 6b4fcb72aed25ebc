import type { TriggerEvent } from '@automate/contract';
import { type AssumptionChoices, choicesOf, SEED_IDS } from '@automate/servicem8-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileJob } from '../src/modules/automation/automation.jobs.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * ServiceM8 does not document the Content-Type of its deliveries nor the layout of an event delivery:
 * the simulator sends every reading (`deliveryContentType`, `eventBodyLayout`) over real HTTP to the
 * real server, and each change must run its trigger once, whichever reading it came in.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, companies, forms, formFields, categories } = SEED_IDS;
const note = { id: 'note', type: 'Job_AddNote', params: { text: 'Automate saw {{ job.number }}' } } as const;
const welcomeJob = {
  id: 'job',
  type: 'JobClient_CreateJob',
  params: { status: 'Quote', description: 'Welcome visit' },
} as const;

function useReading(choices: Partial<AssumptionChoices>): void {
  h.sim.controls.setAssumptions(choices);
}

/** The one run a trigger for `event` gets from `change`; the trigger is deleted after. */
async function onlyRun(event: TriggerEvent, change: () => Promise<unknown>, targetKind: 'Job' | 'Client' = 'Job') {
  const triggerId = await h.createTrigger({ event, targetKind, actions: targetKind === 'Job' ? [note] : [welcomeJob] });
  await change();
  const runs = await h.settledRuns(triggerId, 1);
  await h.deleteTrigger(triggerId);
  expect(runs.map((run) => [run.event, run.status])).toEqual([[event, 'Succeeded']]);
  return runs[0];
}

/** The reconciliations of the vendor queued so far, with their state. */
async function reconciles(): Promise<Array<{ state: string }>> {
  const result = await h.deps.database.db.execute(
    sql`select state from pgboss.job where name = ${reconcileJob.name} and data->>'vendorId' = ${h.vendorId}`,
  );
  return (result as unknown as { rows: Array<{ state: string }> }).rows;
}

/**
 * Every delivery the simulator sent since `from` was answered 2xx, and read: none needed a
 * reconciliation (which would find the change too, and hide a delivery the server could not read).
 */
async function expectAllReadAndAccepted(from: number): Promise<void> {
  const refused = h.sim.controls
    .deliveries()
    .filter((delivery) => delivery.id > from && delivery.kind !== 'challenge' && delivery.ok !== true);
  expect(refused.map((delivery) => [delivery.kind, delivery.contentType, delivery.error])).toEqual([]);
  expect(await reconciles()).toEqual([]);
}

const lastDeliveryId = () => h.sim.controls.deliveries().at(-1)?.id ?? 0;

describe('object deliveries in every Content-Type', () => {
  const statuses = ['Work Order', 'Completed', 'Unsuccessful', 'Quote'];

  it.each(choicesOf('deliveryContentType').map((contentType, index) => ({ contentType, status: statuses[index] })))(
    'deliveryContentType $contentType: a status change runs its trigger once',
    async ({ contentType, status }) => {
      useReading({ deliveryContentType: contentType, eventBodyLayout: 'type-data' });
      const from = lastDeliveryId();
      const run = await onlyRun('JobStatusChanged', () => h.change('job', jobs.quoteKitchenTap, { status }));
      expect(run?.jobUuid).toBe(jobs.quoteKitchenTap);
      const sent = h.sim.controls.deliveries().filter((delivery) => delivery.id > from && delivery.kind === 'object');
      expect(sent.length).toBeGreaterThan(0);
      expect(new Set(sent.map((delivery) => delivery.contentType))).toEqual(
        new Set([
          { json: 'application/json', text: 'text/plain', none: null, form: 'application/x-www-form-urlencoded' }[
            contentType
          ],
        ]),
      );
      await expectAllReadAndAccepted(from);
    },
  );
});

describe('event deliveries in every layout and Content-Type, the event delivery alone', () => {
  beforeAll(async () => {
    // Without the object webhooks, only the event delivery can tell the server about each change.
    const token = h.sim.controls.issueToken().access_token;
    for (const object of ['job', 'company', 'formresponse']) {
      const response = await fetch(`${h.deps.config.servicem8.apiUrl}/webhook_subscriptions`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ object }).toString(),
      });
      expect(response.status).toBe(200);
    }
    expect(h.sim.controls.subscriptions().filter((subscription) => subscription.kind === 'object')).toHaveLength(2);
  });
  afterAll(() => useReading({ eventBodyLayout: 'type-data', deliveryContentType: 'json' }));

  const cases = choicesOf('eventBodyLayout').flatMap((layout) =>
    choicesOf('deliveryContentType').map((contentType) => ({ layout, contentType })),
  );

  it.each(cases)(
    '$layout as $contentType: a new job and its quote accepted run their triggers once',
    async ({ layout, contentType }) => {
      useReading({ eventBodyLayout: layout, deliveryContentType: contentType });
      const from = lastDeliveryId();
      let jobUuid = '';
      const created = await onlyRun('JobIsCreated', async () => {
        jobUuid = await h.change('job', undefined, {
          status: 'Quote',
          company_uuid: companies.weiChen,
          job_description: `${layout} as ${contentType}`,
        });
      });
      expect(created?.jobUuid).toBe(jobUuid);

      const approved = await onlyRun('JobQuoteApproved', async () => {
        const job = h.sim.controls.records('job').find((record) => record.uuid === jobUuid);
        h.sim.controls.raiseEvent('job.quote_accepted', { ...job });
        await h.quiet();
      });
      expect(approved?.jobUuid).toBe(jobUuid);
      expect(h.sim.controls.deliveries().filter((d) => d.id > from && d.kind === 'event').length).toBeGreaterThan(0);
      await expectAllReadAndAccepted(from);
    },
  );

  it.each(choicesOf('eventBodyLayout'))(
    '%s: a new client and a submitted form run their triggers once',
    async (layout) => {
      useReading({ eventBodyLayout: layout, deliveryContentType: 'json' });
      const from = lastDeliveryId();
      let companyUuid = '';
      const client = await onlyRun(
        'ClientIsCreated',
        async () => {
          companyUuid = await h.change('company', undefined, { name: `Client via ${layout}` });
        },
        'Client',
      );
      expect(client?.clientUuid).toBe(companyUuid);

      let responseUuid = '';
      const form = await onlyRun('FormIsSubmitted', async () => {
        responseUuid = await h.change('formresponse', undefined, {
          form_uuid: forms.safety,
          regarding_object: 'job',
          regarding_object_uuid: jobs.workOrderGasSafetyCheck,
          field_data: JSON.stringify([{ field_uuid: formFields[0], name: 'Area safe', value: 'Yes' }]),
        });
      });
      expect(form?.formResponseUuid).toBe(responseUuid);
      await expectAllReadAndAccepted(from);
    },
  );
});

describe('a delivery in no known layout', () => {
  it('is answered 200 and reconciles the account, which finds the change it was about', async () => {
    const triggerId = await h.createTrigger({ event: 'JobCategoryChanged', actions: [note] });
    // A change ServiceM8 made without any delivery we can read.
    const [job] = h.sim.controls.records('job').filter((record) => record.uuid === jobs.quoteHotWater);
    const newest = h.sim.controls
      .records('job')
      .map((record) => String(record.edit_date))
      .reduce((max, date) => (date > max ? date : max), '');
    const editDate = new Date(new Date(`${newest.replace(' ', 'T')}Z`).getTime() + 1000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    h.sim.controls.seed({
      records: { job: [{ ...job, category_uuid: categories.maintenance, edit_date: editDate }] },
    });

    const callbackUrl = h.sim.controls.subscriptions()[0]?.callbackUrl ?? '';
    const response = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notification: 'something changed', account: h.sim.info().accountUuid }),
    });
    expect(response.status).toBe(200);
    await h.quiet();
    await waitFor(
      reconciles,
      (rows) => rows.length === 1 && rows[0]?.state === 'completed',
      'the reconciliation the delivery queued',
    );
    const runs = await h.settledRuns(triggerId, 1);
    expect(runs.map((run) => [run.jobUuid, run.status])).toEqual([[jobs.quoteHotWater, 'Succeeded']]);
    await h.deleteTrigger(triggerId);
  });
});
