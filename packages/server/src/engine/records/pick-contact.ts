import type { Sm8Record } from '../events/derive-events.ts';
import { type RunRecords, text } from './run-records.ts';

/**
 * Who a message about the job goes to: the job contact (type JOB first), else the client's primary
 * contact, else any client contact. `JobClient_…` actions ask for the client's contact first. The
 * second list is read only when the first has nobody with the address.
 */
export async function pickContact(
  records: RunRecords,
  prefer: 'job' | 'client',
  has: 'email' | 'mobile',
): Promise<Sm8Record | null> {
  const withValue = (contacts: Sm8Record[]) => contacts.filter((contact) => text(contact[has]));
  const jobContacts = async () =>
    withValue(await records.jobContacts()).sort((a, b) => rank(text(a.type)) - rank(text(b.type)));
  const clientContacts = async () =>
    withValue(await records.clientContacts()).sort(
      (a, b) => Number(text(b.is_primary_contact) === '1') - Number(text(a.is_primary_contact) === '1'),
    );
  const [first, second] = prefer === 'job' ? [jobContacts, clientContacts] : [clientContacts, jobContacts];
  return (await first())[0] ?? (await second())[0] ?? null;
}

function rank(type: string): number {
  const normalised = type.toUpperCase();
  if (normalised === 'JOB' || normalised === 'JOB CONTACT') return 0;
  if (normalised === 'BILLING' || normalised === 'BILLING CONTACT') return 1;
  return 2;
}
