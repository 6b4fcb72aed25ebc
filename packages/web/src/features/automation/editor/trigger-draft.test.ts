import { TriggerDefinition } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import {
  type DraftAction,
  draftFromDefinition,
  draftToDefinition,
  emptyDraft,
  groupDepth,
  newActionId,
  newCondition,
  newGroup,
  sameDefinition,
  updateGroup,
  updateItem,
} from './trigger-draft.ts';

const FORM = '0b7d5c4e-1111-4a2b-9c3d-00000000f001';
const FIELD = '0b7d5c4e-1111-4a2b-9c3d-00000000f002';
const MATERIAL = '0b7d5c4e-1111-4a2b-9c3d-00000000a001';

const SAVED = TriggerDefinition.parse({
  name: 'Big orders',
  enabled: true,
  event: 'FormIsSubmitted',
  targetKind: 'Form',
  conditions: {
    combiner: 'Or',
    items: [
      { type: 'FormFieldNumberMatches', params: { formUuid: FORM, field: FIELD, operator: 'GtEq', value: 10 } },
      { type: 'Group', combiner: 'And', items: [{ type: 'JobQuoted', params: {} }] },
    ],
  },
  delay: { amount: 2, unit: 'Hour' },
  actions: [
    { id: 'svc', type: 'Job_AddService', params: { materialUuid: MATERIAL, quantity: 1.5 } },
    { id: 'mail', type: 'Job_SendEmail', params: { emailTemplateId: 'tpl-1' } },
  ],
});

describe('draft ⇄ definition', () => {
  it('round-trips a saved definition, numbers typed as text', () => {
    const draft = draftFromDefinition(SAVED);
    expect(draft.delay).toEqual({ amount: '2', unit: 'Hour' });
    expect(draft.actions[0]?.params.quantity).toBe('1.5');
    const first = draft.conditions.items[0];
    expect(first?.kind === 'condition' && first.params.value).toBe('10');
    expect(TriggerDefinition.parse(draftToDefinition(draft))).toEqual(SAVED);
  });

  it('sees no change in a fresh copy, and keeps keys when the saved definition comes back', () => {
    const draft = draftFromDefinition(SAVED);
    expect(sameDefinition(draft, draftFromDefinition(SAVED))).toBe(true);
    const again = draftFromDefinition(SAVED, draft);
    expect(again.conditions.items.map((item) => item.key)).toEqual(draft.conditions.items.map((item) => item.key));
  });

  it('leaves out a blank number (the contract says it is required) and keeps text that is not a number', () => {
    const draft = { ...emptyDraft(), name: 'x', delay: { amount: '', unit: 'Day' as const } };
    expect(draftToDefinition(draft).delay).toEqual({ amount: undefined, unit: 'Day' });
    const result = TriggerDefinition.safeParse(draftToDefinition({ ...draft, delay: { amount: 'two', unit: 'Day' } }));
    expect(result.error?.issues[0]?.message).toBe('Wait: give a whole number.');
  });

  it('sends an email’s template or its written subject and body, never both', () => {
    const written: DraftAction = {
      id: 'a',
      type: 'JobClient_SendEmail',
      params: { subject: 'Hi', body: 'There' },
    };
    const template: DraftAction = { ...written, params: { ...written.params, emailTemplateId: 'tpl' } };
    const toParams = (action: DraftAction) => draftToDefinition({ ...emptyDraft(), actions: [action] }).actions[0];
    expect(toParams(written)).toMatchObject({ params: { subject: 'Hi', body: 'There' } });
    expect(toParams(template)).toEqual({ id: 'a', type: 'JobClient_SendEmail', params: { emailTemplateId: 'tpl' } });
  });
});

describe('the condition tree', () => {
  it('adds into and removes from nested groups without touching the rest', () => {
    const inner = newGroup('Or', [newCondition('JobIsCompleted')]);
    const root = { ...emptyDraft().conditions, items: [newCondition('JobQuoted'), inner] };
    expect(groupDepth(root)).toBe(2);
    const added = updateGroup(root, inner.key, (group) => ({ ...group, items: [...group.items, newGroup()] }));
    expect(groupDepth(added)).toBe(3);
    expect(added.items[0]).toBe(root.items[0]);
    const removed = updateItem(added, inner.key, () => null);
    expect(removed.items).toHaveLength(1);
  });

  it('makes action ids that are new', () => {
    const id = newActionId(['action-0000000000']);
    expect(id).toMatch(/^action-[0-9a-f]{10}$/);
    expect(id).not.toBe('action-0000000000');
  });
});
