import { beforeAll, describe, expect, it } from 'vitest';
import { harnessJourneyForFile } from '../support/harness-journey.ts';

/**
 * Automation › Activity: a change that matches no automation is found there, with the reason each
 * listening automation did not run. The real server (in this process, serving the built web app) reads
 * the ServiceM8 simulator over HTTP.
 */

const journey = harnessJourneyForFile();
let thankYou: string;

beforeAll(async () => {
  const { h } = journey;
  thankYou = await h.createTrigger({
    name: 'Thank you when completed',
    event: 'JobStatusChanged',
    conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Completed' } }] },
    actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Thanks' } }],
  });
  // Job 1002 moves to Work Order: the automation listens, but its condition is false.
  await h.change('job', '10b00000-5e3d-4000-8000-000000000002', { status: 'Work Order' });
  // Job 1001 is completed: the automation runs.
  await h.change('job', '10b00000-5e3d-4000-8000-000000000001', { status: 'Completed' });
});

describe('Automation › Activity', () => {
  it('finds the change that started nothing, with why, by its job number', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/activity`);
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await page.getByLabel('Job number').fill('1002');
    const entry = page.getByRole('article').filter({ hasText: 'Status: Quote → Work Order' });
    await entry.waitFor();
    expect(await entry.getByRole('heading').textContent()).toMatch(/^Job 1002/);
    await entry.getByText('Conditions not met').waitFor();
    await entry.getByText("The job's status is Completed? no: it is Work Order.").waitFor();
    expect(await entry.getByRole('link', { name: 'Thank you when completed' }).count()).toBe(1);
    // Other jobs' changes are filtered out.
    await expect.poll(() => page.getByRole('article').filter({ hasNotText: 'Job 1002' }).count()).toBe(0);
  });

  it('shows the same timeline on the job’s run list', async () => {
    const { page, baseUrl } = journey;
    await page.goto(
      `${baseUrl}/app/automation/logs?Filters=${encodeURIComponent(JSON.stringify([{ field: 'jobNumber', action: 'Eq', value: '1002' }]))}`,
    );
    const timeline = page.getByRole('region', { name: 'What happened to job 1002' });
    await timeline.getByText('Conditions not met').waitFor();
  });

  it('previews the automation in its editor on the changes of the last 30 days', async () => {
    const { page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/automation/view/${thankYou}`);
    const preview = page.getByRole('region', { name: 'Preview on the last 30 days' });
    await preview.getByRole('button', { name: 'Preview on the last 30 days' }).click();
    const runs = preview.getByRole('list', { name: 'Runs it would have started' });
    const run = runs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Job 1001/ }) });
    await run.getByText('Thanks', { exact: true }).waitFor();
    const skipped = preview.getByRole('list', { name: 'Changes it would have skipped' });
    const skip = skipped.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Job 1002/ }) });
    await skip.getByText('Conditions not met').waitFor();
    await skip.getByText("The job's status is Completed? no: it is Work Order.").waitFor();
    await preview.getByText('Nothing is sent and ServiceM8 is not asked.').waitFor();
  });
});
