import { describe, expect, it } from 'vitest';
import { type AssumptionChoice, choicesOf } from '../src/assumptions.ts';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { startSimulator } from './support/sim-harness.ts';

/** `formresponse.field_data` is served in the layout `formFieldDataLayout` names, switched at run time. */

const RESPONSE = SEED_IDS.formResponses[1] ?? '';
const [, , , rating = '', recommend = '', comments = ''] = SEED_IDS.formFields;
const ANSWERS = [
  { field_uuid: rating, name: 'Rating (1-5)', value: '5' },
  { field_uuid: recommend, name: 'Would you recommend us?', value: 'Yes' },
  { field_uuid: comments, name: 'Comments', value: 'Sam was on time and tidy. Hot water is great!' },
];

const EXPECTED: Record<AssumptionChoice<'formFieldDataLayout'>, unknown> = {
  'array-by-uuid': JSON.stringify(ANSWERS),
  'array-by-name': JSON.stringify(ANSWERS.map(({ name, value }) => ({ name, value }))),
  'object-by-uuid': JSON.stringify(Object.fromEntries(ANSWERS.map(({ field_uuid, value }) => [field_uuid, value]))),
  'parsed-array': ANSWERS,
};

describe('formresponse.field_data layouts', () => {
  it.each(choicesOf('formFieldDataLayout'))('%s: one record and the list serve it in that layout', async (layout) => {
    const { call, token, sim } = await startSimulator({ seed: 'demo' });
    sim.controls.setAssumptions({ formFieldDataLayout: layout });
    const access = await token(['read_forms']);
    const one = (await (await call(`/api_1.0/formresponse/${RESPONSE}.json`, { token: access })).json()) as {
      field_data: unknown;
    };
    expect(one.field_data).toEqual(EXPECTED[layout]);
    const list = (await (await call('/api_1.0/formresponse.json', { token: access })).json()) as Array<{
      uuid: string;
      field_data: unknown;
    }>;
    expect(list.find((record) => record.uuid === RESPONSE)?.field_data).toEqual(EXPECTED[layout]);
    // The stored answers are unchanged: the layout is how they are served.
    expect(sim.controls.records('formresponse').find((r) => r.uuid === RESPONSE)?.field_data).toBe(
      JSON.stringify(ANSWERS),
    );
  });
});
