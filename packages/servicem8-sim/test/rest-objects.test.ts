import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY } from '../src/simulator-options.ts';
import { startSimulator } from './support/sim-harness.ts';

const apiKey = DEFAULT_API_KEY;
const OBJECTS = [
  'job',
  'company',
  'companycontact',
  'jobcontact',
  'badge',
  'queue',
  'category',
  'jobactivity',
  'note',
  'attachment',
  'jobmaterial',
  'material',
  'form',
  'formfield',
  'formresponse',
  'staff',
  'jobpayment',
  'vendor',
];

describe('REST URL patterns', () => {
  it.each(OBJECTS)('GET /api_1.0/%s.json lists records and /{uuid}.json reads one', async (object) => {
    const { call } = await startSimulator();
    const list = await call(`/api_1.0/${object}.json`, { apiKey });
    expect(list.status).toBe(200);
    const records = (await list.json()) as Array<{ uuid: string; active: number; edit_date: string }>;
    expect(records.length).toBeGreaterThan(0);
    const first = records[0];
    expect(first).toMatchObject({ active: 1, edit_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    const one = await call(`/api_1.0/${object}/${first?.uuid}.json`, { apiKey });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(first);
  });

  it('matches object names case-insensitively and accepts the dbonote / dboattachment aliases (pathSpelling: any)', async () => {
    const { call } = await startSimulator({ assumptions: { pathSpelling: 'any' } });
    expect((await call('/api_1.0/Job.json', { apiKey })).status).toBe(200);
    expect((await call('/api_1.0/JOBACTIVITY.json', { apiKey })).status).toBe(200);
    const note = await call(`/api_1.0/dbonote/${SEED_IDS.notes[0]}.json`, { apiKey });
    expect(((await note.json()) as { uuid: string }).uuid).toBe(SEED_IDS.notes[0]);
    const attachment = await call(`/api_1.0/dboattachment/${SEED_IDS.attachments.quotePdf}.json`, { apiKey });
    expect(((await attachment.json()) as { attachment_name: string }).attachment_name).toBe('Quote 1001.pdf');
  });

  it('answers 400 "… is not an authorised object type" for unknown objects, platform endpoints and read-only history', async () => {
    const { call } = await startSimulator();
    const cases: Array<[string, string, string]> = [
      ['GET', '/api_1.0/jobinvoice.json', 'jobinvoice'],
      ['GET', '/api_1.0/invoice.json', 'invoice'],
      ['GET', '/api_1.0/contact.json', 'contact'],
      ['POST', '/api_1.0/platform_service_sms.json', 'platform_service_sms'],
      ['POST', '/api_1.0/sms.json', 'sms'],
    ];
    for (const [method, path, name] of cases) {
      const response = await call(path, { apiKey, method, ...(method === 'POST' ? { json: {} } : {}) });
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ errorCode: 400, message: `${name} is not an authorised object type` });
    }
  });

  it('answers 404 with the REST error shape for a missing record', async () => {
    const { call } = await startSimulator();
    const response = await call('/api_1.0/job/00000000-0000-4000-8000-000000000000.json', { apiKey });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorCode: 404, message: expect.stringContaining('not found') });
  });

  it('vendor.json returns the account as a one-element array', async () => {
    const { call } = await startSimulator();
    const vendors = (await (await call('/api_1.0/vendor.json', { apiKey })).json()) as Array<Record<string, unknown>>;
    expect(vendors).toHaveLength(1);
    expect(vendors[0]).toMatchObject({ uuid: SEED_IDS.vendor, timezone_name: 'Australia/Sydney', currency: 'AUD' });
  });
});

describe('create', () => {
  it('returns 200, the new uuid in x-record-uuid and {"errorCode":0,"message":"OK"}', async () => {
    const { call } = await startSimulator();
    const response = await call('/api_1.0/company.json', { apiKey, json: { name: 'Coogee Surf Club' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ errorCode: 0, message: 'OK' });
    const uuid = response.headers.get('x-record-uuid') ?? '';
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await (await call(`/api_1.0/company/${uuid}.json`, { apiKey })).json();
    expect(stored).toMatchObject({ uuid, name: 'Coogee Surf Club', active: 1, badges: '[]' });
  });

  it('honours a client-supplied uuid and accepts form-encoded bodies', async () => {
    const { call } = await startSimulator();
    const uuid = '1b2c3d4e-0000-4000-8000-00000000abcd';
    const response = await call('/api_1.0/Note.json', {
      apiKey,
      form: { uuid, related_object: 'job', related_object_uuid: SEED_IDS.jobs.quoteKitchenTap, note: 'Called client' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-record-uuid')).toBe(uuid);
    expect(await (await call(`/api_1.0/note/${uuid}.json`, { apiKey })).json()).toMatchObject({
      note: 'Called client',
    });
  });

  it('refuses a create without a required field', async () => {
    const { call } = await startSimulator();
    const response = await call('/api_1.0/job.json', { apiKey, json: { job_description: 'no status' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errorCode: 400, message: 'status is required' });
  });
});

describe('update, delete, edit_date', () => {
  it('an update is a sparse merge: fields not sent keep their values', async () => {
    const { call } = await startSimulator();
    const uuid = SEED_IDS.jobs.quoteHotWater;
    const before = (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as Record<string, unknown>;
    const response = await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { purchase_order_number: 'PO-77' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ errorCode: 0, message: 'OK' });
    const after = (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as Record<string, unknown>;
    expect(after.purchase_order_number).toBe('PO-77');
    for (const field of ['status', 'job_description', 'company_uuid', 'badges', 'job_address']) {
      expect(after[field], field).toEqual(before[field]);
    }
  });

  it('DELETE sets active = 0; the record stays readable and listed; POST active=1 restores it', async () => {
    const { call } = await startSimulator();
    const uuid = SEED_IDS.badges.warranty;
    const deleted = await call(`/api_1.0/badge/${uuid}.json`, { apiKey, method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ errorCode: 0, message: 'OK' });
    expect(await (await call(`/api_1.0/badge/${uuid}.json`, { apiKey })).json()).toMatchObject({ uuid, active: 0 });
    const all = (await (await call('/api_1.0/badge.json', { apiKey })).json()) as Array<{ uuid: string }>;
    expect(all.map((badge) => badge.uuid)).toContain(uuid);
    const active = (await (
      await call(`/api_1.0/badge.json?%24filter=${encodeURIComponent('active eq 1')}`, { apiKey })
    ).json()) as Array<{
      uuid: string;
    }>;
    expect(active.map((badge) => badge.uuid)).not.toContain(uuid);
    await call(`/api_1.0/badge/${uuid}.json`, { apiKey, json: { active: 1 } });
    expect(await (await call(`/api_1.0/badge/${uuid}.json`, { apiKey })).json()).toMatchObject({ active: 1 });
  });

  it('every write sets edit_date to the account-local time (Australia/Sydney), ignoring a client-sent edit_date', async () => {
    const { sim, call } = await startSimulator();
    sim.controls.setClock(new Date('2026-01-15T03:04:05Z'));
    const uuid = SEED_IDS.jobs.quoteDrainCctv;
    await call(`/api_1.0/job/${uuid}.json`, {
      apiKey,
      json: { job_description: 'first', edit_date: '2001-01-01 00:00:00' },
    });
    const first = (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as { edit_date: string };
    expect(first.edit_date).toBe('2026-01-15 14:04:05'); // UTC+11 in summer
    sim.controls.advanceClock(90_000);
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { job_description: 'second' } });
    const second = (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as { edit_date: string };
    expect(second.edit_date).toBe('2026-01-15 14:05:35');
    sim.controls.advanceClock(60_000);
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, method: 'DELETE' });
    const third = (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as { edit_date: string };
    expect(third.edit_date).toBe('2026-01-15 14:06:35');
  });

  it('drops unknown and read-only fields and notes them in the call log', async () => {
    const { sim, call } = await startSimulator();
    const uuid = SEED_IDS.jobs.quoteHotWater;
    await call(`/api_1.0/job/${uuid}.json`, { apiKey, json: { generated_job_id: '9999', colour: 'red' } });
    const job = (await (await call(`/api_1.0/job/${uuid}.json`, { apiKey })).json()) as Record<string, unknown>;
    expect(job.generated_job_id).toBe('1002');
    expect(job).not.toHaveProperty('colour');
    const logged = sim.controls.calls({ method: 'POST' }).at(-1);
    expect(logged?.warnings).toEqual([
      'generated_job_id is read only and was ignored',
      'colour is not a field of job and was ignored',
    ]);
  });

  it('tolerates an empty JSON body and refuses malformed JSON with the REST error shape', async () => {
    const { call } = await startSimulator();
    const headers = { 'content-type': 'application/json' };
    const deleted = await call(`/api_1.0/note/${SEED_IDS.notes[0]}.json`, { apiKey, method: 'DELETE', headers });
    expect(deleted.status).toBe(200);
    const malformed = await call('/api_1.0/job.json', { apiKey, headers, body: '{"status":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errorCode: 400, message: 'The request body is not valid JSON' });
  });
});
