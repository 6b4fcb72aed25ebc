import { describe, expect, it } from 'vitest';
import { IDS } from './evaluation-context.factory.ts';
import { buildEvaluationContext, parseFormFieldData } from './evaluation-context.ts';

describe('buildEvaluationContext', () => {
  it('parses badges, flags, field_data and payments from ServiceM8 records', () => {
    const context = buildEvaluationContext({
      job: {
        uuid: 'job-1',
        status: 'Quote',
        generated_job_id: 1001,
        badges: JSON.stringify([IDS.warranty, IDS.vip]),
        quote_sent: '1',
        invoice_sent: 0,
        queue_uuid: '',
        job_is_scheduled_until_stamp: '0000-00-00 00:00:00',
        job_description: 'ignored',
      },
      client: { uuid: 'company-1', name: 'Emma Ellis', badges: '[]' },
      formResponse: {
        uuid: 'response-1',
        form_uuid: IDS.safetyForm,
        field_data: JSON.stringify([{ field_uuid: IDS.notesField, name: 'Notes', value: 'All clear' }]),
      },
      payments: [{ amount: '150.00' }, { amount: '200.5' }, { amount: 'n/a' }],
      isCreated: true,
    });
    expect(context.job).toMatchObject({
      uuid: 'job-1',
      status: 'Quote',
      generated_job_id: '1001',
      badges: [IDS.warranty, IDS.vip],
      quote_sent: '1',
      invoice_sent: 0,
      queue_uuid: '',
      category_uuid: null,
      payment_received: null,
    });
    expect(context.client).toEqual({ uuid: 'company-1', name: 'Emma Ellis', badges: [] });
    expect(context.formResponse?.fields).toEqual([{ field_uuid: IDS.notesField, name: 'Notes', value: 'All clear' }]);
    expect(context.payments).toEqual({ count: 3, total: 350.5 });
    expect(context.isCreated).toBe(true);
  });

  it('reads what is missing or malformed as nothing', () => {
    const context = buildEvaluationContext({
      job: { badges: 'not json' },
      client: { badges: null },
      formResponse: { field_data: '{oops' },
    });
    expect(context.job?.badges).toEqual([]);
    expect(context.client?.badges).toEqual([]);
    expect(context.formResponse?.fields).toEqual([]);
    expect(context.payments).toBeNull();
    expect(context.isCreated).toBeNull();
    expect(buildEvaluationContext({})).toEqual({
      job: null,
      client: null,
      formResponse: null,
      payments: null,
      isCreated: null,
      names: null,
    });
  });
});

describe('parseFormFieldData', () => {
  it.each([
    {
      input: '[{"field_uuid":"f1","name":"Hazards","value":["A","B"]}]',
      output: [{ field_uuid: 'f1', name: 'Hazards', value: ['A', 'B'] }],
    },
    { input: [{ name: 'Rating', value: 5 }], output: [{ field_uuid: null, name: 'Rating', value: 5 }] },
    { input: '[null, 3, {"name":"Notes"}]', output: [{ field_uuid: null, name: 'Notes', value: null }] },
    { input: '{"name":"Notes"}', output: [{ field_uuid: null, name: 'Notes', value: null }] },
    {
      input: '{"8f1c2a3b-0000-4000-8000-000000000001":"5","Notes":"Tidy"}',
      output: [
        { field_uuid: '8f1c2a3b-0000-4000-8000-000000000001', name: null, value: '5' },
        { field_uuid: null, name: 'Notes', value: 'Tidy' },
      ],
    },
    {
      input: { 'f-rating': { name: 'Rating', answer: 4 } },
      output: [{ field_uuid: null, name: 'Rating', value: 4 }],
    },
    {
      input: '[{"uuid":"f2","label":"Hazards","answer":"None"}]',
      output: [{ field_uuid: 'f2', name: 'Hazards', value: 'None' }],
    },
    { input: '', output: [] },
    { input: undefined, output: [] },
    { input: 'not json', output: null },
    { input: 42, output: null },
  ])('reads $input', ({ input, output }) => {
    expect(parseFormFieldData(input)).toEqual(output);
  });
});
