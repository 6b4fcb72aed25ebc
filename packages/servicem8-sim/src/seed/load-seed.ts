import { OBJECT_TYPES, type ObjectName } from '../objects/object-types.ts';
import { accountTimeZone, buildRecord, computeJobTotal, computeScheduledUntil } from '../objects/record.service.ts';
import type { RecordStore } from '../objects/record-store.ts';
import { formatDateTimeIn } from '../time/account-time.ts';
import { buildDemoSeed, buildEmptySeed } from './demo-seed.ts';
import type { SeedData, SeedPreset } from './seed-data.ts';

export function resolveSeed(seed: SeedPreset | SeedData, now: Date): SeedData {
  if (seed === 'demo') return buildDemoSeed(now);
  if (seed === 'empty') return buildEmptySeed();
  return seed;
}

/** The same data as another account (its own uuid): simulators side by side, each a different account. */
export function asAccount(seed: SeedData, accountUuid: string): SeedData {
  const [vendor, ...others] = seed.records.vendor ?? [];
  return { ...seed, records: { ...seed.records, vendor: [{ ...vendor, uuid: accountUuid }, ...others] } };
}

/**
 * Puts seed records in the store as they are (read-only fields included, no webhooks), replacing
 * records with the same uuid, then derives job totals and schedule ends.
 */
export function loadSeed(store: RecordStore, seed: SeedData, now: Date): void {
  const seedZone = seed.records.vendor?.[0]?.timezone_name;
  const editDate = formatDateTimeIn(now, typeof seedZone === 'string' && seedZone ? seedZone : accountTimeZone(store));
  for (const type of OBJECT_TYPES) {
    for (const fields of seed.records[type.name] ?? []) {
      const record = buildRecord(type, fields, typeof fields.edit_date === 'string' ? fields.edit_date : editDate);
      store.put(type.name as ObjectName, record);
      if (type.name === 'job' && typeof record.generated_job_id === 'string')
        store.noteJobNumber(record.generated_job_id);
    }
  }
  for (const job of store.list('job')) {
    if (job.generated_job_id === '') job.generated_job_id = store.takeJobNumber();
    job.total_invoice_amount = computeJobTotal(store, job.uuid);
    job.job_is_scheduled_until_stamp = computeScheduledUntil(store, job.uuid);
  }
  for (const file of seed.files ?? []) {
    store.putFile(file.attachmentUuid, {
      bytes: Buffer.from(file.base64, 'base64'),
      contentType: file.contentType,
      uploadedAt: new Date(0),
    });
  }
}
