import { referencesOf, type TriggerDefinition } from './triggers.ts';
import {
  CREATABLE_REFERENCE_KINDS,
  type TemplateReferenceKind,
  templateReferenceKey,
  type UnresolvedReference,
} from './unresolved-references.ts';

// ---------------------------------------------------------------------------------------------
// Matching the records a template names onto a vendor's synced ServiceM8 records. Pure: the server's
// copy carries out what this decides, and the web app resolves a template the same way to preview it.

/** A vendor's synced record as matching needs it. */
export type VendorRecord = {
  kind: string;
  uuid: string;
  name: string;
  active: boolean;
  /** For a form field: the form it belongs to. */
  formUuid?: string | undefined;
};

/** One record the template names (however often), with where its uuid goes. */
export type NamedRecord = {
  key: string;
  kind: TemplateReferenceKind;
  name: string;
  formName?: string;
  /** Dotted paths into the definition (`actions.1.params.badgeUuid`) that hold this name. */
  paths: string[];
};

export type Resolution = {
  /** key → the vendor's uuid, for every record matched or mapped. */
  uuids: Map<string, string>;
  unresolved: UnresolvedReference[];
  /** Mappings that do not name a record of the vendor of the right kind, as sentences keyed by mapping. */
  badMappings: Record<string, string>;
};

const NOUNS: Record<TemplateReferenceKind, string> = {
  badge: 'badge',
  queue: 'queue',
  category: 'category',
  form: 'form',
  formfield: 'form field',
  material: 'material',
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Every record the template names, each once (whatever its capitals), in the order they first appear. */
export function namedRecordsOf(definition: TriggerDefinition): NamedRecord[] {
  const byKey = new Map<string, NamedRecord>();
  for (const reference of referencesOf(definition)) {
    if (!('uuid' in reference)) continue;
    const formName = reference.kind === 'formfield' ? reference.formUuid : undefined;
    const key = templateReferenceKey(reference.kind, reference.uuid, formName);
    // A name written with other capitals elsewhere is the same record.
    const record = byKey.get(key.toLowerCase()) ?? {
      key,
      kind: reference.kind,
      name: reference.uuid,
      ...(formName === undefined ? {} : { formName }),
      paths: [],
    };
    record.paths.push(referencePath(reference.where, reference.param));
    byKey.set(key.toLowerCase(), record);
  }
  return [...byKey.values()];
}

/**
 * Matches each named record to the vendor's active record of the same kind and name (ignoring case),
 * unless `mappings` names one for its key; a field is looked for in the form its form resolved to.
 */
export function resolveNamedRecords(
  records: readonly NamedRecord[],
  vendorRecords: readonly VendorRecord[],
  mappings: Readonly<Record<string, string>>,
): Resolution {
  const uuids = new Map<string, string>();
  const unresolved: UnresolvedReference[] = [];
  const badMappings: Record<string, string> = {};
  const active = vendorRecords.filter((record) => record.active);
  const mappingFor = (key: string) =>
    Object.entries(mappings).find(([mappedKey]) => same(mappedKey, key))?.[1] ?? undefined;

  // Forms first, so their fields are looked for in the form each resolved to.
  const ordered = [...records].sort((a, b) => Number(a.kind === 'formfield') - Number(b.kind === 'formfield'));
  for (const record of ordered) {
    const formUuid =
      record.kind === 'formfield' ? uuids.get(templateReferenceKey('form', record.formName ?? '')) : undefined;
    const candidates = active.filter(
      (item) => item.kind === record.kind && (record.kind !== 'formfield' || (formUuid && item.formUuid === formUuid)),
    );
    const mapped = mappingFor(record.key);
    if (mapped !== undefined) {
      const chosen = candidates.find((item) => item.uuid.toLowerCase() === mapped.toLowerCase());
      if (chosen) uuids.set(record.key, chosen.uuid);
      else {
        badMappings[record.key] =
          `mappings["${record.key}"] is not one of your active ${NOUNS[record.kind]}s${record.kind === 'formfield' ? ` of the form "${record.formName}"` : ''}: pick one of the candidates.`;
      }
      continue;
    }
    const match = candidates.find((item) => same(item.name, record.name));
    if (match) {
      uuids.set(record.key, match.uuid);
      continue;
    }
    unresolved.push({
      key: record.key,
      kind: record.kind,
      name: record.name,
      ...(record.formName === undefined ? {} : { formName: record.formName }),
      creatable: CREATABLE_REFERENCE_KINDS.includes(record.kind),
      candidates: candidates
        .map((item) => ({ uuid: item.uuid, name: item.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    });
  }
  return { uuids, unresolved, badMappings };
}

/** The template's definition with each named record replaced by the vendor's uuid. */
export function withVendorRecords(
  definition: TriggerDefinition,
  records: readonly NamedRecord[],
  uuids: ReadonlyMap<string, string>,
): TriggerDefinition {
  // A definition is plain JSON (it is stored as such).
  const copy = JSON.parse(JSON.stringify(definition)) as TriggerDefinition;
  for (const record of records) {
    const uuid = uuids.get(record.key);
    if (uuid === undefined) throw new Error(`no uuid for ${record.key}`);
    for (const path of record.paths) setAt(copy, path, uuid);
  }
  return copy;
}

/** Sets the value at a dotted path (`conditions.items.0.params.badgeUuids.1`) that exists. */
function setAt(target: unknown, path: string, value: string): void {
  const steps = path.split('.');
  const last = steps.pop();
  let node = target as Record<string, unknown>;
  for (const step of steps) node = node[step] as Record<string, unknown>;
  if (last !== undefined) node[last] = value;
}

/** How a 409 names what is missing: `badge "Check invoice" and queue "Ready to book"`. */
export function describeUnresolved(unresolved: readonly UnresolvedReference[]): string {
  const names = unresolved.map((item) =>
    item.kind === 'formfield'
      ? `field "${item.name}" in the form "${item.formName}"`
      : `${NOUNS[item.kind]} "${item.name}"`,
  );
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** `conditions.items[0]` + `badgeUuids[1]` → `conditions.items.0.params.badgeUuids.1`. */
function referencePath(where: string, param: string): string {
  return `${where}.params.${param}`.replace(/\[(\d+)\]/g, '.$1');
}
