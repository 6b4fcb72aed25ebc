import { describe, expect, it } from 'vitest';
import { SavableTriggerDefinition } from './trigger-rules.ts';
import { TriggerDefinition } from './triggers.ts';

const definition = (event: string, delay: unknown) => ({
  name: 'Appointment reminder',
  enabled: true,
  event,
  targetKind: 'Job',
  conditions: { combiner: 'And', items: [] },
  delay,
  actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Reminder' } }],
});

describe('a delay before the booking starts', () => {
  it('is saved for “A job is scheduled”', () => {
    const parsed = SavableTriggerDefinition.parse(
      definition('JobIsScheduled', { amount: 1, unit: 'Day', from: 'BookingStart' }),
    );
    expect(parsed.delay).toEqual({ amount: 1, unit: 'Day', from: 'BookingStart' });
  });

  it('is refused for any other event, in the editor’s words, on the delay', () => {
    const result = SavableTriggerDefinition.safeParse(
      definition('JobCompleted', { amount: 1, unit: 'Day', from: 'BookingStart' }),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'delay.from',
        'Waiting “before the booking starts” needs a booking, and “A job is completed” has none: wait after the event or choose “A job is scheduled”.',
      ],
    ]);
  });

  it('leaves a stored delay without a base as it was: counted from the event', () => {
    const parsed = TriggerDefinition.parse(definition('JobCompleted', { amount: 3, unit: 'Day' }));
    expect(parsed.delay).toEqual({ amount: 3, unit: 'Day' });
    expect(SavableTriggerDefinition.safeParse(definition('JobCompleted', { amount: 3, unit: 'Day' })).success).toBe(
      true,
    );
  });

  it('says which bases there are when given an unknown one', () => {
    const result = TriggerDefinition.safeParse(definition('JobIsScheduled', { amount: 1, unit: 'Day', from: 'Visit' }));
    expect(result.error?.issues[0]?.message).toBe('Counted from: choose after the event or before the booking starts.');
  });
});

describe('the booking’s merge fields', () => {
  const withText = (event: string, text: string) => ({
    ...definition(event, undefined),
    actions: [{ id: 'n', type: 'Job_AddNote', params: { text } }],
  });

  it('are saved in a trigger on “A job is scheduled”', () => {
    const text = 'Visit on {{ booking.date }} at {{ booking.time }}';
    expect(SavableTriggerDefinition.safeParse(withText('JobIsScheduled', text)).success).toBe(true);
  });

  it('are refused for any other event, saying the text would always be empty', () => {
    const result = SavableTriggerDefinition.safeParse(withText('JobCompleted', 'Visit at {{ booking.time }}'));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      expect.stringContaining('{{ booking.time }} would always be empty: “A job is completed” has no booking.'),
    ]);
  });
});
