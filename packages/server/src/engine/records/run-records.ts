import { z } from 'zod';
import type { Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import type { Sm8Record } from '../events/derive-events.ts';

/** What a run is about: its job, its client, the form response that started it (any may be unknown). */
export type RecordSubject = {
  jobUuid: string | null;
  clientUuid: string | null;
  formResponseUuid: string | null;
};

/**
 * The records a run may use. Each is read on first use and kept for the run, so a run reads only
 * what its conditions and texts use, and each record at most once. A form response about a job
 * brings its job; a job brings its client. Inactive (deleted) contacts and payments are left out.
 */
export type RunRecords = {
  /** What the run is about, as the event named it. */
  subject: RecordSubject;
  job(): Promise<Sm8Record | null>;
  client(): Promise<Sm8Record | null>;
  jobContacts(): Promise<Sm8Record[]>;
  clientContacts(): Promise<Sm8Record[]>;
  /** The job's payments; null when there is no job. */
  payments(): Promise<Sm8Record[] | null>;
  formResponse(): Promise<Sm8Record | null>;
  /** The staff member who created the job. */
  staff(): Promise<Sm8Record | null>;
  /** The booking (`jobactivity.json`) a JobIsScheduled event is about; null for other events. */
  booking(): Promise<Sm8Record | null>;
  /** The ServiceM8 account (`vendor.json`). */
  vendor(): Promise<Sm8Record | null>;
};

/** A record read from ServiceM8 moments ago (the read that found the change), with its object type. */
export type FreshRecord = { object: string; record: Sm8Record };

export type RunRecordSources = {
  client: Sm8Client;
  subject: RecordSubject;
  /** Used instead of reading these records again. */
  fresh?: readonly FreshRecord[];
  /** The staff member as the vendor's last sync copied them; undefined when the copy does not have them. */
  syncedStaff(uuid: string): Promise<Sm8Record | undefined>;
  /** The account as the vendor's last sync copied it; undefined when no sync copied it yet. */
  syncedAccount(): Promise<Sm8Record | undefined>;
  /** The uuid of the booking the run's event is about (null when it is about none). */
  bookingUuid?(): Promise<string | null>;
  /** The business's sender name set in Automate (null when none is set), kept on the account as `sender_name`. */
  senderName?(): Promise<string | null>;
};

const AnyRecord = z.record(z.string(), z.unknown());
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

export function runRecords(sources: RunRecordSources): RunRecords {
  const { client, subject } = sources;
  const read = async (object: string, uuid: string): Promise<Sm8Record | null> => {
    const known = sources.fresh?.find((entry) => entry.object === object && text(entry.record.uuid) === uuid);
    return known ? known.record : client.get(object, uuid, AnyRecord);
  };
  const listActive = async (object: string, filter: string): Promise<Sm8Record[]> =>
    (await client.list(object, AnyRecord, { filter })).filter(
      (record) => record.active === undefined || String(record.active) === '1',
    );

  const formResponse = once(async () =>
    subject.formResponseUuid ? read('formresponse', subject.formResponseUuid) : null,
  );
  const job = once(async () => {
    const uuid = subject.jobUuid ?? regarding(await formResponse(), 'job');
    return uuid ? read('job', uuid) : null;
  });
  const clientUuid = once(
    async () => text((await job())?.company_uuid) || subject.clientUuid || regarding(await formResponse(), 'company'),
  );
  const jobUuid = async () => text((await job())?.uuid);

  return {
    subject,
    job,
    formResponse,
    client: once(async () => {
      const uuid = await clientUuid();
      return uuid ? read('company', uuid) : null;
    }),
    jobContacts: once(async () => {
      const uuid = await jobUuid();
      return (await job()) ? listActive('jobcontact', `job_uuid eq ${quoted(uuid)}`) : [];
    }),
    clientContacts: once(async () => {
      const uuid = await clientUuid();
      return uuid ? listActive('companycontact', `company_uuid eq ${quoted(uuid)}`) : [];
    }),
    payments: once(async () => {
      const uuid = await jobUuid();
      return (await job()) ? listActive('jobpayment', `job_uuid eq ${quoted(uuid)}`) : null;
    }),
    staff: once(async () => {
      const uuid = text((await job())?.created_by_staff_uuid);
      if (!uuid) return null;
      // A staff member added since the last sync is not in the copy yet.
      return (await sources.syncedStaff(uuid)) ?? client.get('staff', uuid, AnyRecord);
    }),
    booking: once(async () => {
      const uuid = (await sources.bookingUuid?.()) ?? null;
      return uuid ? read('jobactivity', uuid) : null;
    }),
    vendor: once(async () => {
      const account = (await sources.syncedAccount()) ?? (await client.list('vendor', AnyRecord))[0] ?? null;
      const senderName = (await sources.senderName?.()) ?? null;
      return account && senderName ? { ...account, sender_name: senderName } : account;
    }),
  };
}

/** The first call loads; later calls answer the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
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
