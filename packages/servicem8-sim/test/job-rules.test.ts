import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY } from '../src/simulator-options.ts';
import { startSimulator } from './support/sim-harness.ts';

const apiKey = DEFAULT_API_KEY;
const EMPTY = '0000-00-00 00:00:00';

type Job = Record<string, unknown> & { uuid: string };

describe('job side effects', () => {
  it('generated_job_id is an auto-incremented string the client cannot set', async () => {
    const { call } = await startSimulator();
    const ids: string[] = [];
    for (const description of ['first', 'second']) {
      const created = await call('/api_1.0/job.json', {
        apiKey,
        json: { status: 'Quote', job_description: description, generated_job_id: '1' },
      });
      const job = (await (
        await call(`/api_1.0/job/${created.headers.get('x-record-uuid')}.json`, { apiKey })
      ).json()) as Job;
      ids.push(job.generated_job_id as string);
    }
    expect(ids).toEqual(['1012', '1013']); // the seed ends at 1011
  });

  it('stamps quote_date / work_order_date / completion_date / unsuccessful_date when the status changes', async () => {
    const { sim, call } = await startSimulator();
    sim.controls.setClock(new Date('2026-06-01T00:00:00Z')); // 10:00 in Sydney (winter, UTC+10)
    const created = await call('/api_1.0/job.json', { apiKey, json: { status: 'Quote' } });
    const uuid = created.headers.get('x-record-uuid') ?? '';
    const read = async () => (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as Job;
    expect(await read()).toMatchObject({
      quote_date: '2026-06-01 10:00:00',
      work_order_date: EMPTY,
      completion_date: EMPTY,
      date: '2026-06-01',
    });

    sim.controls.advanceClock(3_600_000);
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { status: 'Work Order' } });
    expect(await read()).toMatchObject({
      quote_date: '2026-06-01 10:00:00',
      work_order_date: '2026-06-01 11:00:00',
      completion_date: EMPTY,
    });

    sim.controls.advanceClock(3_600_000);
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { status: 'Completed' } });
    const completed = await read();
    expect(completed).toMatchObject({ completion_date: '2026-06-01 12:00:00', unsuccessful_date: EMPTY });
    expect(completed.completion_actioned_by_uuid).toBe(SEED_IDS.staff.owner);

    sim.controls.advanceClock(3_600_000);
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { status: 'Unsuccessful' } });
    expect(await read()).toMatchObject({ unsuccessful_date: '2026-06-01 13:00:00' });

    const sameStatus = await read();
    sim.controls.advanceClock(3_600_000);
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { status: 'Unsuccessful' } });
    expect((await read()).unsuccessful_date).toBe(sameStatus.unsuccessful_date);
  });

  it('refuses a status outside Quote, Work Order, Unsuccessful, Completed', async () => {
    const { call } = await startSimulator();
    const response = await call(`/api_1.0/job/${SEED_IDS.jobs.quoteHotWater}.json`, {
      apiKey,
      json: { status: 'Invoiced' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errorCode: 400,
      message: 'status must be one of: Quote, Work Order, Unsuccessful, Completed',
    });
  });

  it('stamps quote_sent_stamp / invoice_sent_stamp when those flags turn on', async () => {
    const { sim, call } = await startSimulator();
    sim.controls.setClock(new Date('2026-06-01T00:00:00Z'));
    const uuid = SEED_IDS.jobs.quoteHotWater;
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, form: { quote_sent: '1' } });
    const job = (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as Job;
    expect(job).toMatchObject({ quote_sent: 1, quote_sent_stamp: '2026-06-01 10:00:00' });
  });
});

describe('badges are a JSON-encoded string', () => {
  it('returns badges as a string holding a JSON array of uuids', async () => {
    const { call } = await startSimulator();
    const job = (await (
      await call(`/api_1.0/job/${SEED_IDS.jobs.workOrderGasSafetyCheck}.json`, { apiKey })
    ).json()) as Job;
    expect(typeof job.badges).toBe('string');
    expect(JSON.parse(job.badges as string)).toEqual([SEED_IDS.badges.safetyCheck, SEED_IDS.badges.vip]);
  });

  it('accepts a JSON string and refuses a raw array (job and company)', async () => {
    const { call } = await startSimulator();
    const uuid = SEED_IDS.jobs.quoteHotWater;
    const badges = JSON.stringify([SEED_IDS.badges.urgent]);
    expect((await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { badges } })).status).toBe(200);
    expect(((await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as Job).badges).toBe(badges);

    for (const [object, id] of [
      ['job', uuid],
      ['company', SEED_IDS.companies.weiChen],
    ]) {
      const refused = await call(`/api_1.0/${object}/${id}.json`, {
        apiKey,
        json: { badges: [SEED_IDS.badges.urgent] },
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^badges must be a JSON array encoded string/,
      );
    }
    const notJson = await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { badges: 'urgent' } });
    expect(notJson.status).toBe(400);
  });
});

describe('derived job fields', () => {
  it('line items update total_invoice_amount; payments reaching it set payment_received', async () => {
    const { call } = await startSimulator();
    const uuid = SEED_IDS.jobs.quoteHotWater; // 1450 + 4 × 120 = 1930 ex GST
    const read = async () => (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as Job;
    expect((await read()).total_invoice_amount).toBe('2123.00');
    await call('/api_1.0/jobmaterial.json', {
      apiKey,
      json: { job_uuid: uuid, name: 'Flue kit', quantity: '1', price: '100.00' },
    });
    expect((await read()).total_invoice_amount).toBe('2233.00');
    await call('/api_1.0/jobpayment.json', { apiKey, json: { job_uuid: uuid, amount: '2233.00', method: 'Stripe' } });
    expect(await read()).toMatchObject({ payment_received: 1 });
  });
});
