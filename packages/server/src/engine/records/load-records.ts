import { z } from 'zod';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import type { Sm8Record } from '../events/derive-events.ts';

/** The ServiceM8 records a run reads: its job and client, their contacts, the job's payments, the form response. */
export type LoadedRecords = {
  job: Sm8Record | null;
  client: Sm8Record | null;
  jobContacts: Sm8Record[];
  clientContacts: Sm8Record[];
  payments: Sm8Record[] | null;
  formResponse: Sm8Record | null;
  /** The staff member who created the job. */
  staff: Sm8Record | null;
  vendor: Sm8Record | null;
};

export type RecordSubject = {
  jobUuid: string | null;
  clientUuid: string | null;
  formResponseUuid: string | null;
};

const AnyRecord = z.record(z.string(), z.unknown());
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Reads fresh what conditions and actions need about the subject of a run. A form response about a
 * job brings its job; a job brings its client. Inactive (deleted) contacts and payments are left out.
 * `for: 'conditions'` skips what only actions use (contacts, staff, the account), saving four calls.
 */
export async function loadRecords(
  client: Sm8Client,
  subject: RecordSubject,
  options: { for: 'conditions' | 'actions' } = { for: 'actions' },
): Promise<LoadedRecords> {
  const forActions = options.for === 'actions';
  const formResponse = subject.formResponseUuid
    ? await client.get('formresponse', subject.formResponseUuid, AnyRecord)
    : null;
  const jobUuid = subject.jobUuid ?? regarding(formResponse, 'job');
  const job = jobUuid ? await client.get('job', jobUuid, AnyRecord) : null;
  const clientUuid = text(job?.company_uuid) || subject.clientUuid || regarding(formResponse, 'company');
  const [company, jobContacts, clientContacts, payments, staff, vendors] = await Promise.all([
    clientUuid ? client.get('company', clientUuid, AnyRecord) : null,
    job && forActions
      ? activeOnly(client.list('jobcontact', AnyRecord, { filter: `job_uuid eq ${quoted(text(job.uuid))}` }))
      : [],
    clientUuid && forActions
      ? activeOnly(client.list('companycontact', AnyRecord, { filter: `company_uuid eq ${quoted(clientUuid)}` }))
      : [],
    job ? activeOnly(client.list('jobpayment', AnyRecord, { filter: `job_uuid eq ${quoted(text(job.uuid))}` })) : null,
    forActions && text(job?.created_by_staff_uuid)
      ? client.get('staff', text(job?.created_by_staff_uuid), AnyRecord)
      : null,
    forActions ? client.list('vendor', AnyRecord) : [],
  ]);
  return {
    job,
    client: company,
    jobContacts,
    clientContacts,
    payments,
    formResponse,
    staff,
    vendor: vendors[0] ?? null,
  };
}

async function activeOnly(list: Promise<Sm8Record[]>): Promise<Sm8Record[]> {
  return (await list).filter((record) => record.active === undefined || String(record.active) === '1');
}

function regarding(formResponse: Sm8Record | null, object: string): string | null {
  if (!formResponse || text(formResponse.regarding_object).toLowerCase() !== object) return null;
  return text(formResponse.regarding_object_uuid) || null;
}

export function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * Who a message about the job goes to: the job contact (type JOB first), else the client's primary
 * contact, else any client contact. `JobClient_…` actions ask for the client's contact first.
 */
export function pickContact(
  records: LoadedRecords,
  prefer: 'job' | 'client',
  has: 'email' | 'mobile',
): Sm8Record | null {
  const withValue = (contacts: Sm8Record[]) => contacts.filter((contact) => text(contact[has]));
  const jobContacts = withValue(records.jobContacts).sort((a, b) => rank(text(a.type)) - rank(text(b.type)));
  const clientContacts = withValue(records.clientContacts).sort(
    (a, b) => Number(text(b.is_primary_contact) === '1') - Number(text(a.is_primary_contact) === '1'),
  );
  const order = prefer === 'job' ? [...jobContacts, ...clientContacts] : [...clientContacts, ...jobContacts];
  return order[0] ?? null;
}

function rank(type: string): number {
  const normalised = type.toUpperCase();
  if (normalised === 'JOB' || normalised === 'JOB CONTACT') return 0;
  if (normalised === 'BILLING' || normalised === 'BILLING CONTACT') return 1;
  return 2;
}
