import { SEED_IDS } from '@automate/servicem8-sim';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessJourneyForFile, reloadUntilVisible as reloadUntilShown } from '../support/harness-journey.ts';
import { pickOption } from '../support/select.ts';

/**
 * In Chromium, vendor experience: a vendor Admin builds a trigger with an "Email a file" action
 * on a trigger not saved yet, tests it on a job chosen by its number, saves it, changes the job in
 * ServiceM8 (the simulator), reads the failed run's sentence and retries it after fixing the cause.
 */

const journey = harnessJourneyForFile();
const { jobs } = SEED_IDS;
/** Job 1006, a work order (burst pipe) with a job contact who has an email address. */
const JOB = { uuid: jobs.workOrderBurstPipe, number: '1006' };
const NAME = 'Brochure when a job is completed';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const reloadUntilVisible = (locator: Locator, what: string) => reloadUntilShown(journey.page, locator, what);

describe('a vendor Admin’s day with Automate', () => {
  it('builds a trigger that emails a file, tests it on a job chosen by number, and saves it', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/view/new`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
    await page.getByRole('switch', { name: 'Enabled' }).check();
    await pickOption(page, page.getByRole('combobox', { name: 'When', exact: true }), 'A job is completed');

    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: /^Email a file to the job contact/ }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const action = page.getByRole('group', { name: '1. Email a file to the job contact' });
    // Not saved yet, and the file goes up all the same.
    await action
      .getByTestId(/^attachment-file-/)
      .setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: PDF });
    await action.getByText('brochure.pdf').waitFor();
    await action.getByRole('textbox', { name: 'Subject' }).fill('Your job {{ job.number }} is done');
    await action.getByRole('textbox', { name: 'Body' }).fill('Hi {{ contact.first_name }}, our brochure is attached.');

    await page.getByRole('button', { name: 'Test on a job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test on a job' });
    await dialog.getByRole('combobox', { name: 'Job' }).fill(JOB.number);
    await page.getByRole('option', { name: new RegExp(`^Job ${JOB.number} `) }).click();
    await dialog.getByRole('button', { name: 'Run test' }).click();
    // Job 1006 is a work order, not completed yet: a real run starts once it is.
    await dialog
      .getByText('Would not run yet: the conditions hold, but this record does not fit the event now.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/app\/automation\/view\/[0-9a-f-]{36}$/);
    await page.getByText(`“${NAME}” was created.`).waitFor();
    await page.getByRole('group', { name: '1. Email a file to the job contact' }).getByText('brochure.pdf').waitFor();
  });

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
