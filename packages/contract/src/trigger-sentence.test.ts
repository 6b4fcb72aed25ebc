import { describe, expect, it } from 'vitest';
import { describeAction, describeCondition, describeDefinition } from './trigger-sentence.ts';
import { NamedTriggerDefinition } from './trigger-templates.ts';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_CONDITIONS,
  type AutomationAction,
  type AutomationCondition,
  Condition,
  TriggerAction,
} from './triggers.ts';

const named = (input: unknown) => NamedTriggerDefinition.parse(input);

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const VIP = uuid(1);
const WARRANTY = uuid(2);
const PLUMBING = uuid(3);
const ROOFING = uuid(4);
const PARTS = uuid(5);
const SURVEY = uuid(6);
const RATING = uuid(7);
const SERVICE = uuid(8);
const NAMES: Record<string, string> = {
  [VIP]: 'VIP',
  [WARRANTY]: 'Warranty',
  [PLUMBING]: 'Plumbing',
  [ROOFING]: 'Roofing',
  [PARTS]: 'Parts on order',
  [SURVEY]: 'Customer Satisfaction Survey',
  [RATING]: 'Rating (1-5)',
  [SERVICE]: 'Call-out fee',
};
const nameOf = (id: string) => NAMES[id] ?? id;
const field = { formUuid: SURVEY, field: RATING };
const onSurvey = '“Rating (1-5)” on the form “Customer Satisfaction Survey”';

/** Every condition type with its parameters, and the clause it reads as. */
const CONDITIONS: Record<AutomationCondition, [params: object, sentence: string]> = {
  IsCreated: [{}, 'it was just created'],
  JobIsStatus: [{ status: 'Work Order' }, 'the job’s status is “Work Order”'],
  JobIsCategory: [{ categoryUuid: PLUMBING }, 'the job is in the category “Plumbing”'],
  JobIsScheduled: [{}, 'the job is scheduled'],
  JobIsCompleted: [{}, 'the job is completed'],
  JobIsInQueue: [{ queueUuid: PARTS }, 'the job is in the queue “Parts on order”'],
  JobQuoted: [{}, 'the job is a quote'],
  JobQuoteSent: [{}, 'the quote was sent'],
  JobQuoteApproved: [{}, 'the quote was accepted'],
  JobInvoiceSent: [{}, 'the invoice was sent'],
  JobInvoiceApproved: [{}, 'the invoice is paid'],
  JobPaymentMade: [{}, 'a payment was made'],
  ClientHasBadge: [{ badgeUuid: VIP }, 'the client has the badge “VIP”'],
  JobHasBadge: [{ badgeUuid: WARRANTY }, 'the job has the badge “Warranty”'],
  JobHasAllBadges: [{ badgeUuids: [VIP, WARRANTY] }, 'the job has all of the badges “VIP” and “Warranty”'],
  ClientHasAllBadges: [{ badgeUuids: [VIP] }, 'the client has all of the badges “VIP”'],
  FormIsType: [{ formUuid: SURVEY }, 'the form is “Customer Satisfaction Survey”'],
  JobExcludesBadges: [{ badgeUuids: [VIP, WARRANTY] }, 'the job has none of the badges “VIP” or “Warranty”'],
  JobExcludesCategories: [
    { categoryUuids: [PLUMBING, ROOFING] },
    'the job is in none of the categories “Plumbing” or “Roofing”',
  ],
  JobExcludesQueues: [{ queueUuids: [PARTS] }, 'the job is in none of the queues “Parts on order”'],
  JobExcludesStatuses: [
    { statuses: ['Quote', 'Unsuccessful', 'Completed'] },
    'the job’s status is none of “Quote”, “Unsuccessful” or “Completed”',
  ],
  ClientExcludesBadges: [{ badgeUuids: [WARRANTY] }, 'the client has none of the badges “Warranty”'],
  FormFieldTextIncludes: [{ ...field, text: 'refund' }, `${onSurvey} contains “refund”`],
  FormFieldNumberMatches: [{ ...field, operator: 'Lt', value: 3 }, `${onSurvey} is less than 3`],
  FormFieldChoiceMatches: [{ ...field, choice: 'No' }, `the answer to ${onSurvey} is “No”`],
  FormFieldDateMatches: [
    { ...field, operator: 'GtEq', value: '2025-03-31' },
    `${onSurvey} is on or after 31 March 2025`,
  ],
  FormFieldMultiChoiceIncludes: [{ ...field, choice: 'Gutters' }, `the answers to ${onSurvey} include “Gutters”`],
};

/** Every action type with its parameters, and what it reads as. */
const ACTIONS: Record<AutomationAction, [params: object, sentence: string]> = {
  Job_AddBadge: [{ badgeUuid: VIP }, 'add the badge “VIP” to the job'],
  Job_RemoveBadge: [{ badgeUuid: VIP }, 'remove the badge “VIP” from the job'],
  Job_SendEmail: [{ subject: 'Hi', body: 'Hello' }, 'email the job contact'],
  Job_ChangeStatus: [{ status: 'Completed' }, 'set the job’s status to “Completed”'],
  Job_AddToQueue: [{ queueUuid: PARTS }, 'add the job to the queue “Parts on order”'],
  Job_AddNote: [{ text: 'Call them' }, 'add a note to the job'],
  Job_AddDescription: [{ text: 'More' }, 'add to the job description'],
  Job_AddWorkDoneDescription: [{ text: 'Done' }, 'add to the work done description'],
  Job_AddService: [{ materialUuid: SERVICE, quantity: 2 }, 'add the service “Call-out fee” × 2 to the job'],
  Job_SendText: [{ message: 'Hi' }, 'text the job contact'],
  Job_SendAttachment: [{ attachmentId: 'file-1', subject: 'Hi', body: 'Attached' }, 'email a file to the job contact'],
  JobClient_SendEmail: [{ emailTemplateId: 'template-1' }, 'email the client'],
  JobClient_CreateJob: [
    { status: 'Quote', description: 'Annual check', categoryUuid: PLUMBING },
    'create a job for the client with the status “Quote” in the category “Plumbing”',
  ],
  SendToWebAddress: [{ url: 'https://hooks.example.com/automate?x=1' }, 'send it to “hooks.example.com”'],
  JobClient_SendText: [{ message: 'Hi' }, 'text the client'],
};

describe('describeCondition', () => {
  it.each(AUTOMATION_CONDITIONS)('says %s with its parameters', (type) => {
    const [params, sentence] = CONDITIONS[type];
    expect(describeCondition(Condition.parse({ type, params }), nameOf)).toBe(sentence);
  });

  it('says every comparison of a number and of a date in words', () => {
    const said = (['Eq', 'NotEq', 'Lt', 'LtEq', 'Gt', 'GtEq'] as const).map((operator) => [
      describeCondition(Condition.parse({ type: 'FormFieldNumberMatches', params: { ...field, operator, value: 4 } })),
      describeCondition(
        Condition.parse({ type: 'FormFieldDateMatches', params: { ...field, operator, value: '2026-01-02' } }),
      ),
    ]);
    expect(said.map(([number, date]) => [number?.split(' is ')[1], date?.split(' is ')[1]])).toEqual([
      ['equal to 4', 'on 2 January 2026'],
      ['not equal to 4', 'not on 2 January 2026'],
      ['less than 4', 'before 2 January 2026'],
      ['at most 4', 'on or before 2 January 2026'],
      ['greater than 4', 'after 2 January 2026'],
      ['at least 4', 'on or after 2 January 2026'],
    ]);
  });
});

describe('describeAction', () => {
  it.each(AUTOMATION_ACTIONS)('says %s with its records and values', (type) => {
    const [params, sentence] = ACTIONS[type];
    expect(describeAction(TriggerAction.parse({ id: 'a', type, params }), nameOf)).toBe(sentence);
  });

  it('leaves out a quantity of one and a category not given', () => {
    const service = TriggerAction.parse({
      id: 'a',
      type: 'Job_AddService',
      params: { materialUuid: SERVICE, quantity: 1 },
    });
    const job = TriggerAction.parse({
      id: 'b',
      type: 'JobClient_CreateJob',
      params: { status: 'Work Order', description: 'Check' },
    });
    expect([describeAction(service, nameOf), describeAction(job)]).toEqual([
      'add the service “Call-out fee” to the job',
      'create a job for the client with the status “Work Order”',
    ]);
  });
});

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
      'When a quote is sent, if the job’s status is “Quote”, after 3 days: email the client, then add the badge “Quote Follow-up” to the job.',
    );
  });

  it('reads a template about a form and its number field as a sentence', () => {
    const definition = named({
      name: 'Unhappy client alert',
      enabled: false,
      event: 'FormIsSubmitted',
      targetKind: 'Form',
      conditions: {
        combiner: 'And',
        items: [
          { type: 'FormIsType', params: { formUuid: 'Customer Satisfaction Survey' } },
          {
            type: 'FormFieldNumberMatches',
            params: { formUuid: 'Customer Satisfaction Survey', field: 'Rating (1-5)', operator: 'Lt', value: 3 },
          },
        ],
      },
      actions: [
        { id: 'urgent', type: 'Job_AddBadge', params: { badgeUuid: 'Urgent' } },
        { id: 'note', type: 'Job_AddNote', params: { text: 'Please call them.' } },
      ],
    });
    expect(describeDefinition(definition)).toBe(
      'When a form is submitted, if the form is “Customer Satisfaction Survey” and “Rating (1-5)” on the form “Customer Satisfaction Survey” is less than 3: add the badge “Urgent” to the job, then add a note to the job.',
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
              { type: 'JobHasBadge', params: { badgeUuid: VIP } },
              { type: 'JobExcludesBadges', params: { badgeUuids: [VIP, WARRANTY] } },
            ],
          },
        ],
      },
      delay: { amount: 1, unit: 'Day' },
      actions: [],
    });
    expect(describeDefinition(definition, nameOf)).toBe(
      'When a job is completed, if the job is completed and (the job has the badge “VIP” or the job has none of the badges “VIP” or “Warranty”), after 1 day: do nothing yet.',
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
