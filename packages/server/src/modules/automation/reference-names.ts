import type { Db } from '../../db/database.ts';
import type { NameLookup } from '../../engine/conditions/evaluation-context.ts';
import { referenceItemsOf } from '../servicem8/reference-items.service.ts';

export type ReferenceNames = NameLookup & {
  nameOf(kind: 'badge' | 'queue' | 'category' | 'material', uuid: string): string;
};

const PLURAL = { badge: 'badges', queue: 'queues', category: 'categories', material: 'materials' } as const;

/** Names for the uuids of the vendor's synced reference data, so logs say "Warranty", not a uuid. */
export async function loadReferenceNames(db: Db, vendorId: string): Promise<ReferenceNames> {
  const maps = {
    badges: {} as Record<string, string>,
    queues: {} as Record<string, string>,
    categories: {} as Record<string, string>,
    forms: {} as Record<string, string>,
    formFields: {} as Record<string, string>,
    materials: {} as Record<string, string>,
  };
  const target: Record<string, Record<string, string>> = {
    badge: maps.badges,
    queue: maps.queues,
    category: maps.categories,
    form: maps.forms,
    formfield: maps.formFields,
    material: maps.materials,
  };
  for (const item of await referenceItemsOf(db, vendorId)) {
    const map = target[item.kind];
    if (map) map[item.uuid] = item.name;
  }
  return {
    badges: maps.badges,
    queues: maps.queues,
    categories: maps.categories,
    forms: maps.forms,
    formFields: maps.formFields,
    nameOf: (kind, uuid) => maps[PLURAL[kind]][uuid] ?? uuid,
  };
}
