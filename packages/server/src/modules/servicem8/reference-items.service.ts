import type { Db } from '../../db/database.ts';
import { findReferenceItems, listReferenceItems, type Sm8ReferenceRow } from './servicem8.repository.ts';

/** The vendor's ServiceM8 reference data as last synced: for pickers, trigger checks and names in run logs. */

const toItem = ({ kind, uuid, name, active, details }: Sm8ReferenceRow) => ({ kind, uuid, name, active, details });

/** Every synced record of the vendor: badges, queues, categories, staff, forms, form fields, materials. */
export async function referenceItemsOf(db: Db, vendorId: string) {
  return (await listReferenceItems(db, vendorId)).map(toItem);
}

type ReferenceItem = ReturnType<typeof toItem>;
const names = new Intl.Collator('en');
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const formOrder = (item: ReferenceItem) => Number(item.details.sortOrder ?? 0) || 0;

/**
 * The vendor's records as pickers list them: each kind's by name, a form's fields in the form's own order.
 * Sorted here, once, rather than in each browser: a browser's first locale-aware comparison loads its
 * collation data, tens of milliseconds on a phone while the trigger editor opens.
 */
export async function referenceItemsInPickerOrder(db: Db, vendorId: string) {
  return (await referenceItemsOf(db, vendorId)).sort(
    (a, b) =>
      byCode(a.kind, b.kind) ||
      (a.kind === 'formfield' ? formOrder(a) - formOrder(b) : 0) ||
      names.compare(a.name, b.name) ||
      byCode(a.uuid, b.uuid),
  );
}

/** The vendor's synced records among `uuids`, of any kind (the caller matches kinds). */
export async function referenceItemsAmong(db: Db, where: { vendorId: string; uuids: readonly string[] }) {
  return (await findReferenceItems(db, where)).map(toItem);
}
