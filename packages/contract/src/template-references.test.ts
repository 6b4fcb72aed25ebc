import { describe, expect, it } from 'vitest';
import { namedRecordsOf, resolveNamedRecords, type VendorRecord, withVendorRecords } from './template-references.ts';
import { NamedTriggerDefinition } from './trigger-templates.ts';

const definition = NamedTriggerDefinition.parse({
  name: 'Unhappy client',
  enabled: false,
  event: 'FormIsSubmitted',
  targetKind: 'Form',
  conditions: {
    combiner: 'And',
    items: [
      { type: 'FormIsType', params: { formUuid: 'Survey' } },
      { type: 'FormFieldNumberMatches', params: { formUuid: 'Survey', field: 'Rating', operator: 'Lt', value: 3 } },
    ],
  },
  actions: [
    { id: 'a', type: 'Job_AddBadge', params: { badgeUuid: 'Urgent' } },
    { id: 'b', type: 'Job_RemoveBadge', params: { badgeUuid: 'urgent ' } },
  ],
});

const record = (kind: string, uuid: string, name: string, more: Partial<VendorRecord> = {}): VendorRecord => ({
  kind,
  uuid,
  name,
  active: true,
  ...more,
});

describe('matching a template onto a vendor’s records', () => {
  it('names each record once however often it is used, with every place it goes', () => {
    expect(namedRecordsOf(definition).map(({ key, paths }) => ({ key, paths }))).toEqual([
      { key: 'form:Survey', paths: ['conditions.items.0.params.formUuid', 'conditions.items.1.params.formUuid'] },
      { key: 'formfield:Survey/Rating', paths: ['conditions.items.1.params.field'] },
      { key: 'badge:Urgent', paths: ['actions.0.params.badgeUuid', 'actions.1.params.badgeUuid'] },
    ]);
  });

  it('matches by kind and name ignoring case, looks for a field in its form, and skips inactive records', () => {
    const vendor = [
      record('badge', 'b-old', 'URGENT', { active: false }),
      record('badge', 'b-1', 'urgent'),
      record('queue', 'q-1', 'Survey'),
      record('form', 'f-1', 'survey'),
      record('formfield', 'x-2', 'Rating', { formUuid: 'f-other' }),
      record('formfield', 'x-1', 'rating', { formUuid: 'f-1' }),
    ];
    const records = namedRecordsOf(definition);
    const { uuids, unresolved } = resolveNamedRecords(records, vendor, {});
    expect(unresolved).toEqual([]);
    const copy = withVendorRecords(definition, records, uuids);
    expect(copy.conditions.items).toMatchObject([
      { params: { formUuid: 'f-1' } },
      { params: { formUuid: 'f-1', field: 'x-1' } },
    ]);
    expect(copy.actions.map((action) => action.params)).toEqual([{ badgeUuid: 'b-1' }, { badgeUuid: 'b-1' }]);
    expect(definition.actions[0]?.params).toEqual({ badgeUuid: 'Urgent' });
  });

  it('lists what does not match with its candidates, and takes a mapping to one of them only', () => {
    const vendor = [record('form', 'f-9', 'Site check'), record('badge', 'b-1', 'VIP')];
    const records = namedRecordsOf(definition);
    const first = resolveNamedRecords(records, vendor, {});
    expect(first.unresolved.map(({ key, creatable, candidates }) => ({ key, creatable, candidates }))).toEqual([
      { key: 'form:Survey', creatable: false, candidates: [{ uuid: 'f-9', name: 'Site check' }] },
      { key: 'badge:Urgent', creatable: true, candidates: [{ uuid: 'b-1', name: 'VIP' }] },
      // A field is looked for in the form its form resolved to: none yet, so no candidates until it is mapped.
      { key: 'formfield:Survey/Rating', creatable: false, candidates: [] },
    ]);
    const mapped = resolveNamedRecords(records, vendor, { 'FORM:survey': 'f-9', 'badge:Urgent': 'f-9' });
    expect(mapped.uuids.get('form:Survey')).toBe('f-9');
    expect(Object.keys(mapped.badMappings)).toEqual(['badge:Urgent']);
  });
});
