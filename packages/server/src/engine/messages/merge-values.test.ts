import { MERGE_FIELDS } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { buildMergeValues } from './merge-values.ts';

const records = {
  job: {
    uuid: 'job-1',
    generated_job_id: '1042',
    status: 'Work Order',
    job_address: '12 Queen Street, Auckland',
    job_description: 'Replace the hot water cylinder',
    work_done_description: 'Cylinder replaced',
    date: '2026-03-14',
    total_invoice_amount: '1234.5',
    purchase_order_number: 'PO-77',
  },
  client: { name: 'Harbour Cafe Ltd', address: '1 Quay St, Auckland' },
  contact: { first: 'Mia', last: 'Tane', email: 'mia@harbour.example', mobile: '021 555 0101' },
  staff: { first: 'Sam', last: 'Sparks' },
  booking: { uuid: 'activity-1', start_date: '2026-03-17 09:30:00', end_date: '2026-03-17 11:00:00' },
  vendor: { name: 'Bright Sparks Electrical', email: 'office@brightsparks.example', website: 'brightsparks.example' },
};

describe('buildMergeValues', () => {
  it('fills every merge field from the ServiceM8 records', () => {
    const values = buildMergeValues(records);
    expect(values).toEqual({
      'job.number': '1042',
      'job.status': 'Work Order',
      'job.address': '12 Queen Street, Auckland',
      'job.description': 'Replace the hot water cylinder',
      'job.work_done': 'Cylinder replaced',
      'job.date': '2026-03-14',
      'job.total': '1234.50',
      'job.po_number': 'PO-77',
      'client.name': 'Harbour Cafe Ltd',
      'client.address': '1 Quay St, Auckland',
      'contact.first_name': 'Mia',
      'contact.last_name': 'Tane',
      'contact.name': 'Mia Tane',
      'contact.email': 'mia@harbour.example',
      'contact.mobile': '021 555 0101',
      'staff.first_name': 'Sam',
      'staff.last_name': 'Sparks',
      'staff.name': 'Sam Sparks',
      'booking.date': 'Tuesday 17 March',
      'booking.time': '9:30 AM',
      'vendor.name': 'Bright Sparks Electrical',
      'vendor.sender_name': 'Bright Sparks Electrical',
      'vendor.email': 'office@brightsparks.example',
      'vendor.website': 'brightsparks.example',
    });
    expect(Object.keys(values).sort()).toEqual(MERGE_FIELDS.map((field) => field.name).sort());
  });

  it('leaves out what is absent, blank or an empty ServiceM8 date', () => {
    const values = buildMergeValues({
      job: { generated_job_id: '7', date: '0000-00-00 00:00:00', purchase_order_number: '   ', status: null },
      contact: { first: '', last: 'Tane' },
      staff: null,
    });
    expect(values).toEqual({ 'job.number': '7', 'contact.last_name': 'Tane', 'contact.name': 'Tane' });
    expect(buildMergeValues({})).toEqual({});
  });

  it('formats the total with two decimals, accepts numbers, and drops a midnight time from the date', () => {
    const values = buildMergeValues({
      job: { generated_job_id: 1042, total_invoice_amount: 0, date: '2026-03-14 00:00:00' },
    });
    expect(values).toMatchObject({ 'job.number': '1042', 'job.total': '0.00', 'job.date': '2026-03-14' });
    expect(buildMergeValues({ job: { total_invoice_amount: 'n/a' } })['job.total']).toBeUndefined();
    expect(buildMergeValues({ job: { total_invoice_amount: '99.999' } })['job.total']).toBe('100.00');
  });

  it('states a booking at the wall time ServiceM8 wrote, afternoon and midnight included, and nothing for an empty start', () => {
    const at = (start_date: unknown) => {
      const values = buildMergeValues({ booking: { start_date } });
      return [values['booking.date'], values['booking.time']];
    };
    expect(at('2026-11-30 14:05:00')).toEqual(['Monday 30 November', '2:05 PM']);
    expect(at('2026-04-05 00:00:00')).toEqual(['Sunday 5 April', '12:00 AM']);
    expect(at('0000-00-00 00:00:00')).toEqual([undefined, undefined]);
    expect(at('next Tuesday')).toEqual([undefined, undefined]);
  });

  it('signs with the sender name set in Automate, else the business name', () => {
    const account = { name: 'Bright Sparks Electrical' };
    expect(
      buildMergeValues({ vendor: { ...account, sender_name: 'Sam at Bright Sparks' } })['vendor.sender_name'],
    ).toBe('Sam at Bright Sparks');
    expect(buildMergeValues({ vendor: account })['vendor.sender_name']).toBe('Bright Sparks Electrical');
  });

  it('ignores values that are not text or numbers', () => {
    expect(buildMergeValues({ vendor: { name: { nested: true }, email: ['a@b.c'], website: true } })).toEqual({});
  });
});
