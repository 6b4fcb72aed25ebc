import type { TriggerDefinition } from '@automate/contract';

/** A trigger definition as the editor sends it: a quote follow-up that texts the job contact. */
export const QUOTE_FOLLOW_UP: TriggerDefinition = {
  name: 'Quote follow-up',
  description: '',
  enabled: true,
  event: 'JobQuoteSent',
  targetKind: 'Job',
  conditions: { combiner: 'And', items: [{ type: 'JobQuoted', params: {} }] },
  recheckBeforeRun: true,
  ignoreQuietHours: false,
  actions: [{ id: 'sms-1', type: 'Job_SendText', params: { message: 'Hi {{ contact.first_name }}' } }],
};
