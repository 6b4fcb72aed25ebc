import { TriggerDefinition, type TriggerDefinitionInput } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import {
  type AvailableReferences,
  type AvailableSm8Item,
  fieldPath,
  findMissingReferences,
} from './trigger-references.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const BADGE = uuid(1);
const OLD_BADGE = uuid(2);
const QUEUE = uuid(3);
const FORM = uuid(4);
const OTHER_FORM = uuid(5);
const FIELD = uuid(6);
const MATERIAL = uuid(7);
const TEMPLATE = uuid(8);
const FILE = uuid(9);

const SYNCED: AvailableSm8Item[] = [
  { kind: 'badge', uuid: BADGE, name: 'VIP', active: true },
  { kind: 'badge', uuid: OLD_BADGE, name: 'Old promo', active: false },
  { kind: 'queue', uuid: QUEUE, name: 'Follow up', active: true },
  { kind: 'form', uuid: FORM, name: 'Site check', active: true },
  { kind: 'form', uuid: OTHER_FORM, name: 'Safety', active: true },
  { kind: 'formfield', uuid: FIELD, name: 'Hazards', active: true, formUuid: OTHER_FORM },
  { kind: 'material', uuid: MATERIAL, name: 'Call-out', active: true },
];
const AVAILABLE: AvailableReferences = {
  sm8: SYNCED,
  emailTemplateIds: new Set([TEMPLATE]),
  attachmentIds: new Set([FILE]),
};

function definition(overrides: Partial<TriggerDefinitionInput>): TriggerDefinition {
  return TriggerDefinition.parse({
    name: 'Test',
    enabled: false,
    event: 'JobStatusChanged',
    targetKind: 'Job',
    actions: [],
    ...overrides,
  });
}

describe('findMissingReferences', () => {
  it('accepts a definition whose references all exist and are active', () => {
    const problems = findMissingReferences(
      definition({
        conditions: {
          combiner: 'And',
          items: [
            { type: 'JobHasBadge', params: { badgeUuid: BADGE } },
            { type: 'FormFieldTextIncludes', params: { formUuid: OTHER_FORM, field: FIELD, text: 'asbestos' } },
          ],
        },
        actions: [
          { id: 'a1', type: 'Job_AddToQueue', params: { queueUuid: QUEUE } },
          { id: 'a2', type: 'Job_AddService', params: { materialUuid: MATERIAL, quantity: 1 } },
          { id: 'a3', type: 'Job_SendEmail', params: { emailTemplateId: TEMPLATE } },
          { id: 'a4', type: 'Job_SendAttachment', params: { attachmentId: FILE, subject: 'Hi', body: 'See file' } },
        ],
      }),
      AVAILABLE,
    );
    expect(problems).toEqual([]);
  });

  it('names the action, the record and the field path of a missing badge', () => {
    const missing = uuid(99);
    const problems = findMissingReferences(
      definition({
        actions: [
          { id: 'a1', type: 'Job_AddNote', params: { text: 'x' } },
          { id: 'a2', type: 'Job_AddBadge', params: { badgeUuid: missing } },
        ],
      }),
      AVAILABLE,
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      [
        'actions.1.params.badgeUuid',
        `Action 2, “Add a badge to the job”: the badge ${missing} is not in your ServiceM8 account (or it was deleted). Sync with ServiceM8 or pick another badge.`,
      ],
    ]);
  });

  it('uses the synced name of an inactive record, and finds it inside nested groups and lists', () => {
    const problems = findMissingReferences(
      definition({
        conditions: {
          combiner: 'Or',
          items: [
            { type: 'IsCreated', params: {} },
            {
              combiner: 'And',
              items: [{ type: 'JobExcludesBadges', params: { badgeUuids: [BADGE, OLD_BADGE] } }],
            },
          ],
        },
      }),
      AVAILABLE,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('conditions.items.1.items.0.params.badgeUuids.1');
    expect(problems[0]?.message).toBe(
      'Condition “Job has none of the badges”: the badge "Old promo" is inactive in ServiceM8. Make it active in ServiceM8 and sync, or pick another badge.',
    );
  });

  it('refuses a form field that belongs to another form', () => {
    const problems = findMissingReferences(
      definition({
        conditions: {
          combiner: 'And',
          items: [{ type: 'FormFieldChoiceMatches', params: { formUuid: FORM, field: FIELD, choice: 'Yes' } }],
        },
      }),
      AVAILABLE,
    );
    expect(problems.map((p) => p.path)).toEqual(['conditions.items.0.params.field']);
    expect(problems[0]?.message).toContain('the field "Hazards" is not a field of the form "Site check"');
  });

  it('refuses a badge uuid given for a queue (kinds must match)', () => {
    const problems = findMissingReferences(
      definition({ actions: [{ id: 'a1', type: 'Job_AddToQueue', params: { queueUuid: BADGE } }] }),
      AVAILABLE,
    );
    expect(problems.map((p) => p.path)).toEqual(['actions.0.params.queueUuid']);
  });

  it('refuses unknown email templates and files, and lists every problem', () => {
    const problems = findMissingReferences(
      definition({
        actions: [
          { id: 'a1', type: 'JobClient_SendEmail', params: { emailTemplateId: uuid(50) } },
          { id: 'a2', type: 'Job_SendAttachment', params: { attachmentId: uuid(51), subject: 'S', body: 'B' } },
        ],
      }),
      AVAILABLE,
    );
    expect(problems.map((p) => p.path)).toEqual(['actions.0.params.emailTemplateId', 'actions.1.params.attachmentId']);
    expect(problems[0]?.message).toMatch(/^Action 1, “Email the client”: the email template .* does not exist/);
    expect(problems[1]?.message).toMatch(/^Action 2, “Email a file to the job contact”: the file .* was not uploaded/);
  });

  it('checks references against nothing when nothing is synced', () => {
    const problems = findMissingReferences(
      definition({ actions: [{ id: 'a1', type: 'Job_AddBadge', params: { badgeUuid: BADGE } }] }),
      { sm8: [], emailTemplateIds: new Set(), attachmentIds: new Set() },
    );
    expect(problems).toHaveLength(1);
  });
});

describe('fieldPath', () => {
  it('turns a reference location into the dotted path schema errors use', () => {
    expect(fieldPath('actions[2]', 'badgeUuid')).toBe('actions.2.params.badgeUuid');
    expect(fieldPath('conditions.items[0].items[3]', 'queueUuids[1]')).toBe(
      'conditions.items.0.items.3.params.queueUuids.1',
    );
  });
});
