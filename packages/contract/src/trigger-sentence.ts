import { TRIGGER_EVENT_LABELS } from './enums.ts';
import { ACTION_WORDS, CONDITION_WORDS } from './trigger-words.ts';
import {
  type ConditionGroup,
  type ConditionItem,
  isConditionGroup,
  referencesOf,
  type TriggerAction,
  type TriggerDefinition,
} from './triggers.ts';

/**
 * A definition in one plain sentence, for a template's preview or a list:
 * "When a quote is sent, if job has status Quote, after 3 days: email the client, then add a badge to
 * the job (“Quote Follow-up”)." `nameOf` turns a referenced record into its name (a template's
 * references already are names, the default).
 */

type NameOf = (uuid: string) => string;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const quoted = (names: readonly string[]) => names.map((name) => `“${name}”`).join(', ');

const UNIT_WORDS = { Minute: 'minute', Hour: 'hour', Day: 'day', Month: 'month', Year: 'year' } as const;

/** The values a condition or action is about: its records' names, statuses, texts it compares. */
function detailsOf(
  item: { params: unknown },
  where: string,
  references: ReturnType<typeof referencesOf>,
  nameOf: NameOf,
  { compared: withCompared }: { compared: boolean },
): string {
  const named = references
    .filter((reference) => reference.where === where && 'uuid' in reference && reference.kind !== 'form')
    .map((reference) => ('uuid' in reference ? nameOf(reference.uuid) : ''));
  const params = item.params as Record<string, unknown>;
  const values = [
    ...(typeof params.status === 'string' ? [params.status] : []),
    ...(Array.isArray(params.statuses) ? params.statuses.map(String) : []),
    ...named,
  ];
  const compared = (withCompared ? ['text', 'choice', 'value'] : []).flatMap((key) =>
    typeof params[key] === 'string' || typeof params[key] === 'number' ? [String(params[key])] : [],
  );
  const parts = [values.length > 0 ? quoted(values) : '', compared.length > 0 ? quoted(compared) : ''].filter(Boolean);
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

function describeGroup(
  group: ConditionGroup,
  where: string,
  references: ReturnType<typeof referencesOf>,
  nameOf: NameOf,
): string {
  const joiner = group.combiner === 'Or' ? ' or ' : ' and ';
  return group.items
    .map((item: ConditionItem, index) => {
      const at = `${where}.items[${index}]`;
      if (isConditionGroup(item)) return `(${describeGroup(item, at, references, nameOf)})`;
      const details = detailsOf(item, at, references, nameOf, { compared: true });
      return `${lowerFirst(CONDITION_WORDS[item.type].label)}${details}`;
    })
    .join(joiner);
}

function describeAction(
  action: TriggerAction,
  index: number,
  references: ReturnType<typeof referencesOf>,
  nameOf: NameOf,
): string {
  const label = lowerFirst(ACTION_WORDS[action.type].label);
  // An action's texts are too long for a sentence: only the records and the status it sets.
  const details = detailsOf(action, `actions[${index}]`, references, nameOf, { compared: false }).trim();
  return details ? `${label} (${details})` : label;
}

export function describeDefinition(
  definition: Pick<TriggerDefinition, 'event' | 'conditions' | 'delay' | 'actions'>,
  nameOf: NameOf = (uuid) => uuid,
): string {
  const references = referencesOf(definition);
  const parts = [`When ${lowerFirst(TRIGGER_EVENT_LABELS[definition.event])}`];
  if (definition.conditions.items.length > 0) {
    parts.push(`if ${describeGroup(definition.conditions, 'conditions', references, nameOf)}`);
  }
  if (definition.delay) {
    const { amount, unit, from } = definition.delay;
    const length = `${amount} ${UNIT_WORDS[unit]}${amount === 1 ? '' : 's'}`;
    parts.push(from === 'BookingStart' ? `${length} before the booking starts` : `after ${length}`);
  }
  const actions = definition.actions.map((action, index) => describeAction(action, index, references, nameOf));
  const doing = actions.length > 0 ? actions.join(', then ') : 'do nothing yet';
  return `${parts.join(', ')}: ${doing}.`;
}
