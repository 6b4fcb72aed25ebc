import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const find = (list: 'jobs' | 'clients' | 'form-responses', text: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/Vendor/${h.vendorId}/servicem8/${list}?search=${encodeURIComponent(text)}`,
    headers: bearer(h.token),
  });
const search = (text: string) => find('jobs', text);
type Choice = { uuid: string; number: string; clientName: string; address: string };

describe('finding a job to test a trigger on', () => {
  const job = () => {
    const record = h.sim.controls.records('job').find((r) => r.uuid === SEED_IDS.jobs.workOrderBurstPipe);
    const client = h.sim.controls.records('company').find((c) => c.uuid === record?.company_uuid);
    return {
      number: String(record?.generated_job_id),
      address: String(record?.job_address),
      client: String(client?.name),
    };
  };

  it('finds a job by its number, with its client', async () => {
    const response = await search(job().number);
    expect(response.statusCode, response.body).toBe(200);
    const choices = response.json().data as Choice[];
    expect(choices.map((choice) => [choice.uuid, choice.number, choice.clientName])).toEqual([
      [SEED_IDS.jobs.workOrderBurstPipe, job().number, job().client],
    ]);
  });

  it('finds jobs by words of the client’s name or the address, ignoring case and order', async () => {
    const [first, second] = job().client.split(' ');
    const byClient = (await search(`${second ?? ''} ${first ?? ''}`.toUpperCase())).json().data as Choice[];
    expect(byClient.map((choice) => choice.uuid)).toContain(SEED_IDS.jobs.workOrderBurstPipe);
    expect(byClient.every((choice) => choice.clientName === job().client)).toBe(true);

    const street = job().address.split(',')[0] ?? '';
    const byAddress = (await search(street)).json().data as Choice[];
    expect(byAddress.map((choice) => choice.uuid)).toContain(SEED_IDS.jobs.workOrderBurstPipe);
    expect((await search('no such words anywhere')).json().data).toEqual([]);
  });

  it('reads ServiceM8 once a minute at most for word searches', async () => {
    h.clock.advance(61_000);
    h.sim.controls.clearCalls();
    await search('plumbing');
    const first = h.sim.controls.calls().length;
    expect(first).toBeGreaterThan(0);
    await search('street');
    await search('cafe');
    expect(h.sim.controls.calls()).toHaveLength(first);
    h.clock.advance(61_000);
    await search('cafe');
    expect(h.sim.controls.calls().length).toBeGreaterThan(first);
  });
});

describe('finding a client or a submitted form to test a trigger on', () => {
  const company = (uuid: string) => h.sim.controls.records('company').find((record) => record.uuid === uuid);

  it('finds clients by words of their name or address', async () => {
    const cafe = company(SEED_IDS.companies.bondiBeachCafe);
    const response = await find('clients', 'BONDI cafe');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { uuid: SEED_IDS.companies.bondiBeachCafe, name: cafe?.name, address: cafe?.address },
    ]);
    const street = String(cafe?.address).split(',')[0] ?? '';
    expect((await find('clients', street)).json().data.map((choice: { uuid: string }) => choice.uuid)).toContain(
      SEED_IDS.companies.bondiBeachCafe,
    );
    expect((await find('clients', 'no such client')).json().data).toEqual([]);
  });

  it('finds submitted forms by the form’s name or the job they are about, the latest first', async () => {
    const jobOf = (index: number) => {
      const response = h.sim.controls.records('formresponse').find((r) => r.uuid === SEED_IDS.formResponses[index]);
      const job = h.sim.controls.records('job').find((r) => r.uuid === response?.regarding_object_uuid);
      return { number: String(job?.generated_job_id), client: String(company(String(job?.company_uuid))?.name) };
    };
    const all = (await find('form-responses', '')).json().data as Array<{ uuid: string; formName: string }>;
    expect(all.map((choice) => [choice.uuid, choice.formName])).toEqual([
      [SEED_IDS.formResponses[0], 'Job Safety Assessment'],
      [SEED_IDS.formResponses[1], 'Customer Satisfaction Survey'],
    ]);

    const byJob = (await find('form-responses', `satisfaction ${jobOf(1).number}`)).json().data;
    expect(byJob).toEqual([
      {
        uuid: SEED_IDS.formResponses[1],
        formName: 'Customer Satisfaction Survey',
        regarding: `Job ${jobOf(1).number} · ${jobOf(1).client}`,
        submittedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
  });
});
