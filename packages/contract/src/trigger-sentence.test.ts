import { describe, expect, it } from 'vitest';
import { describeDefinition } from './trigger-sentence.ts';
import { NamedTriggerDefinition } from './trigger-templates.ts';

const named = (input: unknown) => NamedTriggerDefinition.parse(input);

describe('describeDefinition', () => {
  it('says the event, the conditions, the delay and the actions in order', () => {
    const definition = named({
      name: 'Quote follow-up',
      enabled: false,
      event: 'JobQuoteSent',
      targetKind: 'Job',
      conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Quote' } }] },
      delay: { amount: 3, unit: 'Day' },
      actions: [
        { id: 'a', type: 'JobClient_SendEmail', params: { subject: 'Hi', body: 'Any questions?' } },
        { id: 'b', type: 'Job_AddBadge', params: { badgeUuid: 'Quote Follow-up' } },
      ],
    });
    expect(describeDefinition(definition)).toBe(
      'When a quote is sent, if job has status “Quote”, after 3 days: email the client, then add a badge to the job (“Quote Follow-up”).',
    );
  });

  it('names records through nameOf, nests Or groups in brackets, and says one day without a plural', () => {
    const definition = named({
      name: 'Review',
      enabled: false,
      event: 'JobCompleted',
      targetKind: 'Job',
      conditions: {
        combiner: 'And',
        items: [
          { type: 'JobIsCompleted', params: {} },
          {
            combiner: 'Or',
            items: [
              { type: 'JobHasBadge', params: { badgeUuid: 'b-1' } },
              { type: 'JobExcludesBadges', params: { badgeUuids: ['b-1', 'b-2'] } },
            ],
          },
        ],
      },
      delay: { amount: 1, unit: 'Day' },
      actions: [],
    });
    const names: Record<string, string> = { 'b-1': 'VIP', 'b-2': 'Warranty' };
    expect(describeDefinition(definition, (uuid) => names[uuid] ?? uuid)).toBe(
      'When a job is completed, if job is completed and (job has badge “VIP” or job has none of the badges “VIP”, “Warranty”), after 1 day: do nothing yet.',
    );
  });

  it('says a delay before the booking starts', () => {
    const definition = named({
      name: 'Appointment reminder',
      enabled: false,
      event: 'JobIsScheduled',
      targetKind: 'Job',
      conditions: { combiner: 'And', items: [] },
      delay: { amount: 1, unit: 'Day', from: 'BookingStart' },
      actions: [{ id: 'a', type: 'JobClient_SendText', params: { message: 'See you tomorrow' } }],
    });
    expect(describeDefinition(definition)).toBe(
      'When a job is scheduled, 1 day before the booking starts: text the client.',
    );
  });
});
