import { describe, expect, it } from 'vitest';
import { SEED_IDS, SEED_STAFF_EMAILS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY, DEFAULT_BASIC_PASSWORD } from '../src/simulator-options.ts';
import { startSimulator } from './support/sim-harness.ts';

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe('credentials', () => {
  it('refuses a call without credentials, with a wrong API key or an unknown token (401)', async () => {
    const { call } = await startSimulator();
    for (const options of [{}, { apiKey: 'smk-wrong' }, { token: 'not-a-token' }]) {
      const response = await call('/api_1.0/job.json', options);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ errorCode: 401 });
    }
  });

  it('accepts X-API-Key (any header case), Bearer tokens and legacy Basic email:password', async () => {
    const { call, token } = await startSimulator();
    expect((await call('/api_1.0/job.json', { headers: { 'X-Api-Key': DEFAULT_API_KEY } })).status).toBe(200);
    expect((await call('/api_1.0/job.json', { token: await token() })).status).toBe(200);
    const viaBasic = await call('/api_1.0/job.json', {
      headers: { authorization: basic(SEED_STAFF_EMAILS.office, DEFAULT_BASIC_PASSWORD) },
    });
    expect(viaBasic.status).toBe(200);
    const wrongPassword = await call('/api_1.0/job.json', {
      headers: { authorization: basic(SEED_STAFF_EMAILS.office, 'nope') },
    });
    expect(wrongPassword.status).toBe(401);
  });

  it('x-impersonate-uuid acts as that staff member; an unknown uuid is a 403', async () => {
    const { call } = await startSimulator();
    const apiKey = DEFAULT_API_KEY;
    const created = await call('/api_1.0/note.json', {
      apiKey,
      headers: { 'x-impersonate-uuid': SEED_IDS.staff.plumber },
      json: { related_object: 'job', related_object_uuid: SEED_IDS.jobs.quoteHotWater, note: 'on my way' },
    });
    const note = await (await call(`/api_1.0/note/${created.headers.get('x-record-uuid')}.json`, { apiKey })).json();
    expect(note).toMatchObject({ edit_by_staff_uuid: SEED_IDS.staff.plumber });
    const refused = await call('/api_1.0/job.json', {
      apiKey,
      headers: { 'x-impersonate-uuid': '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('scopes checked per endpoint (403)', () => {
  const job = SEED_IDS.jobs.quoteHotWater;
  const newJob = { status: 'Quote' };
  type Case = [scopes: string[], method: string, path: string, body: unknown, expected: number];
  const cases: Case[] = [
    [['read_jobs'], 'GET', '/api_1.0/job.json', undefined, 200],
    [['read_jobs'], 'POST', '/api_1.0/job.json', newJob, 403],
    [['create_jobs'], 'POST', '/api_1.0/job.json', newJob, 200],
    [['create_jobs'], 'POST', `/api_1.0/job/${job}.json`, { status: 'Work Order' }, 403],
    [['create_jobs'], 'DELETE', `/api_1.0/job/${job}.json`, undefined, 403],
    [['manage_jobs'], 'POST', `/api_1.0/job/${job}.json`, { status: 'Work Order' }, 200],
    [['manage_jobs'], 'GET', '/api_1.0/job.json', undefined, 200],
    [['read_jobs'], 'GET', '/api_1.0/company.json', undefined, 403],
    [['read_customers'], 'GET', '/api_1.0/company.json', undefined, 200],
    [['read_customers'], 'GET', '/api_1.0/companycontact.json', undefined, 403],
    [['read_customer_contacts'], 'GET', '/api_1.0/companycontact.json', undefined, 200],
    [['read_jobs'], 'GET', '/api_1.0/badge.json', undefined, 403],
    [['manage_badges'], 'GET', '/api_1.0/badge.json', undefined, 200],
    [['read_job_queues'], 'GET', '/api_1.0/queue.json', undefined, 200],
    [['read_job_categories'], 'GET', '/api_1.0/category.json', undefined, 200],
    [['read_schedule'], 'GET', '/api_1.0/jobactivity.json', undefined, 200],
    [['read_job_notes'], 'POST', '/api_1.0/note.json', { note: 'x' }, 403],
    [['publish_job_notes'], 'POST', '/api_1.0/note.json', { note: 'x' }, 200],
    [['read_attachments'], 'GET', '/api_1.0/attachment.json', undefined, 200],
    [['read_job_materials'], 'GET', '/api_1.0/jobmaterial.json', undefined, 200],
    [['read_inventory'], 'GET', '/api_1.0/material.json', undefined, 200],
    [['read_forms'], 'GET', '/api_1.0/formresponse.json', undefined, 200],
    [['read_staff'], 'GET', '/api_1.0/staff.json', undefined, 200],
    [['read_job_payments'], 'GET', '/api_1.0/jobpayment.json', undefined, 200],
    [['read_job_contacts'], 'GET', '/api_1.0/jobcontact.json', undefined, 200],
    [['read_jobs'], 'GET', '/api_1.0/vendor.json', undefined, 403],
    [['vendor'], 'GET', '/api_1.0/vendor.json', undefined, 200],
    [['read_jobs'], 'GET', '/api_1.0/sms.json', undefined, 403],
    [['read_sms'], 'GET', '/api_1.0/sms.json', undefined, 200],
    [['read_jobs'], 'POST', '/platform_service_sms', { to: '+61412345678', message: 'Hi' }, 403],
    [['publish_sms'], 'POST', '/platform_service_sms', { to: '+61412345678', message: 'Hi' }, 200],
    [['publish_sms'], 'POST', '/platform_service_email', { to: 'a@example.com', subject: 'Hi', textBody: 'Hi' }, 403],
    [['publish_email'], 'POST', '/platform_service_email', { to: 'a@example.com', subject: 'Hi', textBody: 'Hi' }, 200],
  ];

  it.each(cases)('%j %s %s → %i', async (scopes, method, path, body, expected) => {
    const { call, token } = await startSimulator();
    const response = await call(path, {
      method,
      token: await token(scopes),
      ...(body === undefined ? {} : { json: body }),
    });
    expect(response.status).toBe(expected);
    if (expected === 403) {
      expect(await response.json()).toEqual({
        errorCode: 403,
        message: expect.stringMatching(/^[a-z_]+ scope required$/),
      });
    }
  });

  it('names the missing scope', async () => {
    const { call, token } = await startSimulator();
    const response = await call('/api_1.0/companycontact.json', { token: await token(['read_jobs']) });
    expect(await response.json()).toEqual({ errorCode: 403, message: 'read_customer_contacts scope required' });
  });
});
