import { TriggerDefinition } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { describeTriggerChanges } from './trigger-changes.ts';

const note = (id: string, text: string) => ({ id, type: 'Job_AddNote' as const, params: { text } });
const definition = (overrides: Record<string, unknown> = {}) =>
  TriggerDefinition.parse({
    name: 'Quote follow-up',
    enabled: true,
    event: 'JobQuoteSent',
    targetKind: 'Job',
    actions: [note('a1', 'First.'), note('a2', 'Second.')],
    ...overrides,
  });

describe('describeTriggerChanges', () => {
  it('says nothing when only the order of keys differs (as the database stores them)', () => {
    const stored = Object.fromEntries(Object.entries(definition()).reverse()) as TriggerDefinition;
    expect(describeTriggerChanges(stored, definition())).toEqual([]);
  });

  it('names what changed in words: switched off, the event, added, removed and reordered actions', () => {
    const after = definition({
      enabled: false,
      event: 'JobQuoteApproved',
      actions: [note('a3', 'Third.'), note('a2', 'Second.')],
    });
    expect(describeTriggerChanges(definition(), after)).toEqual([
      'Switched off.',
      'When: “A quote is sent” → “A quote is accepted”.',
      'Added the action “Add a note to the job”.',
      'Removed the action “Add a note to the job”.',
    ]);
    const swapped = definition({ actions: [note('a2', 'Second.'), note('a1', 'First.')] });
    expect(describeTriggerChanges(definition(), swapped)).toEqual(['Changed the order of the actions.']);
  });
});
