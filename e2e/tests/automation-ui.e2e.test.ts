import fs from 'node:fs';
import path from 'node:path';
import { SEED_IDS } from '@automate/servicem8-sim';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessJourneyForFile, reloadUntilVisible as reloadUntilShown } from '../support/harness-journey.ts';
import { DESKTOP } from '../support/shell.ts';

/**
 * In Chromium, vendor automation screens: the editor's description grows with its text (real layout),
 * and a trigger's run, started by a change in the ServiceM8 simulator, waits on the schedule and then
 * succeeds with its step log. The real server (in this process, serving the built web app) talks to the
 * simulator over HTTP; the harness's clock is moved on instead of waiting for delays. Building,
 * testing and listing triggers are component tests (`packages/web/src/features/automation`).
 */

const journey = harnessJourneyForFile();
const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../../test-results/e2e-automation');

const { jobs, badges } = SEED_IDS;
/** Job 1004, a work order with the Urgent badge whose job contact is Tom Fraser. */
const URGENT_JOB = { uuid: jobs.workOrderBlockedSewer, number: '1004' };
const TOM = 'tom.fraser@greenwaystrata.example.com';

const NAME = 'Urgent job completed';
const NOTE = 'Urgent job {{ job.number }} completed: check the site.';
const SUBJECT = 'Job {{ job.number }} is done';
const BODY = 'Hi {{ contact.first_name }}, job {{ job.number }} is complete.';

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
});

async function screenshot(name: string): Promise<void> {
  const { page } = journey;
  // Fixed and sticky parts (app bar, sidebar, save bar) are drawn where the window is, so the window is
  // made as tall as the page for the shot, then put back.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: DESKTOP.width, height: Math.max(DESKTOP.height, height) });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

const reloadUntilVisible = (locator: Locator, what: string, timeoutMs?: number) =>
  reloadUntilShown(journey.page, locator, what, timeoutMs);

/** Waits until a right-hand side panel has finished sliding in (for a screenshot that shows it whole). */
async function slidIn(panel: Locator): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const box = await panel.boundingBox();
    if (box && box.x + box.width <= DESKTOP.width + 0.5) return;
    if (Date.now() > deadline) throw new Error(`the side panel did not slide in: ${JSON.stringify(box)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The rows of a table's body (the header row left out). */
const bodyRows = (table: Locator) => table.locator('tbody tr');

describe('the vendor automation screens', () => {
  it('shows the description two lines tall, growing as more lines are written', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/view/new`);
    const description = page.getByRole('textbox', { name: 'Description' });
    const lineHeight = await description.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
    const lines = async () => Math.round(((await description.boundingBox())?.height ?? 0) / lineHeight);
    expect(await lines()).toBe(2);

    await description.fill(
      ['Why it exists:', 'urgent jobs', 'get a note', 'and an email', 'to the contact.'].join('\n'),
    );
    expect(await lines()).toBe(5);
  });

  it('schedules a run when an Urgent job is completed, then adds the note and sends the email a minute later', async () => {
    const { h, page, baseUrl } = journey;
    // When a job is completed, if it has the Urgent badge, after 1 minute: add a note and email the contact.
    await h.createTrigger({
      name: NAME,
      event: 'JobCompleted',
      conditions: { combiner: 'And', items: [{ type: 'JobHasBadge', params: { badgeUuid: badges.urgent } }] },
      delay: { amount: 1, unit: 'Minute' },
      actions: [
        { id: 'note', type: 'Job_AddNote', params: { text: NOTE } },
        { id: 'email', type: 'Job_SendEmail', params: { subject: SUBJECT, body: BODY } },
      ],
    });
    // Beside it, one switched off (the dashboard counts both).
    await h.createTrigger({
      name: 'Quote reminder',
      enabled: false,
      event: 'JobQuoteSent',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Reminded about quote {{ job.number }}' } }],
    });
    h.sim.controls.clearMessages();
    await h.change('job', URGENT_JOB.uuid, { status: 'Completed' });

    // The logs: Scheduled.
    await page.goto(`${baseUrl}/app/automation/logs`);
    const runs = page.getByRole('table', { name: 'Runs' });
    const row = bodyRows(runs).filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
    await reloadUntilVisible(row, 'the run in the logs');
    expect(await row.getByTestId('run-status').textContent()).toBe('Scheduled');
    expect(await row.getByRole('cell', { name: URGENT_JOB.number, exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'A job is completed' }).count()).toBe(1);

    // The schedule lists it while it waits.
    await page.goto(`${baseUrl}/app/automation/schedule`);
    const waiting = page.getByTestId('scheduled-run').filter({ hasText: NAME });
    await waiting.waitFor();
    await waiting.getByText(`Job ${URGENT_JOB.number}`).waitFor();
    await screenshot('schedule');
    expect(h.sim.controls.messages('email')).toEqual([]);

    // A minute and a second later the run is due: it runs.
    await h.advance(61_000);
    await page.goto(`${baseUrl}/app/automation/logs`);
    await reloadUntilVisible(
      row.getByTestId('run-status').filter({ hasText: /^Succeeded$/ }),
      'the run to succeed',
      45_000,
    );

    // Its step log, in the side panel.
    await row.getByRole('cell', { name: URGENT_JOB.number, exact: true }).click();
    const panel = page.getByRole('dialog', { name: NAME });
    const steps = panel.getByRole('list', { name: 'Step log' }).getByTestId('run-step');
    await steps.first().waitFor();
    await slidIn(panel);
    const read = async (step: Locator) => ({
      title: await step.getByRole('heading', { level: 3 }).textContent(),
      status: await step.locator('.MuiChip-label').textContent(),
      text: await step.textContent(),
    });
    const shown = await Promise.all((await steps.all()).map(read));
    const number = URGENT_JOB.number;
    // The conditions when the job was completed, again when the run was due, then each action.
    expect(shown).toEqual([
      {
        title: 'Conditions when it happened',
        status: 'Succeeded',
        text: expect.stringMatching(
          /A job is completed: The condition holds\. The actions are due \w{3}, \d+ \w{3} \d{4}, \d+:\d\d [ap]m [A-Z]{3,5}\./,
        ),
      },
      {
        title: 'Conditions checked again',
        status: 'Succeeded',
        text: expect.stringContaining('Checked again before running: The condition holds.'),
      },
      {
        title: 'Add a note to the job',
        status: 'Succeeded',
        text: expect.stringContaining(
          `Added a note to job ${number}: "Urgent job ${number} completed: check the site."`,
        ),
      },
      {
        title: 'Email the job contact',
        status: 'Succeeded',
        text: expect.stringContaining(`Sent the email "Job ${number} is done" to ${TOM}; it is in the job diary.`),
      },
    ]);
    expect(await panel.getByTestId('run-status').textContent()).toBe('Succeeded');
    await screenshot('run-log');
    // The panel scrolls on its own: a second shot shows the action steps.
    await steps.last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'run-log-steps.png') });
    // The panel sits above the app bar: its Close button closes it (and does not reach Logout beneath).
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/app/automation/logs');

    // And ServiceM8 has them.
    const notes = h.sim.controls
      .records('note')
      .filter((note) => note.related_object_uuid === URGENT_JOB.uuid)
      .map((note) => note.note);
    expect(notes).toContain(`Urgent job ${URGENT_JOB.number} completed: check the site.`);
    expect(h.sim.controls.messages('email')).toMatchObject([
      {
        to: TOM,
        subject: `Job ${URGENT_JOB.number} is done`,
        // Every automated email ends with its unsubscribe link.
        textBody: expect.stringMatching(
          new RegExp(
            `^Hi Tom, job ${URGENT_JOB.number} is complete\\.\\n\\n--\\nTo stop automated emails from us, unsubscribe: http\\S+/unsubscribe\\?token=\\S+$`,
          ),
        ),
        regardingJobUUID: URGENT_JOB.uuid,
      },
    ]);

    // The dashboard counts it.
    await page.goto(`${baseUrl}/app/dashboard`);
    await page.getByTestId('active-count').filter({ hasText: /^1$/ }).waitFor();
    await page.getByText('switched on, of 2 automations').waitFor();
    await page.getByTestId('runs-chart').waitFor();
    expect(await page.getByTestId('runs-chart').getAttribute('aria-label')).toBe(
      'Runs in the last 7 days: 1 succeeded.',
    );
    await screenshot('dashboard');
  }, 120_000);
});
