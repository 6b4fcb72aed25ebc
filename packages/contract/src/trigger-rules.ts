import { BOOKING_EVENT, TRIGGER_EVENT_LABELS, type TriggerEvent } from './enums.ts';
import {
  ACTION_RECORD,
  CONDITION_RECORD,
  EVENT_RECORDS,
  MERGE_FIELD_GROUP_RECORD,
  RUN_RECORD_WORDS,
  type RunRecord,
} from './event-records.ts';
import { groupOf, isMergeField, mergeFieldNamesIn, unknownMergeFieldMessage } from './merge-fields.ts';
import { actionName, conditionName } from './trigger-words.ts';
import {
  ACTION_TEXT_LABELS,
  type ConditionGroup,
  isConditionGroup,
  type TriggerAction,
  type TriggerActionType,
  TriggerDefinition,
} from './triggers.ts';

/**
 * The rules a definition must keep to be saved, beyond its shape: every condition, action and merge
 * field is one its event can give a value to, and every merge field exists. A stored definition that
 * breaks them still reads (`TriggerDefinition`); the editor and the server refuse to save one
 * (`SavableTriggerDefinition`), with each problem said in the words the editor shows.
 */

export type DefinitionIssue = { path: Array<string | number>; message: string };

/** The text inputs of each action that may hold merge fields, with their labels in the editor. */
export const ACTION_TEXT_PARAMS: Readonly<Partial<Record<TriggerActionType, Readonly<Record<string, string>>>>> =
  ACTION_TEXT_LABELS;

const eventWords = (event: TriggerEvent) => `“${TRIGGER_EVENT_LABELS[event]}”`;
const lacks = (event: TriggerEvent, record: RunRecord | null): record is RunRecord =>
  record !== null && !EVENT_RECORDS[event].includes(record);

/** Every problem with `definition` for its event, in the order the editor shows the items. */
export function definitionIssues(definition: TriggerDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  conditionIssues(definition.event, definition.conditions, ['conditions'], issues);
  if (definition.delay?.from === 'BookingStart' && definition.event !== BOOKING_EVENT) {
    issues.push({
      path: ['delay', 'from'],
      message: `Waiting “before the booking starts” needs a booking, and ${eventWords(definition.event)} has none: wait after the event or choose ${eventWords(BOOKING_EVENT)}.`,
    });
  }
  definition.actions.forEach((action, index) => {
    actionIssues(definition.event, action, index, issues);
  });
  return issues;
}

function conditionIssues(
  event: TriggerEvent,
  group: ConditionGroup,
  path: Array<string | number>,
  issues: DefinitionIssue[],
): void {
  group.items.forEach((item, index) => {
    const at = [...path, 'items', index];
    if (isConditionGroup(item)) {
      conditionIssues(event, item, at, issues);
      return;
    }
    const record = CONDITION_RECORD[item.type];
    if (lacks(event, record)) {
      issues.push({
        path: at,
        message: `${conditionName(item.type)} needs ${RUN_RECORD_WORDS[record]}, and ${eventWords(event)} has none: remove the condition or choose another event.`,
      });
    }
  });
}

function actionIssues(event: TriggerEvent, action: TriggerAction, index: number, issues: DefinitionIssue[]): void {
  const name = actionName(index, action.type);
  const record = ACTION_RECORD[action.type];
  if (lacks(event, record)) {
    issues.push({
      path: ['actions', index],
      message: `${name} needs ${RUN_RECORD_WORDS[record]}, and ${eventWords(event)} has none: remove the action or choose another event.`,
    });
    return;
  }
  const params = action.params as Record<string, unknown>;
  for (const [param, label] of Object.entries(ACTION_TEXT_PARAMS[action.type] ?? {})) {
    const text = params[param];
    if (typeof text !== 'string') continue;
    const problem = mergeFieldProblem(event, text);
    if (problem) issues.push({ path: ['actions', index, 'params', param], message: `${name}, ${label}: ${problem}` });
  }
}

/**
 * The first merge field of `text` that does not exist or that `event` gives no value (null when every
 * one is fine), as a sentence.
 */
export function mergeFieldProblem(event: TriggerEvent | null, text: string): string | null {
  for (const name of mergeFieldNamesIn(text)) {
    if (!isMergeField(name)) return unknownMergeFieldMessage(name);
    const record = MERGE_FIELD_GROUP_RECORD[groupOf(name)];
    if (event && lacks(event, record)) {
      return `{{ ${name} }} would always be empty: ${eventWords(event)} has no ${RUN_RECORD_WORDS[record].replace(/^an? /, '')}.`;
    }
  }
  return null;
}

/** A definition as the editor and the server accept it for saving. */
export const SavableTriggerDefinition = TriggerDefinition.superRefine((definition, context) => {
  for (const issue of definitionIssues(definition)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
});
