import { isClientFacingAction, referencesOf, SM8_REFERENCE_KINDS, type TriggerDefinition } from '@automate/contract';
import type { Db } from '../../../db/database.ts';
import type { NameLookup } from '../../../engine/conditions/evaluation-context.ts';
import { referenceItemsAmong, referenceItemsOf } from '../../servicem8/reference-items.service.ts';

export type ReferenceNames = NameLookup & {
  nameOf(kind: 'badge' | 'queue' | 'category' | 'material', uuid: string): string;
};

const PLURAL = { badge: 'badges', queue: 'queues', category: 'categories', material: 'materials' } as const;

/** Names for the uuids of the vendor's synced reference data, so logs say "Warranty", not a uuid. */
export async function loadReferenceNames(db: Db, vendorId: string): Promise<ReferenceNames> {
  return namesOf(await referenceItemsOf(db, vendorId));
}

/**
 * Names for these uuids only (the rest stand for themselves): a page of Activity names a few of the
 * vendor's records, which may have thousands (materials, form fields).
 */
export async function referenceNamesAmong(db: Db, vendorId: string, uuids: readonly string[]): Promise<ReferenceNames> {
  return uuids.length === 0 ? NO_NAMES : namesOf(await referenceItemsAmong(db, { vendorId, uuids }));
}

function namesOf(items: ReadonlyArray<{ kind: string; uuid: string; name: string }>): ReferenceNames {
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
  for (const item of items) {
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

const SM8_KINDS: readonly string[] = SM8_REFERENCE_KINDS;

/**
 * The names these triggers' sentences use, read only when they use any: a condition or action that
 * refers to a badge, queue, category, form, field or service (their reasons and outcomes name it, and
 * a form field may be found by its name), or a client message (a refusal names the opt-out badge).
 * A trigger that refers to none, such as one adding a note, costs no read.
 */
export function referenceNamesFor(
  db: Db,
  vendorId: string,
  definitions: ReadonlyArray<Pick<TriggerDefinition, 'conditions' | 'actions'>>,
): Promise<ReferenceNames> {
  return usesReferenceNames(definitions) ? loadReferenceNames(db, vendorId) : Promise.resolve(NO_NAMES);
}

/** Whether these triggers' sentences use any names (see `referenceNamesFor`). */
export function usesReferenceNames(definitions: ReadonlyArray<Pick<TriggerDefinition, 'conditions' | 'actions'>>) {
  return definitions.some(
    (definition) =>
      definition.actions.some((action) => isClientFacingAction(action.type)) ||
      referencesOf(definition).some((reference) => SM8_KINDS.includes(reference.kind)),
  );
}

/** Names for nothing: every uuid stands for itself. */
export const NO_NAMES: ReferenceNames = { nameOf: (_kind, uuid) => uuid };
