import { TriggerDefinition } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { clearErrors, fieldKeyForPath, mapIssues, mapServerErrors, parseServerPath } from './issue-paths.ts';
import {
  type DraftAction,
  type DraftCondition,
  type DraftGroup,
  draftToDefinition,
  emptyDraft,
  type TriggerDraft,
} from './trigger-draft.ts';

const BADGE = '0b7d5c4e-1111-4a2b-9c3d-000000000001';

const note: DraftAction = { id: 'note-1', type: 'Job_AddNote', params: { text: '' } };
const badge: DraftAction = { id: 'badge-1', type: 'Job_AddBadge', params: { badgeUuid: BADGE } };
const hasBadges: DraftCondition = { kind: 'condition', key: 'k1', type: 'JobHasAllBadges', params: { badgeUuids: [] } };
const status: DraftCondition = { kind: 'condition', key: 'k3', type: 'JobIsStatus', params: { status: 'Quote' } };
const nested: DraftGroup = { kind: 'group', key: 'k2', combiner: 'Or', items: [status] };

function draft(): TriggerDraft {
  return {
    ...emptyDraft(),
    name: 'Follow up',
    conditions: { ...emptyDraft().conditions, items: [hasBadges, nested] },
    actions: [badge, note],
  };
}

describe('fieldKeyForPath', () => {
  it.each([
    [['name'], 'name'],
    [['enabled'], 'enabled'],
    [['delay'], 'delay.amount'],
    [['delay', 'unit'], 'delay.unit'],
    [['actions'], 'actions'],
    [['actions', 1, 'params', 'text'], 'action:note-1.text'],
    [['actions', 0, 'params', 'badgeUuid'], 'action:badge-1.badgeUuid'],
    [['actions', 1, 'id'], 'action:note-1'],
    [['actions', 7, 'params', 'text'], 'actions'],
    [['conditions'], 'conditions'],
    [['conditions', 'items', 0, 'params', 'badgeUuids', 2], 'condition:k1.badgeUuids'],
    [['conditions', 'items', 1], 'condition:k2'],
    [['conditions', 'items', 1, 'items'], 'condition:k2'],
    [['conditions', 'items', 1, 'items', 0, 'params', 'status'], 'condition:k3.status'],
    [['conditions', 'items', 1, 'items', 0, 'type'], 'condition:k3'],
    [['conditions', 'items', 5, 'params', 'status'], 'conditions'],
    [['somethingElse'], ''],
    [[], ''],
  ] as const)('%j → %s', (path, key) => {
    expect(fieldKeyForPath(path, draft())).toBe(key);
  });

  it('finds an action by its place now, so the error follows the action when the list is reordered', () => {
    const reordered = { ...draft(), actions: [note, badge] };
    expect(fieldKeyForPath(['actions', 0, 'params', 'text'], reordered)).toBe('action:note-1.text');
  });
});

describe('mapIssues', () => {
  it('puts each of the contract’s sentences under its input, the first one per field', () => {
    const current = draft();
    const parsed = TriggerDefinition.safeParse(draftToDefinition(current));
    expect(parsed.success).toBe(false);
    const errors = mapIssues(parsed.error?.issues ?? [], current);
    expect(errors).toEqual({
      'condition:k1.badgeUuids': 'Condition 1, Badges: choose at least one badge.',
      'action:note-1.text': 'Action 2, Note: write the note.',
    });
  });
});

describe('server errors', () => {
  it('reads the server’s dotted and bracketed paths, with or without body.', () => {
    expect(parseServerPath('body.actions.0.params.text')).toEqual(['actions', 0, 'params', 'text']);
    expect(parseServerPath('conditions.items[1].items[0].params.status')).toEqual([
      'conditions',
      'items',
      1,
      'items',
      0,
      'params',
      'status',
    ]);
  });

  it('maps a missing badge and the enabled switch to their inputs', () => {
    const errors = mapServerErrors(
      {
        'actions.0.params.badgeUuid': [
          'Action 1, “Add a badge to the job”: the badge … is not in your ServiceM8 account.',
          'x',
        ],
        enabled: ['Connect your ServiceM8 account before enabling a trigger.'],
        body: ['Something about the whole body.'],
      },
      draft(),
    );
    expect(errors).toEqual({
      'action:badge-1.badgeUuid': 'Action 1, “Add a badge to the job”: the badge … is not in your ServiceM8 account.',
      enabled: 'Connect your ServiceM8 account before enabling a trigger.',
      '': 'Something about the whole body.',
    });
  });
});

describe('clearErrors', () => {
  it('drops a field, or an item with its inputs', () => {
    const errors = { 'action:a': 'x', 'action:a.text': 'y', 'action:ab.text': 'z', name: 'n' };
    expect(clearErrors(errors, 'name')).toEqual({ 'action:a': 'x', 'action:a.text': 'y', 'action:ab.text': 'z' });
    expect(clearErrors(errors, 'action:a', true)).toEqual({ 'action:ab.text': 'z', name: 'n' });
    expect(clearErrors(errors, 'missing')).toBe(errors);
  });
});
