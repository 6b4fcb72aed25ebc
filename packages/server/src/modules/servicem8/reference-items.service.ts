import type { Db } from '../../db/database.ts';
import { findReferenceItems, listReferenceItems, type Sm8ReferenceRow } from './servicem8.repository.ts';

/** The vendor's ServiceM8 reference data as last synced: for pickers, trigger checks and names in run logs. */

const toItem = ({ kind, uuid, name, active, details }: Sm8ReferenceRow) => ({ kind, uuid, name, active, details });

/** Every synced record of the vendor: badges, queues, categories, staff, forms, form fields, materials. */
export async function referenceItemsOf(db: Db, vendorId: string) {
  return (await listReferenceItems(db, vendorId)).map(toItem);
}

/** The vendor's synced records among `uuids`, of any kind (the caller matches kinds). */
export async function referenceItemsAmong(db: Db, where: { vendorId: string; uuids: readonly string[] }) {
  return (await findReferenceItems(db, where)).map(toItem);
}
