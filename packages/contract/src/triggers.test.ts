import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SAMPLE_IDS, VALID_ACTIONS, VALID_CONDITIONS } from './testing/sample-params.ts';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_CONDITIONS,
  Condition,
  ConditionGroup,
  isConditionGroup,
  referencesOf,
  TRIGGER_LIMITS,
  TriggerAction,
  TriggerDefinition,
  type TriggerDefinitionInput,
} from './triggers.ts';

const {
  badge: BADGE,
  badge2: BADGE_2,
  queue: QUEUE,
  category: CATEGORY,
  form: FORM,
  field: FIELD,
  material: MATERIAL,
} = SAMPLE_IDS;

/** A valid definition; each test builds its own. */
function buildDefinition(overrides: Partial<TriggerDefinitionInput> = {}): TriggerDefinitionInput {
  return {
    name: 'Quote follow-up',
    enabled: true,
    event: 'JobQuoteSent',
    targetKind: 'Job',
    conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Quote' } }] },
    delay: { amount: 3, unit: 'Day' },
    actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Followed up on {{job.generated_job_id}}' } }],
    ...overrides,
  };
}

/** The issues of a failed parse as `path: message`, path joined with dots. */
function issuesOf(result: z.ZodSafeParseResult<unknown>): string[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('TriggerDefinition', () => {
  it('accepts a definition and fills the defaults', () => {
    const input = buildDefinition();
    delete input.delay;
    const parsed = TriggerDefinition.parse(input);
    expect(parsed.description).toBe('');
    expect(parsed.recheckBeforeRun).toBe(true);
    expect(parsed.delay).toBeUndefined();
    expect(TriggerDefinition.parse({ ...input, conditions: undefined }).conditions).toEqual({
      combiner: 'And',
      items: [],
    });
    expect(TriggerDefinition.parse({ ...input, recheckBeforeRun: false }).recheckBeforeRun).toBe(false);
  });

  it.each(AUTOMATION_CONDITIONS)('accepts the condition %s with its params', (type) => {
    const condition = { type, params: VALID_CONDITIONS[type] };
    const result = TriggerDefinition.safeParse(
      buildDefinition({ conditions: { combiner: 'Or', items: [condition] } as never }),
    );
    expect(issuesOf(result)).toEqual([]);
    expect(Condition.safeParse(condition).success).toBe(true);
  });

  it.each(AUTOMATION_ACTIONS)('accepts the action %s with its params', (type) => {
    const result = TriggerDefinition.safeParse(
      buildDefinition({
        actions: [{ id: 'x', type, params: VALID_ACTIONS[type] }] as TriggerDefinitionInput['actions'],
      }),
    );
    expect(issuesOf(result)).toEqual([]);
  });

  it('lets conditions without settings leave params out', () => {
    expect(Condition.parse({ type: 'JobIsScheduled' })).toEqual({ type: 'JobIsScheduled', params: {} });
  });

  it('accepts every comparison operator and time unit', () => {
    for (const operator of ['Eq', 'LtEq', 'GtEq', 'Lt', 'Gt', 'NotEq']) {
      const params = { formUuid: FORM, field: FIELD, operator, value: 2 };
      expect(Condition.safeParse({ type: 'FormFieldNumberMatches', params }).success).toBe(true);
    }
    for (const unit of ['Minute', 'Hour', 'Day', 'Month', 'Year']) {
      expect(TriggerDefinition.safeParse(buildDefinition({ delay: { amount: 1, unit } as never })).success).toBe(true);
    }
  });

  const refusals: Array<{ title: string; input: unknown; issues: string[] }> = [
    {
      title: 'a missing name',
      input: buildDefinition({ name: '  ' }),
      issues: ['name: Name: give the trigger a name.'],
    },
    {
      title: 'a name that is too long',
      input: buildDefinition({ name: 'x'.repeat(101) }),
      issues: ['name: Name: use at most 100 characters.'],
    },
    {
      title: 'an unknown event',
      input: buildDefinition({ event: 'JobDeleted' as never }),
      issues: [expect.stringMatching(/^event: When: choose one of the 15 events: JobIsCreated, /) as never],
    },
    {
      title: 'an unknown target kind',
      input: buildDefinition({ targetKind: 'Staff' as never }),
      issues: ['targetKind: Works on: choose Job, Client, CustomField or Form.'],
    },
    {
      title: 'enabled that is not a boolean',
      input: buildDefinition({ enabled: 'yes' as never }),
      issues: ['enabled: Enabled: give true or false.'],
    },
    {
      title: 'a delay of zero',
      input: buildDefinition({ delay: { amount: 0, unit: 'Day' } }),
      issues: ['delay.amount: Wait: give at least 1.'],
    },
    {
      title: 'a fractional delay in an unknown unit',
      input: buildDefinition({ delay: { amount: 1.5, unit: 'Week' as never } }),
      issues: [
        'delay.amount: Wait: give a whole number.',
        'delay.unit: Unit: choose Minute, Hour, Day, Month or Year.',
      ],
    },
    {
      title: 'an enabled trigger without actions',
      input: buildDefinition({ actions: [] }),
      issues: ['actions: Actions: add at least one action before enabling the trigger.'],
    },
    {
      title: 'two actions with the same id',
      input: buildDefinition({
        actions: [
          { id: 'a1', type: 'Job_AddNote', params: { text: 'one' } },
          { id: 'a1', type: 'Job_AddNote', params: { text: 'two' } },
        ],
      }),
      issues: [`actions.1.id: Action 2, id: "a1" is already the id of action 1; every action needs its own id.`],
    },
    {
      title: 'an unknown action type',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_Delete', params: {} }] as never }),
      issues: [expect.stringMatching(/^actions\.0\.type: type must be one of the 15 actions: Job_AddBadge, /) as never],
    },
    {
      title: 'an action without an id',
      input: buildDefinition({ actions: [{ type: 'Job_AddNote', params: { text: 'x' } }] as never }),
      issues: ['actions.0.id: Action 1, id: every action needs an id.'],
    },
    {
      title: 'an action without params',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_AddBadge' }] as never }),
      issues: ['actions.0.params: params is required: this type needs some settings.'],
    },
    {
      title: 'a badge that is not a uuid',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_AddBadge', params: { badgeUuid: 'Warranty' } }] }),
      issues: [
        'actions.0.params.badgeUuid: Action 1, Badge: choose a badge from your ServiceM8 account (this is not the id of one).',
      ],
    },
    {
      title: 'a missing badge',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_RemoveBadge', params: {} }] as never }),
      issues: ['actions.0.params.badgeUuid: Action 1, Badge: choose a badge.'],
    },
    {
      title: 'a status ServiceM8 does not have',
      input: buildDefinition({
        actions: [{ id: 'a1', type: 'Job_ChangeStatus', params: { status: 'Done' } }] as never,
      }),
      issues: ['actions.0.params.status: Action 1, New status: choose Quote, Work Order, Unsuccessful or Completed.'],
    },
    {
      title: 'a missing queue',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_AddToQueue', params: { queueUuid: '' } }] }),
      issues: ['actions.0.params.queueUuid: Action 1, Queue: choose a queue.'],
    },
    {
      title: 'an empty note',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_AddNote', params: { text: ' ' } }] }),
      issues: ['actions.0.params.text: Action 1, Note: write the note.'],
    },
    {
      title: 'a quantity of zero',
      input: buildDefinition({
        actions: [{ id: 'a1', type: 'Job_AddService', params: { materialUuid: MATERIAL, quantity: 0 } }],
      }),
      issues: ['actions.0.params.quantity: Action 1, Quantity: give a number greater than 0.'],
    },
    {
      title: 'a quantity written as text and a missing material',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_AddService', params: { quantity: '2' } }] as never }),
      issues: [
        'actions.0.params.materialUuid: Action 1, Service (from your price list): choose a service of your price list.',
        'actions.0.params.quantity: Action 1, Quantity: give a number.',
      ],
    },
    {
      title: 'an email without template, subject or body',
      input: buildDefinition({ actions: [{ id: 'a1', type: 'Job_SendEmail', params: {} }] }),
      issues: [
        'actions.0.params.subject: Action 1, Subject: write the subject, or use an email template.',
        'actions.0.params.body: Action 1, Body: write the email, or use an email template.',
      ],
    },
    {
      title: 'a text message over 1600 characters',
      input: buildDefinition({
        actions: [{ id: 'a1', type: 'JobClient_SendText', params: { message: 'x'.repeat(1601) } }],
      }),
      issues: ['actions.0.params.message: Action 1, Message: use at most 1600 characters.'],
    },
    {
      title: 'an attachment email without a file',
      input: buildDefinition({
        actions: [{ id: 'a1', type: 'Job_SendAttachment', params: { subject: 's', body: 'b' } }] as never,
      }),
      issues: ['actions.0.params.attachmentId: Action 1, File: upload a file.'],
    },
    {
      title: 'a new job without a description',
      input: buildDefinition({
        actions: [{ id: 'a1', type: 'JobClient_CreateJob', params: { status: 'Quote' } }] as never,
      }),
      issues: ['actions.0.params.description: Action 1, Job description: describe the new job.'],
    },
    {
      title: 'an unknown condition type',
      input: buildDefinition({ conditions: { combiner: 'And', items: [{ type: 'JobIsLate', params: {} }] } as never }),
      issues: [
        expect.stringMatching(
          /^conditions\.items\.0\.type: type must be one of the 27 conditions \(IsCreated, /,
        ) as never,
      ],
    },
    {
      title: 'an empty list of badges',
      input: buildDefinition({
        conditions: { combiner: 'And', items: [{ type: 'JobHasAllBadges', params: { badgeUuids: [] } }] },
      }),
      issues: ['conditions.items.0.params.badgeUuids: Condition 1, Badges: choose at least one badge.'],
    },
    {
      title: 'a list of badges holding a name',
      input: buildDefinition({
        conditions: { combiner: 'And', items: [{ type: 'JobExcludesBadges', params: { badgeUuids: [BADGE, 'VIP'] } }] },
      }),
      issues: [
        'conditions.items.0.params.badgeUuids.1: Condition 1, Badges: choose a badge from your ServiceM8 account (this is not the id of one).',
      ],
    },
    {
      title: 'an empty list of queues',
      input: buildDefinition({
        conditions: { combiner: 'And', items: [{ type: 'JobExcludesQueues', params: { queueUuids: [] } }] },
      }),
      issues: ['conditions.items.0.params.queueUuids: Condition 1, Queues: choose at least one queue.'],
    },
    {
      title: 'an excluded status ServiceM8 does not have',
      input: buildDefinition({
        conditions: {
          combiner: 'And',
          items: [{ type: 'JobExcludesStatuses', params: { statuses: ['Open'] } }],
        } as never,
      }),
      issues: [
        'conditions.items.0.params.statuses.0: Condition 1, Statuses: choose Quote, Work Order, Unsuccessful or Completed.',
      ],
    },
    {
      title: 'a status excluded twice',
      input: buildDefinition({
        conditions: {
          combiner: 'And',
          items: [{ type: 'JobExcludesStatuses', params: { statuses: ['Quote', 'Quote'] } }],
        },
      }),
      issues: ['conditions.items.0.params.statuses: Condition 1, Statuses: choose each status only once.'],
    },
    {
      title: 'a number comparison with an unknown operator and a text value',
      input: buildDefinition({
        conditions: {
          combiner: 'And',
          items: [
            {
              type: 'FormFieldNumberMatches',
              params: { formUuid: FORM, field: FIELD, operator: 'Between', value: '4' },
            },
          ],
        } as never,
      }),
      issues: [
        'conditions.items.0.params.operator: Condition 1, Comparison: choose how to compare.',
        'conditions.items.0.params.value: Condition 1, Number: give a number.',
      ],
    },
    {
      title: 'a date that is not YYYY-MM-DD or does not exist',
      input: buildDefinition({
        conditions: {
          combiner: 'Or',
          items: [
            {
              type: 'FormFieldDateMatches',
              params: { formUuid: FORM, field: FIELD, operator: 'Eq', value: '31/03/2025' },
            },
            {
              type: 'FormFieldDateMatches',
              params: { formUuid: FORM, field: FIELD, operator: 'Eq', value: '2025-02-30' },
            },
          ],
        },
      }),
      issues: [
        'conditions.items.0.params.value: Condition 1, Date: give a real date written YYYY-MM-DD, such as 2025-03-31.',
        'conditions.items.1.params.value: Condition 2, Date: give a real date written YYYY-MM-DD, such as 2025-03-31.',
      ],
    },
    {
      title: 'a form field condition without form, field or text',
      input: buildDefinition({
        conditions: { combiner: 'And', items: [{ type: 'FormFieldTextIncludes', params: {} }] } as never,
      }),
      issues: [
        'conditions.items.0.params.formUuid: Condition 1, Form: choose a form.',
        'conditions.items.0.params.field: Condition 1, Field: choose a field of the form.',
        'conditions.items.0.params.text: Condition 1, Contains the words: write the words to look for.',
      ],
    },
    {
      title: 'a choice condition without a choice',
      input: buildDefinition({
        conditions: {
          combiner: 'And',
          items: [{ type: 'FormFieldMultiChoiceIncludes', params: { formUuid: FORM, field: FIELD, choice: '' } }],
        },
      }),
      issues: ['conditions.items.0.params.choice: Condition 1, Includes the answer: choose an answer.'],
    },
    {
      title: 'a combiner that is neither And nor Or',
      input: buildDefinition({ conditions: { combiner: 'Xor', items: [] } as never }),
      issues: ['conditions.combiner: Run when: choose And or Or.'],
    },
  ];

  it.each(refusals)('refuses $title with a sentence naming the field', ({ input, issues }) => {
    expect(issuesOf(TriggerDefinition.safeParse(input))).toEqual(issues);
  });

  it('lets a disabled draft have no actions', () => {
    expect(TriggerDefinition.safeParse(buildDefinition({ enabled: false, actions: [] })).success).toBe(true);
  });

  it('uses the email template instead of an inline subject and body', () => {
    const action = { id: 'a1', type: 'Job_SendEmail', params: { emailTemplateId: 'tpl-9' } };
    expect(TriggerAction.parse(action)).toEqual({
      ...action,
      params: { subject: '', body: '', emailTemplateId: 'tpl-9' },
    });
  });
});

describe('nested condition groups', () => {
  const badge = { type: 'JobHasBadge', params: { badgeUuid: BADGE } } as const;

  /** A chain of groups `depth` levels deep (the top one included) with a condition at the bottom. */
  function nest(depth: number): unknown {
    let group: unknown = { combiner: 'And', items: [badge] };
    for (let level = 1; level < depth; level += 1) group = { combiner: level % 2 ? 'Or' : 'And', items: [group] };
    return group;
  }

  it('parses groups inside groups, with or without type Group', () => {
    const conditions = {
      combiner: 'Or',
      items: [
        badge,
        { combiner: 'And', items: [{ type: 'JobIsCompleted' }, { type: 'Group', combiner: 'Or', items: [badge] }] },
      ],
    };
    const parsed = ConditionGroup.parse(conditions);
    const inner = parsed.items[1];
    expect(inner && isConditionGroup(inner)).toBe(true);
    expect(parsed).toEqual({
      combiner: 'Or',
      items: [
        badge,
        {
          combiner: 'And',
          items: [
            { type: 'JobIsCompleted', params: {} },
            { type: 'Group', combiner: 'Or', items: [badge] },
          ],
        },
      ],
    });
  });

  it('reports problems deep inside with their full path', () => {
    const conditions = {
      combiner: 'And',
      items: [{ combiner: 'Or', items: [badge, { combiner: 'And', items: [{ type: 'JobIsInQueue', params: {} }] }] }],
    };
    expect(issuesOf(TriggerDefinition.safeParse(buildDefinition({ conditions } as never)))).toEqual([
      'conditions.items.0.items.1.items.0.params.queueUuid: Condition 1.2.1, Queue: choose a queue.',
    ]);
  });

  it(`allows ${TRIGGER_LIMITS.conditionDepthMax} levels and refuses more`, () => {
    const deepest = TRIGGER_LIMITS.conditionDepthMax;
    expect(issuesOf(TriggerDefinition.safeParse(buildDefinition({ conditions: nest(deepest) } as never)))).toEqual([]);
    const tooDeep = issuesOf(TriggerDefinition.safeParse(buildDefinition({ conditions: nest(deepest + 1) } as never)));
    expect(tooDeep).toEqual([
      `${['conditions', ...Array(deepest).fill('items.0')].join('.')}: Conditions: groups can nest at most ${deepest} levels deep.`,
    ]);
  });

  it('refuses an empty nested group but allows no conditions at all', () => {
    const conditions = { combiner: 'And', items: [badge, { combiner: 'Or', items: [] }] };
    expect(issuesOf(TriggerDefinition.safeParse(buildDefinition({ conditions } as never)))).toEqual([
      'conditions.items.1.items: Group 2, the group is empty: add a condition to it or remove it.',
    ]);
    expect(TriggerDefinition.safeParse(buildDefinition({ conditions: { combiner: 'Or', items: [] } })).success).toBe(
      true,
    );
  });

  it('reads an item without type and without combiner as a group missing its combiner', () => {
    const conditions = { combiner: 'And', items: [{}] };
    expect(issuesOf(TriggerDefinition.safeParse(buildDefinition({ conditions } as never)))).toEqual([
      'conditions.items.0.combiner: Condition 1, Run when: choose And or Or.',
      'conditions.items.0.items: Condition 1, Conditions: give a list of conditions and groups.',
    ]);
  });
});

describe('referencesOf', () => {
  it('lists every reference with where it is used', () => {
    const definition = TriggerDefinition.parse(
      buildDefinition({
        conditions: {
          combiner: 'And',
          items: [
            { type: 'JobIsCategory', params: { categoryUuid: CATEGORY } },
            {
              combiner: 'Or',
              items: [
                { type: 'JobHasBadge', params: { badgeUuid: BADGE } },
                { type: 'ClientExcludesBadges', params: { badgeUuids: [BADGE, BADGE_2] } },
                { type: 'JobExcludesQueues', params: { queueUuids: [QUEUE] } },
              ],
            },
            { type: 'JobIsInQueue', params: { queueUuid: QUEUE } },
            { type: 'JobExcludesCategories', params: { categoryUuids: [CATEGORY] } },
            { type: 'FormIsType', params: { formUuid: FORM } },
            { type: 'FormFieldNumberMatches', params: { formUuid: FORM, field: FIELD, operator: 'Gt', value: 3 } },
            { type: 'JobIsStatus', params: { status: 'Quote' } },
          ],
        },
        actions: [
          { id: 'a', type: 'Job_AddBadge', params: { badgeUuid: BADGE_2 } },
          { id: 'b', type: 'Job_AddToQueue', params: { queueUuid: QUEUE } },
          { id: 'c', type: 'Job_AddService', params: { materialUuid: MATERIAL, quantity: 1 } },
          { id: 'd', type: 'Job_SendEmail', params: { emailTemplateId: 'tpl-1' } },
          { id: 'e', type: 'JobClient_SendEmail', params: { subject: 's', body: 'b' } },
          { id: 'f', type: 'Job_SendAttachment', params: { attachmentId: 'att-1', subject: 's', body: 'b' } },
          {
            id: 'g',
            type: 'JobClient_CreateJob',
            params: { status: 'Quote', description: 'd', categoryUuid: CATEGORY },
          },
          { id: 'h', type: 'Job_AddNote', params: { text: 'n' } },
        ],
      }),
    );
    expect(referencesOf(definition)).toEqual([
      { kind: 'category', uuid: CATEGORY, where: 'conditions.items[0]', param: 'categoryUuid' },
      { kind: 'badge', uuid: BADGE, where: 'conditions.items[1].items[0]', param: 'badgeUuid' },
      { kind: 'badge', uuid: BADGE, where: 'conditions.items[1].items[1]', param: 'badgeUuids[0]' },
      { kind: 'badge', uuid: BADGE_2, where: 'conditions.items[1].items[1]', param: 'badgeUuids[1]' },
      { kind: 'queue', uuid: QUEUE, where: 'conditions.items[1].items[2]', param: 'queueUuids[0]' },
      { kind: 'queue', uuid: QUEUE, where: 'conditions.items[2]', param: 'queueUuid' },
      { kind: 'category', uuid: CATEGORY, where: 'conditions.items[3]', param: 'categoryUuids[0]' },
      { kind: 'form', uuid: FORM, where: 'conditions.items[4]', param: 'formUuid' },
      { kind: 'form', uuid: FORM, where: 'conditions.items[5]', param: 'formUuid' },
      { kind: 'formfield', uuid: FIELD, formUuid: FORM, where: 'conditions.items[5]', param: 'field' },
      { kind: 'badge', uuid: BADGE_2, where: 'actions[0]', param: 'badgeUuid' },
      { kind: 'queue', uuid: QUEUE, where: 'actions[1]', param: 'queueUuid' },
      { kind: 'material', uuid: MATERIAL, where: 'actions[2]', param: 'materialUuid' },
      { kind: 'emailTemplate', id: 'tpl-1', where: 'actions[3]', param: 'emailTemplateId' },
      { kind: 'attachment', id: 'att-1', where: 'actions[5]', param: 'attachmentId' },
      { kind: 'category', uuid: CATEGORY, where: 'actions[6]', param: 'categoryUuid' },
    ]);
  });

  it('finds a reference in every condition and action that has one', () => {
    const withReference = (type: string) =>
      referencesOf(
        TriggerDefinition.parse(
          buildDefinition(
            (AUTOMATION_CONDITIONS as readonly string[]).includes(type)
              ? ({
                  conditions: { combiner: 'And', items: [{ type, params: VALID_CONDITIONS[type as never] }] },
                } as never)
              : ({ actions: [{ id: 'x', type, params: VALID_ACTIONS[type as never] }] } as never),
          ),
        ),
      ).length > 0;
    const referencing = [...AUTOMATION_CONDITIONS, ...AUTOMATION_ACTIONS].filter(withReference);
    expect(referencing.sort()).toEqual(
      [
        'JobIsCategory',
        'JobIsInQueue',
        'ClientHasBadge',
        'JobHasBadge',
        'JobHasAllBadges',
        'ClientHasAllBadges',
        'FormIsType',
        'JobExcludesBadges',
        'JobExcludesCategories',
        'JobExcludesQueues',
        'ClientExcludesBadges',
        'FormFieldTextIncludes',
        'FormFieldNumberMatches',
        'FormFieldChoiceMatches',
        'FormFieldDateMatches',
        'FormFieldMultiChoiceIncludes',
        'Job_AddBadge',
        'Job_RemoveBadge',
        'Job_AddToQueue',
        'Job_AddService',
        'Job_SendAttachment',
        'JobClient_SendEmail',
        'JobClient_CreateJob',
      ].sort(),
    );
  });
});
