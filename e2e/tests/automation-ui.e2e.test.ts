import fs from 'node:fs';
import path from 'node:path';
import type { Trigger } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessJourneyForFile, reloadUntilVisible as reloadUntilShown } from '../support/harness-journey.ts';
import { pickOption } from '../support/select.ts';
import { DESKTOP } from '../support/shell.ts';

/**
 * In Chromium, vendor automation screens: a vendor builds a trigger in the editor, tests it on a
 * job, watches its run wait on the schedule and then succeed with its step log, and pages through the
 * automation list by the URL. The real server (in this process, serving the built web app) talks to
 * the ServiceM8 simulator over HTTP; the harness's clock is moved on instead of waiting for delays.
 */

const journey = harnessJourneyForFile();
const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../../test-results/e2e-automation');

const { jobs, badges } = SEED_IDS;
/** Job 1004, a work order with the Urgent badge whose job contact is Tom Fraser. */
const URGENT_JOB = { uuid: jobs.workOrderBlockedSewer, number: '1004' };
/** Job 1002, a quote without any badge. */
const PLAIN_JOB = { uuid: jobs.quoteHotWater, number: '1002' };
const TOM = 'tom.fraser@greenwaystrata.example.com';

const NAME = 'Urgent job completed';
const NOTE = 'Urgent job {{ job.number }} completed: check the site.';
const SUBJECT = 'Job {{ job.number }} is done';
const BODY = 'Hi {{ contact.first_name }}, job {{ job.number }} is complete.';

/** The trigger created through the editor (test 3), used by the tests after it. */
let triggerId = '';

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

async function api<T>(pathname: string): Promise<T> {
  const { h, baseUrl } = journey;
  const response = await fetch(`${baseUrl}/api/vendor/${h.vendorId}${pathname}`, {
    headers: { authorization: `Bearer ${h.token}` },
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

const triggerCount = async () => (await api<{ total: number }>('/Trigger/search?PageSize=1')).total;

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

/** The tests after the editor's work on the trigger it created. */
function needsTrigger(): void {
  if (triggerId === '') throw new Error('the trigger was not created through the editor (see the test before)');
}

/** The rows of a table's body (the header row left out). */
const bodyRows = (table: Locator) => table.locator('tbody tr');

describe('the vendor automation screens', () => {
  it('lists automations by the page, page size and sort given in the URL', async () => {
    const { h, page, baseUrl } = journey;
    for (const name of ['Alpha reminder', 'Charlie reminder', 'Bravo reminder']) {
      await h.createTrigger({
        name,
        enabled: false,
        event: 'JobIsCreated',
        actions: [{ id: 'note', type: 'Job_AddNote', params: { text: `${name} for {{ job.number }}` } }],
      });
    }

    await page.goto(`${baseUrl}/app/automation/search?PageNumber=2&PageSize=1&SortBy=name&SortDir=Descending`);
    const table = page.getByRole('table', { name: 'Automations' });
    await table.getByRole('link', { name: 'Bravo reminder', exact: true }).waitFor();
    expect(await bodyRows(table).count()).toBe(1);
    expect(await table.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    await page.getByText('2–2 of 3', { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: /Rows per page/ }).textContent()).toBe('1');

    // The pager moves through the same order, and the URL follows.
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await table.getByRole('link', { name: 'Alpha reminder', exact: true }).waitFor();
    await page.getByText('3–3 of 3', { exact: true }).waitFor();
    expect(await bodyRows(table).count()).toBe(1);
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      PageNumber: '3',
      PageSize: '1',
      SortBy: 'name',
      SortDir: 'Descending',
    });
  });

  it('refuses to save an action without its required text, and says why next to it', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/search`);
    await page.getByRole('link', { name: 'New automation' }).first().click();
    await page.waitForURL(`${baseUrl}/app/automation/view/new`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('A note without text');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: /^Add a note to the job/ }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create' }).click();

    const action = page.getByRole('group', { name: '1. Add a note to the job' });
    await action.getByText('Action 1, Note: write the note.', { exact: true }).waitFor();
    expect(await action.getByRole('textbox', { name: 'Note' }).getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Check the highlighted fields, then save again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/automation/view/new');
    expect(await triggerCount()).toBe(3);
  });

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

  it('creates "when a job is completed, if it has the Urgent badge, after 1 minute, add a note and email the contact" through the editor', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/search`);
    await page.getByRole('link', { name: 'New automation' }).first().click();
    await page.waitForURL(`${baseUrl}/app/automation/view/new`);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
    await page.getByRole('switch', { name: 'Enabled' }).check();
    await pickOption(page, page.getByRole('combobox', { name: 'When', exact: true }), 'A job is completed');

    const conditions = page.getByRole('group', { name: 'Conditions', exact: true });
    await conditions.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('menuitem', { name: 'Job has badge', exact: true }).click();
    const hasBadge = conditions.getByRole('group', { name: 'Job has badge', exact: true });
    await pickOption(page, hasBadge.getByRole('combobox', { name: 'Badge' }), 'Urgent');

    await page.getByRole('radio', { name: 'After a delay' }).check();
    await page.getByRole('textbox', { name: 'Wait' }).fill('1');
    await pickOption(page, page.getByRole('combobox', { name: 'Unit', exact: true }), 'minutes');

    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: /^Add a note to the job/ }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page
      .getByRole('group', { name: '1. Add a note to the job' })
      .getByRole('textbox', { name: 'Note' })
      .fill(NOTE);
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: /^Email the job contact/ }).click();
    // The menu closes with a transition; its items stay in the page until it has.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const email = page.getByRole('group', { name: '2. Email the job contact' });
    await email.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await email.getByRole('textbox', { name: 'Body' }).fill(BODY);

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/app\/automation\/view\/[0-9a-f-]{36}$/);
    await page.getByText(`“${NAME}” was created.`).waitFor();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await page.getByText('All changes saved').waitFor();
    triggerId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    const trigger = await api<Trigger>(`/Trigger/${triggerId}`);
    expect(trigger.definition).toMatchObject({
      name: NAME,
      enabled: true,
      event: 'JobCompleted',
      targetKind: 'Job',
      conditions: { combiner: 'And', items: [{ type: 'JobHasBadge', params: { badgeUuid: badges.urgent } }] },
      delay: { amount: 1, unit: 'Minute' },
      actions: [
        { type: 'Job_AddNote', params: { text: NOTE } },
        { type: 'Job_SendEmail', params: { subject: SUBJECT, body: BODY } },
      ],
    });
    await screenshot('editor');

    // The list shows it switched on, beside the three made through the API.
    await page.goto(`${baseUrl}/app/automation/search?PageNumber=1&PageSize=50&SortBy=name&SortDir=Ascending`);
    const table = page.getByRole('table', { name: 'Automations' });
    const row = bodyRows(table).filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
    await row.waitFor();
    expect(await row.getByRole('switch', { name: `On: ${NAME}` }).isChecked()).toBe(true);
    expect(await row.getByRole('cell', { name: 'A job is completed' }).count()).toBe(1);
    expect(await bodyRows(table).count()).toBe(4);
    await screenshot('list');
  });

  it('tests the trigger on a job chosen by its number, without the badge, and shows the condition that fails', async () => {
    const { h, page, baseUrl } = journey;
    needsTrigger();
    await page.goto(`${baseUrl}/app/automation/view/${triggerId}`);
    await page.getByRole('button', { name: 'Test on a job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test on a job' });
    await dialog.getByRole('combobox', { name: 'Job' }).fill(PLAIN_JOB.number);
    await page.getByRole('option', { name: new RegExp(`^Job ${PLAIN_JOB.number} `) }).click();
    await dialog.getByRole('button', { name: 'Run test' }).click();

    await dialog.getByText('Would not run: the conditions do not hold on this record.').waitFor();
    const failed = dialog.getByTestId('dry-run-condition').filter({ hasText: 'Job has badge · false' }).last();
    await failed.getByText('The job has the badge Urgent? no: it has no badges.', { exact: true }).waitFor();
    await dialog.getByText('Conditions · All of these hold (And) · false', { exact: true }).waitFor();
    // What the actions would have done on this job, texts rendered.
    const actions = dialog.getByTestId('dry-run-action');
    expect(await actions.count()).toBe(2);
    await actions.first().getByText(`Urgent job ${PLAIN_JOB.number} completed: check the site.`).first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'editor-dry-run.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // A dry run changes nothing in ServiceM8.
    expect(h.sim.controls.records('note').some((note) => note.related_object_uuid === PLAIN_JOB.uuid)).toBe(false);
  });

  it('schedules a run when an Urgent job is completed, then adds the note and sends the email a minute later', async () => {
    const { h, page, baseUrl } = journey;
    needsTrigger();
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
    await page.getByText('switched on, of 4 automations').waitFor();
    await page.getByTestId('runs-chart').waitFor();
    expect(await page.getByTestId('runs-chart').getAttribute('aria-label')).toBe(
      'Runs in the last 7 days: 1 succeeded.',
    );
    await screenshot('dashboard');
  }, 120_000);
});
