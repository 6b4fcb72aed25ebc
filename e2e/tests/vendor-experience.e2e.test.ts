import { SEED_IDS } from '@automate/servicem8-sim';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessJourneyForFile, reloadUntilVisible as reloadUntilShown } from '../support/harness-journey.ts';

/**
 * In Chromium, vendor experience: a vendor Admin's trigger with an "Email a file" action meets a job
 * completed in ServiceM8 (the simulator) that refuses the email; the Admin reads the failed run's
 * sentence and retries it after fixing the cause.
 */

const journey = harnessJourneyForFile();
const { jobs } = SEED_IDS;
/** Job 1006, a work order (burst pipe) with a job contact who has an email address. */
const JOB = { uuid: jobs.workOrderBurstPipe, number: '1006' };
const NAME = 'Brochure when a job is completed';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ACTION_ID = 'brochure';

const reloadUntilVisible = (locator: Locator, what: string) => reloadUntilShown(journey.page, locator, what);

/** Uploads the file for the action of a trigger not saved yet, as the editor does; answers its id. */
async function uploadBrochure(): Promise<string> {
  const { h, baseUrl } = journey;
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'brochure.pdf');
  const response = await fetch(`${baseUrl}/api/vendor/${h.vendorId}/Trigger/action/${ACTION_ID}/attachment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.token}` },
    body: form,
  });
  const body = (await response.json()) as { data: { id: string } };
  if (response.status !== 201) throw new Error(`uploading the file: ${response.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

/** The Admin's trigger: when a job is completed, email the brochure to the job contact. */
beforeAll(async () => {
  await journey.h.createTrigger({
    name: NAME,
    event: 'JobCompleted',
    actions: [
      {
        id: ACTION_ID,
        type: 'Job_SendAttachment',
        params: {
          attachmentId: await uploadBrochure(),
          subject: 'Your job {{ job.number }} is done',
          body: 'Hi {{ contact.first_name }}, our brochure is attached.',
        },
      },
    ],
  });
});

describe('a vendor Admin’s day with Automate', () => {
  it('reads why a run failed, fixes the cause and retries it: the file goes out once', async () => {
    const { h, page, baseUrl } = journey;
    // ServiceM8 refuses to send the email until the account is fixed.
    h.sim.controls.addFault({
      kind: 'status',
      status: 400,
      path: '/platform_service_email',
      body: JSON.stringify({ errorCode: 400, message: 'Sender address not verified' }),
    });
    h.sim.controls.clearMessages();
    await h.change('job', JOB.uuid, { status: 'Completed' });

    await page.goto(`${baseUrl}/app/automation/logs`);
    const row = page.locator('tbody tr').filter({ hasText: NAME });
    await reloadUntilVisible(row.getByTestId('run-status').filter({ hasText: /^Failed$/ }), 'the failed run');
    await row.click();
    const panel = page.getByRole('dialog', { name: NAME });
    await panel
      .getByText(/^Action 1, “Email a file to the job contact”: ServiceM8 would not make the change: /)
      .first()
      .waitFor();
    expect(h.sim.controls.messages('email')).toEqual([]);

    h.sim.controls.clearFaults();
    await panel.getByRole('button', { name: 'Retry run' }).click();
    await page.getByRole('dialog', { name: 'Retry this run?' }).getByRole('button', { name: 'Retry run' }).click();
    await page.getByText('The run was retried.').waitFor();
    // Closed by its button: the retried run re-renders the panel, and a key pressed then can land outside it.
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    await reloadUntilVisible(
      row.getByTestId('run-status').filter({ hasText: /^Succeeded$/ }),
      'the retried run to succeed',
    );
    expect(h.sim.controls.messages('email').map((message) => message.subject)).toEqual([
      `Your job ${JOB.number} is done`,
    ]);
    // The step reads as what was done, to which job.
    await row.click();
    await page
      .getByRole('dialog', { name: NAME })
      .getByText(new RegExp(`^Attached "brochure\\.pdf" to job ${JOB.number} and emailed it to `))
      .first()
      .waitFor();
  });
});
