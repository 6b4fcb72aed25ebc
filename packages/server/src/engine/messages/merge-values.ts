import type { MergeFieldName } from '@automate/contract';
import { DateTime } from 'luxon';

/**
 * The values merge fields (`{{ job.number }}`, the contract's MERGE_FIELDS) are filled with, read
 * from ServiceM8 records as the ServiceM8 REST API returns them.
 * A field without a value is left out; the renderer prints it as empty and reports it.
 */

/** A ServiceM8 record as read from the API; any field may be absent. */
type Sm8Record = Readonly<Record<string, unknown>>;

export type MergeRecords = {
  /** `job.json`. */
  job?: Sm8Record | null;
  /** `company.json`: the job's client. */
  client?: Sm8Record | null;
  /** `companycontact.json` or `jobcontact.json`: who the message goes to. */
  contact?: Sm8Record | null;
  /** `staff.json`: the staff member who created the job. */
  staff?: Sm8Record | null;
  /** `jobactivity.json`: the booking a JobIsScheduled event is about. */
  booking?: Sm8Record | null;
  /** `vendor.json`: the ServiceM8 account. */
  vendor?: Sm8Record | null;
};

/** Merge field name → its text; a field without a value is absent. */
export type MergeValues = Partial<Record<MergeFieldName, string>>;

/** A field's text, or undefined when ServiceM8 has nothing there (absent, blank or an empty `0000-00-00` date). */
function textOf(record: Sm8Record | null | undefined, field: string): string | undefined {
  const value = record?.[field];
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return undefined;
  if (text === '' || text.startsWith('0000-00-00')) return undefined;
  return text;
}

/** `first last`, or whichever of the two there is. */
function fullName(first: string | undefined, last: string | undefined): string | undefined {
  const name = [first, last].filter(Boolean).join(' ');
  return name || undefined;
}

/** The job date (`YYYY-MM-DD`, ServiceM8 may add a midnight time) without the time. */
function jobDate(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00)?)?$/.exec(text);
  return match ? match[1] : text;
}

/** A decimal string such as `"1234.5"` as `"1234.50"`. */
function money(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount.toFixed(2) : undefined;
}

/**
 * A booking's start (`YYYY-MM-DD HH:MM:SS`, the account's local time, as ServiceM8 writes it) as the
 * client reads it: the day ("Tuesday 3 March") and the time ("9:30 AM"). No time zone is applied: the
 * visit is at that wall time where the business is.
 */
function bookingStart(text: string | undefined): { date: string; time: string } | undefined {
  if (!text) return undefined;
  const start = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC', locale: 'en-GB' });
  if (!start.isValid) return undefined;
  return { date: start.toFormat('cccc d LLLL'), time: start.toFormat('h:mm a').toUpperCase() };
}

/** Every merge field that has a value in the given records. */
export function buildMergeValues(records: MergeRecords): MergeValues {
  const { job, client, contact, staff, booking, vendor } = records;
  const start = bookingStart(textOf(booking, 'start_date'));
  const contactFirst = textOf(contact, 'first');
  const contactLast = textOf(contact, 'last');
  const staffFirst = textOf(staff, 'first');
  const staffLast = textOf(staff, 'last');
  const all: Record<MergeFieldName, string | undefined> = {
    'job.number': textOf(job, 'generated_job_id'),
    'job.status': textOf(job, 'status'),
    'job.address': textOf(job, 'job_address'),
    'job.description': textOf(job, 'job_description'),
    'job.work_done': textOf(job, 'work_done_description'),
    'job.date': jobDate(textOf(job, 'date')),
    'job.total': money(textOf(job, 'total_invoice_amount')),
    'job.po_number': textOf(job, 'purchase_order_number'),
    'client.name': textOf(client, 'name'),
    'client.address': textOf(client, 'address'),
    'contact.first_name': contactFirst,
    'contact.last_name': contactLast,
    'contact.name': fullName(contactFirst, contactLast),
    'contact.email': textOf(contact, 'email'),
    'contact.mobile': textOf(contact, 'mobile'),
    'staff.first_name': staffFirst,
    'staff.last_name': staffLast,
    'staff.name': fullName(staffFirst, staffLast),
    'booking.date': start?.date,
    'booking.time': start?.time,
    'vendor.name': textOf(vendor, 'name'),
    'vendor.sender_name': textOf(vendor, 'sender_name') || textOf(vendor, 'name'),
    'vendor.email': textOf(vendor, 'email'),
    'vendor.website': textOf(vendor, 'website'),
  };
  const values: MergeValues = {};
  for (const [name, value] of Object.entries(all) as [MergeFieldName, string | undefined][]) {
    if (value !== undefined) values[name] = value;
  }
  return values;
}
