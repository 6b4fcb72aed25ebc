import type { DryRunResult } from '@automate/contract';
import { choicesOf, SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { bearer } from './support/factories.ts';

/**
 * The answers of a form response (`formresponse.field_data`) are in a layout ServiceM8 does not
 * document. For every layout the simulator can act out (`formFieldDataLayout`), a form submitted in
 * ServiceM8 reaches the server through its webhooks, and form conditions decide the same way: the
 * response that meets them starts one run, the one that does not starts none.
 */

let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness();
}, 60_000);
afterAll(() => h.cleanup());

const { forms, formFields, jobs, staff } = SEED_IDS;
const [, , , rating = '', recommend = '', comments = ''] = formFields;

function submitSurvey(answers: { rating: string; recommend: string; comments: string }) {
  return h.change('formresponse', undefined, {
    form_uuid: forms.satisfaction,
    regarding_object: 'job',
    regarding_object_uuid: jobs.workOrderGasSafetyCheck,
    staff_uuid: staff.plumber,
    field_data: JSON.stringify([
      { field_uuid: rating, name: 'Rating (1-5)', value: answers.rating },
      { field_uuid: recommend, name: 'Would you recommend us?', value: answers.recommend },
      { field_uuid: comments, name: 'Comments', value: answers.comments },
    ]),
  });
}

describe.each(choicesOf('formFieldDataLayout'))('form answers in the layout %s', (layout) => {
  it('form conditions read the answers: a happy survey starts one run, an unhappy one none', async () => {
    h.sim.controls.setAssumptions({ formFieldDataLayout: layout });
    const triggerId = await h.createTrigger({
      event: 'FormIsSubmitted',
      conditions: {
        combiner: 'And',
        items: [
          {
            type: 'FormFieldNumberMatches',
            params: { formUuid: forms.satisfaction, field: rating, operator: 'GtEq', value: 4 },
          },
          { type: 'FormFieldChoiceMatches', params: { formUuid: forms.satisfaction, field: recommend, choice: 'Yes' } },
          {
            type: 'FormFieldTextIncludes',
            params: { formUuid: forms.satisfaction, field: comments, text: `layout ${layout}` },
          },
        ],
      },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: `Happy customer (${layout})` } }],
    });
    await submitSurvey({ rating: '2', recommend: 'No', comments: `Late again, layout ${layout}` });
    await submitSurvey({ rating: '5', recommend: 'Yes', comments: `Great work, layout ${layout}` });

    const runs = await h.settledRuns(triggerId, 1);
    await h.quiet();
    expect(await h.settledRuns(triggerId, 1)).toHaveLength(1);
    expect(runs[0]?.status).toBe('Succeeded');
    // The run re-checked the conditions on the response as ServiceM8 serves it, and they held.
    const recheck = runs[0]?.steps.find((step) => step.kind === 'Conditions' && step.position > 0);
    expect(recheck?.status).toBe('Succeeded');
    expect(h.sim.controls.records('note').filter((note) => note.note === `Happy customer (${layout})`)).toHaveLength(1);
    await h.deleteTrigger(triggerId);
    h.sim.controls.setAssumptions({ formFieldDataLayout: 'array-by-uuid' });
  });
});

describe('form answers that cannot be read', () => {
  const ratingAtLeast4 = {
    type: 'FormFieldNumberMatches',
    params: { formUuid: forms.satisfaction, field: rating, operator: 'GtEq', value: 4 },
  } as const;

  /** "Test on a submitted form" with an unsaved trigger: the reason of each condition. */
  async function testOnResponse(formResponseUuid: string): Promise<Array<[boolean, string]>> {
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/vendor/${h.vendorId}/Trigger/dryrun`,
      headers: bearer(h.token),
      payload: {
        formResponseUuid,
        definition: {
          name: 'Happy customers',
          enabled: true,
          event: 'FormIsSubmitted',
          targetKind: 'Job',
          conditions: { combiner: 'And', items: [ratingAtLeast4] },
          actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Happy customer' } }],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { conditions, wouldRun } = response.json().data as DryRunResult;
    expect(wouldRun).toBe(false);
    if (conditions.kind !== 'group') throw new Error('expected the group of conditions');
    return conditions.items.map((item) => [item.result, item.reason]);
  }

  it('say so when the answers are in no known layout, and when the field is not among them', async () => {
    const unreadable = await h.change('formresponse', undefined, {
      form_uuid: forms.satisfaction,
      regarding_object: 'job',
      regarding_object_uuid: jobs.workOrderGasSafetyCheck,
      field_data: 'Rating (1-5): 5; Would you recommend us?: Yes',
    });
    const [[result, reason] = [true, '']] = await testOnResponse(unreadable);
    expect(result).toBe(false);
    expect(reason).toMatch(
      /^The answer to Rating \(1-5\) .*\? no: the form answer 'Rating \(1-5\)' could not be read from the form response \(its answers are in a layout that could not be read\)\.$/,
    );

    const withoutRating = await h.change('formresponse', undefined, {
      form_uuid: forms.satisfaction,
      regarding_object: 'job',
      regarding_object_uuid: jobs.workOrderGasSafetyCheck,
      field_data: JSON.stringify([{ field_uuid: comments, name: 'Comments', value: 'Fine' }]),
    });
    const [[, missingReason] = [true, '']] = await testOnResponse(withoutRating);
    expect(missingReason).toMatch(
      /could not be read from the form response \(none of its answers has that field’s id or name\)\.$/,
    );
  });
});
