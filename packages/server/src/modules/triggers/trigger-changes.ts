import { isDeepStrictEqual } from 'node:util';
import { ACTION_WORDS, TRIGGER_EVENT_LABELS, type TriggerDefinition } from '@automate/contract';

/**
 * What changed between two versions of a trigger, in plain words ("Name: “A” → “B”.", "Added the
 * action “Add a badge to the job”."), for the activity history. Empty when nothing did.
 */
export function describeTriggerChanges(before: TriggerDefinition, after: TriggerDefinition): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`Name: “${before.name}” → “${after.name}”.`);
  if (before.enabled !== after.enabled) changes.push(after.enabled ? 'Switched on.' : 'Switched off.');
  if (before.event !== after.event) {
    changes.push(`When: “${TRIGGER_EVENT_LABELS[before.event]}” → “${TRIGGER_EVENT_LABELS[after.event]}”.`);
  }
  if ((before.description ?? '') !== (after.description ?? '')) changes.push('Changed the description.');
  if (!same(before.conditions, after.conditions)) changes.push('Changed the conditions.');
  if (!same(before.delay ?? null, after.delay ?? null)) {
    changes.push(`Delay: ${delayWords(before.delay)} → ${delayWords(after.delay)}.`);
  }
  if (before.recheckBeforeRun !== after.recheckBeforeRun) {
    changes.push(`Conditions are ${after.recheckBeforeRun ? 'now' : 'no longer'} checked again before running.`);
  }
  changes.push(...actionChanges(before.actions, after.actions));
  return changes;
}

type Actions = TriggerDefinition['actions'];

function actionChanges(before: Actions, after: Actions): string[] {
  const label = (action: Actions[number]) => `“${ACTION_WORDS[action.type].label}”`;
  const beforeById = new Map(before.map((action) => [action.id, action]));
  const afterIds = new Set(after.map((action) => action.id));
  const changes: string[] = [];
  for (const action of after) {
    const previous = beforeById.get(action.id);
    if (!previous) changes.push(`Added the action ${label(action)}.`);
    else if (!same(previous, action)) changes.push(`Changed the action ${label(action)}.`);
  }
  for (const action of before) {
    if (!afterIds.has(action.id)) changes.push(`Removed the action ${label(action)}.`);
  }
  const kept = (list: Actions) => list.filter((a) => beforeById.has(a.id) && afterIds.has(a.id)).map((a) => a.id);
  if (!same(kept(before), kept(after))) changes.push('Changed the order of the actions.');
  return changes;
}

function delayWords(delay: TriggerDefinition['delay']): string {
  if (!delay) return 'none';
  const length = `${delay.amount} ${delay.unit.toLowerCase()}${delay.amount === 1 ? '' : 's'}`;
  return delay.from === 'BookingStart' ? `${length} before the booking starts` : length;
}

/**
 * Equal as stored: whatever the order of their keys (the database keeps JSON keys in its own order), and
 * an optional field left out the same as one given as undefined.
 */
function same(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(asStored(a), asStored(b));
}

function asStored(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
