import { SEED_IDS } from '@automate/servicem8-sim';
import { describe, expect, it } from 'vitest';
import { harnessJourneyForFile, reloadUntilVisible } from '../support/harness-journey.ts';

/**
 * A failure in people's words, with a next step: the change ServiceM8 refused reads as what happened,
 * that it is not tried again by itself, and what to do; the check of the conditions reads as sentences
 * with the values found, record uuids and call counts wait behind "Technical details"; Retry asks first,
 * and the open panel follows the retried run to its end without a reload.
 */

/** Job 1006, a work order. */
const JOB = { uuid: SEED_IDS.jobs.workOrderBurstPipe, number: '1006' };
const NAME = 'Note when a job is completed';

const journey = harnessJourneyForFile();

describe('a failed run', () => {
  it('says what happened and what to do, asks before retrying, and follows the retry live', async () => {
    const { h, page, baseUrl } = journey;
    await h.createTrigger({
      name: NAME,
      event: 'JobCompleted',
      conditions: { combiner: 'And', items: [{ type: 'JobIsCompleted', params: {} }] },
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Completed {{ job.number }}' } }],
    });
    h.sim.controls.addFault({
      kind: 'status',
      status: 400,
      method: 'POST',
      path: '/api_1.0/note.json',
      body: JSON.stringify({ errorCode: 400, message: 'Job is locked for editing' }),
    });
    await h.change('job', JOB.uuid, { status: 'Completed' });

    await page.goto(`${baseUrl}/app/automation/logs`);
    const row = page.locator('tbody tr').filter({ hasText: NAME });
    await reloadUntilVisible(page, row.getByTestId('run-status').filter({ hasText: /^Failed$/ }), 'the failed run');
    await row.click();
    const panel = page.getByRole('dialog', { name: NAME });
    await panel
      .getByText(
        'Action 1, “Add a note to the job”: ServiceM8 would not make the change: it said “Job is locked for editing”. It is not tried again by itself: put right what ServiceM8 objects to (in ServiceM8, or in the automation), then retry the run.',
      )
      .first()
      .waitFor();

    // The check of the conditions, as sentences with the values found; no data, no uuids on show.
    const conditionsStep = panel.getByTestId('run-step').filter({ hasText: 'Conditions when it happened' });
    await conditionsStep.getByRole('button', { name: 'Details' }).click();
    await conditionsStep.getByText(/^The job is completed\? yes/).waitFor();
    expect(await conditionsStep.textContent()).not.toMatch(/"kind"|"result"/);
    expect(await panel.getByText(JOB.uuid).count()).toBe(0);
    const technical = panel.getByRole('button', { name: 'Technical details' }).last();
    await technical.click();
    await panel.getByText(JOB.uuid).first().waitFor();

    // Retry asks first; the panel then follows the run to its end.
    h.sim.controls.clearFaults();
    await panel.getByRole('button', { name: 'Retry run' }).click();
    const ask = page.getByRole('dialog', { name: 'Retry this run?' });
    await ask.getByRole('button', { name: 'Not now' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await panel.getByTestId('run-status').first().textContent()).toBe('Failed');
    await panel.getByRole('button', { name: 'Retry run' }).click();
    await ask.getByRole('button', { name: 'Retry run' }).click();
    await panel
      .getByTestId('run-status')
      .filter({ hasText: /^Succeeded$/ })
      .waitFor({ timeout: 20_000 });
    await panel
      .getByText(new RegExp(`^Added a note to job ${JOB.number}`))
      .first()
      .waitFor();
  });
});
