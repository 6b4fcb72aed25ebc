import { describe, expect, it } from 'vitest';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import type { Sm8Record } from '../events/derive-events.ts';
import { pickContact } from './pick-contact.ts';
import { type RunRecordSources, runRecords } from './run-records.ts';

const JOB = { uuid: 'job-1', generated_job_id: '1042', company_uuid: 'company-1', created_by_staff_uuid: 'staff-1' };
const COMPANY = { uuid: 'company-1', name: 'Emma Ellis' };
const FORM_RESPONSE = { uuid: 'form-response-1', regarding_object: 'job', regarding_object_uuid: 'job-1' };
const STAFF = { uuid: 'staff-1', first: 'Priya', last: 'Patel' };
const ACCOUNT = { uuid: 'account-1', name: 'Harbour Plumbing' };

/** A ServiceM8 account with one job, its client and contacts, answering only `get` and `list`; every call is noted. */
function fakeServiceM8(lists: Record<string, Sm8Record[]> = {}) {
  const calls: string[] = [];
  const byUuid: Record<string, Sm8Record> = {
    'job/job-1': JOB,
    'company/company-1': COMPANY,
    'formresponse/form-response-1': FORM_RESPONSE,
    'staff/staff-1': STAFF,
  };
  const client = {
    async get(object: string, uuid: string) {
      calls.push(`get ${object}`);
      return byUuid[`${object}/${uuid}`] ?? null;
    },
    async list(object: string, _schema: unknown, query: { filter?: string } = {}) {
      calls.push(`list ${object}${query.filter ? ` ${query.filter}` : ''}`);
      return object === 'vendor' ? [ACCOUNT] : (lists[object] ?? []);
    },
  } as unknown as Sm8Client;
  return { client, calls };
}

const subject = { jobUuid: 'job-1', clientUuid: null, formResponseUuid: null };
const nothingSynced = {
  syncedStaff: async () => undefined,
  syncedAccount: async () => undefined,
} satisfies Partial<RunRecordSources>;

describe('a run’s records', () => {
  it('reads nothing until asked, then each record once however often it is asked', async () => {
    const { client, calls } = fakeServiceM8();
    const records = runRecords({ client, subject, ...nothingSynced });
    expect(calls).toEqual([]);
    await Promise.all([records.job(), records.job(), records.client()]);
    await records.client();
    expect(calls).toEqual(['get job', 'get company']);
  });

  it('takes a fresh record instead of reading it again', async () => {
    const { client, calls } = fakeServiceM8();
    const fresh = { ...JOB, status: 'Work Order' };
    const records = runRecords({ client, subject, fresh: [{ object: 'job', record: fresh }], ...nothingSynced });
    expect(await records.job()).toBe(fresh);
    expect(calls).toEqual([]);
  });

  it('finds the job of a form response through the response, and the client through the job', async () => {
    const { client, calls } = fakeServiceM8();
    const records = runRecords({
      client,
      subject: { jobUuid: null, clientUuid: null, formResponseUuid: 'form-response-1' },
      ...nothingSynced,
    });
    expect(await records.client()).toEqual(COMPANY);
    expect(calls).toEqual(['get formresponse', 'get job', 'get company']);
  });

  it('takes staff and the account from the synced copy, and from ServiceM8 when the copy lacks them', async () => {
    const synced = fakeServiceM8();
    const fromCopy = runRecords({
      client: synced.client,
      subject,
      syncedStaff: async (uuid) => ({ uuid, first: 'Priya', last: 'Patel (synced)' }),
      syncedAccount: async () => ({ name: 'Harbour Plumbing (synced)' }),
    });
    expect(await fromCopy.staff()).toMatchObject({ last: 'Patel (synced)' });
    expect(await fromCopy.vendor()).toMatchObject({ name: 'Harbour Plumbing (synced)' });
    expect(synced.calls).toEqual(['get job']);

    const unsynced = fakeServiceM8();
    const fromServiceM8 = runRecords({ client: unsynced.client, subject, ...nothingSynced });
    expect(await fromServiceM8.staff()).toEqual(STAFF);
    expect(await fromServiceM8.vendor()).toEqual(ACCOUNT);
    expect(unsynced.calls).toEqual(['get job', 'get staff', 'list vendor']);
  });

  it('lists contacts and payments of the job and its client, leaving out inactive ones', async () => {
    const { client, calls } = fakeServiceM8({
      jobcontact: [
        { uuid: 'jc-1', active: 1 },
        { uuid: 'jc-2', active: 0 },
      ],
      companycontact: [{ uuid: 'cc-1' }],
      jobpayment: [{ uuid: 'p-1', active: '1', amount: '10' }],
    });
    const records = runRecords({ client, subject, ...nothingSynced });
    expect((await records.jobContacts()).map((c) => c.uuid)).toEqual(['jc-1']);
    expect((await records.clientContacts()).map((c) => c.uuid)).toEqual(['cc-1']);
    expect((await records.payments())?.map((p) => p.uuid)).toEqual(['p-1']);
    expect(calls).toEqual([
      'get job',
      "list jobcontact job_uuid eq 'job-1'",
      "list companycontact company_uuid eq 'company-1'",
      "list jobpayment job_uuid eq 'job-1'",
    ]);
  });

  it('has no job records without a job', async () => {
    const { client, calls } = fakeServiceM8();
    const records = runRecords({
      client,
      subject: { jobUuid: null, clientUuid: 'company-1', formResponseUuid: null },
      ...nothingSynced,
    });
    expect([await records.job(), await records.jobContacts(), await records.payments(), await records.staff()]).toEqual(
      [null, [], null, null],
    );
    expect(await records.client()).toEqual(COMPANY);
    expect(calls).toEqual(['get company']);
  });
});

describe('pickContact', () => {
  it('reads the client’s contacts only when no job contact has the address', async () => {
    const withEmail = fakeServiceM8({
      jobcontact: [
        { uuid: 'billing', type: 'BILLING', email: 'billing@example.com' },
        { uuid: 'job', type: 'JOB', email: 'job@example.com' },
      ],
      companycontact: [
        { uuid: 'primary', is_primary_contact: '1', email: 'primary@example.com', mobile: '+61412000000' },
      ],
    });
    const records = runRecords({ client: withEmail.client, subject, ...nothingSynced });
    expect((await pickContact(records, 'job', 'email'))?.uuid).toBe('job');
    expect(withEmail.calls.some((call) => call.startsWith('list companycontact'))).toBe(false);
    expect((await pickContact(records, 'job', 'mobile'))?.uuid).toBe('primary');
    expect((await pickContact(records, 'client', 'email'))?.uuid).toBe('primary');
  });
});
