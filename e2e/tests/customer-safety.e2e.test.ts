import type { TriggerRunDetail } from '@automate/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessJourneyForFile } from '../support/harness-journey.ts';

/**
 * In Chromium, customer-safe automations: a scheduled run whose client has no email address shows
 * the warning on the Schedule page, and the trigger's creation is in Account › Activity. The real server
 * (in this process, serving the built web app) reads the ServiceM8 simulator over HTTP.
 */

const journey = harnessJourneyForFile();
let run: TriggerRunDetail | undefined;

beforeAll(async () => {
  const { h } = journey;
  const company = await h.change('company', undefined, { name: 'Quiet Client Ltd' });
  const triggerId = await h.createTrigger({
    name: 'Visit reminder',
    event: 'JobIsCreated',
    delay: { amount: 1, unit: 'Day' },
    actions: [{ id: 'mail', type: 'JobClient_SendEmail', params: { subject: 'See you tomorrow', body: 'Hi.' } }],
  });
  await h.change('job', undefined, { company_uuid: company, status: 'Quote', job_address: '3 Quiet Lane' });
  [run] = await h.settledRuns(triggerId, 1);
});

describe('customer-safe automations', () => {
  it('the Schedule page warns that the client has no email address', async () => {
    const { page, baseUrl } = journey;
    const warning = `Job ${run?.jobNumber}: the client has no contact with an email address — “Email the client” will not be sent.`;
    expect(run?.warnings).toEqual([warning]);
    await page.goto(`${baseUrl}/app/automation/schedule`);
    const item = page.getByTestId('scheduled-run').filter({ hasText: 'Visit reminder' });
    await expect.poll(() => item.getByTestId('run-warnings').textContent()).toBe(warning);

    await item.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('dialog').getByTestId('run-warnings').waitFor();
  });

  it('Account › Activity says who created the automation', async () => {
    const { h, page, baseUrl } = journey;
    await page.goto(`${baseUrl}/app/account/activity`);
    const table = page.getByRole('table', { name: 'Activity' });
    await table.getByText('Created “Visit reminder”, switched on.').waitFor();
    expect(await table.getByText(h.adminEmail, { exact: false }).count()).toBeGreaterThan(0);
  });
});
