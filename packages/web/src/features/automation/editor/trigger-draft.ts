import {
  type ConditionGroup,
  type ConditionItem,
  type ConditionType,
  type DelayBase,
  isConditionGroup,
  type LogicalCombiner,
  type TargetKind,
  type TimeUnit,
  type TriggerActionType,
  type TriggerDefinition,
  type TriggerDefinitionInput,
  type TriggerEvent,
} from '@automate/contract';

/**
 * The editor's working copy of a trigger definition. It mirrors `TriggerDefinition`, but every
 * condition and group carries a `key` (React keys, and where a field's error is shown), numbers
 * being typed stay strings, and params are loose records the contract checks on save.
 */

export type Params = Record<string, unknown>;
export type DraftCondition = { kind: 'condition'; key: string; type: ConditionType; params: Params };
export type DraftGroup = { kind: 'group'; key: string; combiner: LogicalCombiner; items: DraftItem[] };
export type DraftItem = DraftCondition | DraftGroup;
export type DraftAction = { id: string; type: TriggerActionType; params: Params };

export type TriggerDraft = {
  name: string;
  description: string;
  enabled: boolean;
  event: TriggerEvent;
  targetKind: TargetKind;
  conditions: DraftGroup;
  /**
   * Null: the actions run as soon as the event happens. `from`: what the wait counts from (the event
   * when absent; “A job is scheduled” may count back from the booking's start).
   */
  delay: { amount: string; unit: TimeUnit; from?: DelayBase } | null;
  recheckBeforeRun: boolean;
  /** Urgent messages: the emails and texts go out even outside the business's quiet hours. */
  ignoreQuietHours: boolean;
  actions: DraftAction[];
};

/** The top group's key: its problems are shown above the condition builder. */
export const TOP_GROUP_KEY = 'conditions';

let keySequence = 0;
function nextKey(): string {
  keySequence += 1;
  return `c${keySequence}`;
}

function randomHex(length: number): string {
  const random = globalThis.crypto?.randomUUID?.().replaceAll('-', '');
  if (random) return random.slice(0, length);
  return Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

/** A new action id, unique among `taken` (the contract needs one per action, at most 64 characters). */
export function newActionId(taken: Iterable<string> = []): string {
  const used = new Set(taken);
  for (;;) {
    const id = `action-${randomHex(10)}`;
    if (!used.has(id)) return id;
  }
}

/** Params that are numbers in the definition but typed as text in the editor. */
const NUMBER_PARAMS: Readonly<Partial<Record<ConditionType | TriggerActionType, string>>> = {
  FormFieldNumberMatches: 'value',
  Job_AddService: 'quantity',
};

const EMAIL_ACTIONS: readonly TriggerActionType[] = ['Job_SendEmail', 'JobClient_SendEmail'];

function isEmailAction(type: TriggerActionType): boolean {
  return EMAIL_ACTIONS.includes(type);
}

/** Whether an email action uses a template (its `emailTemplateId` is set, even while still empty). */
export function usesEmailTemplate(action: DraftAction): boolean {
  return isEmailAction(action.type) && action.params.emailTemplateId !== undefined;
}

// ---------------------------------------------------------------------------------------------
// New items

/** The params a new condition starts with: lists empty, texts blank, the operator "equal". */
function defaultConditionParams(type: ConditionType): Params {
  switch (type) {
    case 'JobHasAllBadges':
    case 'ClientHasAllBadges':
    case 'JobExcludesBadges':
    case 'ClientExcludesBadges':
      return { badgeUuids: [] };
    case 'JobExcludesCategories':
      return { categoryUuids: [] };
    case 'JobExcludesQueues':
      return { queueUuids: [] };
    case 'JobExcludesStatuses':
      return { statuses: [] };
    case 'FormFieldTextIncludes':
      return { formUuid: '', field: '', text: '' };
    case 'FormFieldChoiceMatches':
    case 'FormFieldMultiChoiceIncludes':
      return { formUuid: '', field: '', choice: '' };
    case 'FormFieldNumberMatches':
      return { formUuid: '', field: '', operator: 'Eq', value: '' };
    case 'FormFieldDateMatches':
      return { formUuid: '', field: '', operator: 'Eq', value: '' };
    default:
      return {};
  }
}

export function newCondition(type: ConditionType): DraftCondition {
  return { kind: 'condition', key: nextKey(), type, params: defaultConditionParams(type) };
}

export function newGroup(combiner: LogicalCombiner = 'And', items: DraftItem[] = []): DraftGroup {
  return { kind: 'group', key: nextKey(), combiner, items };
}

/** The params a new action starts with: texts blank, quantity 1. */
function defaultActionParams(type: TriggerActionType): Params {
  switch (type) {
    case 'Job_SendEmail':
    case 'JobClient_SendEmail':
      return { subject: '', body: '' };
    case 'Job_SendAttachment':
      return { attachmentId: '', subject: '', body: '' };
    case 'Job_AddNote':
    case 'Job_AddDescription':
    case 'Job_AddWorkDoneDescription':
      return { text: '' };
    case 'Job_SendText':
    case 'JobClient_SendText':
      return { message: '' };
    case 'Job_AddService':
      return { materialUuid: '', quantity: '1' };
    case 'JobClient_CreateJob':
      return { status: 'Quote', description: '' };
    case 'SendToWebAddress':
      return { url: '', bodyMode: 'json', body: '', headers: [] };
    default:
      return {};
  }
}

export function newAction(type: TriggerActionType, taken: Iterable<string>): DraftAction {
  return { id: newActionId(taken), type, params: defaultActionParams(type) };
}

export function emptyDraft(): TriggerDraft {
  return {
    name: '',
    description: '',
    enabled: false,
    event: 'JobIsCreated',
    targetKind: 'Job',
    conditions: { kind: 'group', key: TOP_GROUP_KEY, combiner: 'And', items: [] },
    delay: null,
    recheckBeforeRun: true,
    ignoreQuietHours: false,
    actions: [],
  };
}

/** The record a trigger on this event works on, to preselect the target kind. */
export function targetKindForEvent(event: TriggerEvent): TargetKind {
  if (event === 'ClientIsCreated') return 'Client';
  if (event === 'FormIsSubmitted') return 'Form';
  return 'Job';
}

// ---------------------------------------------------------------------------------------------
// Definition ⇄ draft

function paramsToDraft(type: ConditionType | TriggerActionType, params: object): Params {
  const copy: Params = { ...params };
  const numeric = NUMBER_PARAMS[type];
  if (numeric && typeof copy[numeric] === 'number') copy[numeric] = String(copy[numeric]);
  return copy;
}

/**
 * A saved definition as a draft. Given the draft it replaces (after saving), items at the same place
 * and of the same kind keep their keys, so nothing on screen is rebuilt.
 */
export function draftFromDefinition(definition: TriggerDefinition, previous?: TriggerDraft): TriggerDraft {
  return {
    name: definition.name,
    description: definition.description,
    enabled: definition.enabled,
    event: definition.event,
    targetKind: definition.targetKind,
    conditions: { ...groupToDraft(definition.conditions, previous?.conditions), key: TOP_GROUP_KEY },
    delay: definition.delay
      ? {
          amount: String(definition.delay.amount),
          unit: definition.delay.unit,
          ...(definition.delay.from ? { from: definition.delay.from } : {}),
        }
      : null,
    recheckBeforeRun: definition.recheckBeforeRun,
    ignoreQuietHours: definition.ignoreQuietHours,
    actions: definition.actions.map((action) => ({
      id: action.id,
      type: action.type,
      params: paramsToDraft(action.type, action.params),
    })),
  };
}

function groupToDraft(group: ConditionGroup, previous: DraftGroup | undefined): DraftGroup {
  return {
    kind: 'group',
    key: previous?.key ?? nextKey(),
    combiner: group.combiner,
    items: group.items.map((item, index) => itemToDraft(item, previous?.items[index])),
  };
}

function itemToDraft(item: ConditionItem, previous: DraftItem | undefined): DraftItem {
  if (isConditionGroup(item)) return groupToDraft(item, previous?.kind === 'group' ? previous : undefined);
  return {
    kind: 'condition',
    key: previous?.kind === 'condition' && previous.type === item.type ? previous.key : nextKey(),
    type: item.type,
    params: paramsToDraft(item.type, item.params),
  };
}

/** `'12'` → 12; blank → left out (the contract says it is required); anything else as typed (it says why). */
function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : value;
}

function paramsToDefinition(type: ConditionType | TriggerActionType, params: Params): Params {
  const copy: Params = { ...params };
  const numeric = NUMBER_PARAMS[type];
  if (numeric) copy[numeric] = numberFromText(copy[numeric]);
  if (type === 'JobClient_CreateJob' && (copy.categoryUuid === '' || copy.categoryUuid === null)) {
    delete copy.categoryUuid;
  }
  if (EMAIL_ACTIONS.includes(type as TriggerActionType)) {
    // A template replaces the written subject and body; the written ones are kept in the draft only.
    if (copy.emailTemplateId !== undefined) return { emailTemplateId: copy.emailTemplateId };
    delete copy.emailTemplateId;
  }
  for (const [name, value] of Object.entries(copy)) if (value === undefined) delete copy[name];
  return copy;
}

function groupToDefinition(group: DraftGroup, nested: boolean): TriggerDefinitionInput['conditions'] {
  const items = group.items.map((item) =>
    item.kind === 'group'
      ? groupToDefinition(item, true)
      : { type: item.type, params: paramsToDefinition(item.type, item.params) },
  );
  // The contract's types are exact per condition; the loose params are checked by its schema on save.
  return (nested ? { type: 'Group', combiner: group.combiner, items } : { combiner: group.combiner, items }) as never;
}

/** The definition to check and send. Not yet valid: `TriggerDefinition.safeParse` says what is wrong. */
export function draftToDefinition(draft: TriggerDraft): TriggerDefinitionInput {
  const definition: TriggerDefinitionInput = {
    name: draft.name,
    description: draft.description,
    enabled: draft.enabled,
    event: draft.event,
    targetKind: draft.targetKind,
    conditions: groupToDefinition(draft.conditions, false),
    recheckBeforeRun: draft.recheckBeforeRun,
    ignoreQuietHours: draft.ignoreQuietHours,
    actions: draft.actions.map((action) => ({
      id: action.id,
      type: action.type,
      params: paramsToDefinition(action.type, action.params),
    })) as never,
  };
  if (draft.delay) {
    definition.delay = {
      amount: numberFromText(draft.delay.amount) as number,
      unit: draft.delay.unit,
      ...(draft.delay.from ? { from: draft.delay.from } : {}),
    };
  }
  return definition;
}

/** JSON with object keys sorted, so two definitions compare equal whatever order their params were set in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

export function sameDefinition(a: TriggerDraft, b: TriggerDraft): boolean {
  return stableJson(draftToDefinition(a)) === stableJson(draftToDefinition(b));
}

// ---------------------------------------------------------------------------------------------
// Changing the condition tree (immutably)

/** The group with `key` changed by `change`; every other group is left as it is. */
export function updateGroup(root: DraftGroup, key: string, change: (group: DraftGroup) => DraftGroup): DraftGroup {
  if (root.key === key) return change(root);
  let changed = false;
  const items = root.items.map((item) => {
    if (item.kind !== 'group') return item;
    const next = updateGroup(item, key, change);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? { ...root, items } : root;
}

/** The item with `key` replaced by `change(item)`, or removed when `change` answers null. */
export function updateItem(root: DraftGroup, key: string, change: (item: DraftItem) => DraftItem | null): DraftGroup {
  let changed = false;
  const items: DraftItem[] = [];
  for (const item of root.items) {
    if (item.key === key) {
      changed = true;
      const next = change(item);
      if (next) items.push(next);
    } else if (item.kind === 'group') {
      const next = updateItem(item, key, change);
      if (next !== item) changed = true;
      items.push(next);
    } else {
      items.push(item);
    }
  }
  return changed ? { ...root, items } : root;
}

/** How many levels of groups the tree has, the top group being level 1. */
export function groupDepth(group: DraftGroup): number {
  return 1 + Math.max(0, ...group.items.map((item) => (item.kind === 'group' ? groupDepth(item) : 0)));
}
