import { AuditEntry, searchPage, successEnvelope, toSearchParams } from '@automate/contract';
import { createUser, insertTestRun } from '@automate/server/testing';
import { SEED_IDS } from '@automate/servicem8-sim';
import { describe, expect, it } from 'vitest';
import { harnessJourneyForFile } from '../support/harness-journey.ts';
import { apiLogin, navigateInApp } from '../support/shell.ts';

/**
 * In Chromium, admin area: a super admin opens the dashboard and its figures equal the seeded
 * runs; opens the vendor, its Triggers tab, and a trigger in the editor as that vendor; suspends the
 * vendor, after which a change in ServiceM8 produces a Skipped run with the reason; resumes it. Each
 * admin action of the journey is in the audit log.
 */

const ROOT = { email: 'root-admin@automate.local', password: 'root-admin-password-1' };
const TRIGGER_NAME = 'Note on completion';
const REASON = 'Card declined three times';
const DAY_MINUTES = 24 * 60;

let triggerId = '';
/** The UTC day the seeded runs were created on. */
let seededDay = '';

const journey = harnessJourneyForFile(async (harness) => {
  await createUser(harness.deps, { email: ROOT.email, password: ROOT.password, superAdmin: true, firstName: 'Root' });
  triggerId = await harness.createTrigger({
    name: TRIGGER_NAME,
    event: 'JobCompleted',
    actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Completed {{ job.number }}' } }],
  });
  // A known set two days ago: 3 succeeded, 2 failed.
  const minutesAgo = 2 * DAY_MINUTES;
  for (const status of ['Succeeded', 'Succeeded', 'Succeeded', 'Failed', 'Failed'] as const) {
    await insertTestRun(harness, harness.vendorId, triggerId, {
      status,
      minutesAgo,
      ...(status === 'Failed' ? { reason: 'The client has no email address.' } : {}),
    });
  }
  seededDay = new Date(Math.floor(harness.clock.now().getTime() / 60_000) * 60_000 - minutesAgo * 60_000)
    .toISOString()
    .slice(0, 10);
  return ROOT;
});

const figure = (label: string) => journey.page.getByRole('region', { name: label, exact: true });

describe('the admin journey', () => {
  it('runs from the dashboard to a vendor, its trigger as that vendor, and a suspension with its Skipped run', async () => {
    const { h, page, baseUrl } = journey;
    await navigateInApp(page, `/admin/dashboard?from=${seededDay}&to=${seededDay}&granularity=day`);
    await expect.poll(() => figure('Runs').locator('p').nth(1).textContent()).toBe('5');
    expect(await figure('Failed runs').getByRole('link').textContent()).toBe('2');
    expect(await figure('Failure rate').locator('p').nth(1).textContent()).toBe('40%');

    // The failed figure opens the run list behind it.
    await figure('Failed runs').getByRole('link').click();
    await page.waitForURL(/\/admin\/automation\/runs\?/);
    const runs = page.getByRole('table', { name: 'Runs' });
    await expect.poll(() => runs.getByText('The client has no email address.').count()).toBe(2);

    // The vendor, its Triggers tab, and the trigger in the editor as that vendor.
    await runs.getByRole('link', { name: 'Harbour Plumbing' }).first().click();
    await page.waitForURL(`${baseUrl}/admin/vendors/${h.vendorId}/triggers`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Plumbing' }).waitFor();
    const triggers = page.getByRole('table', { name: 'Automations' });
    await triggers.getByText(TRIGGER_NAME).waitFor();
    await triggers.getByRole('button', { name: 'Open in editor' }).click();
    await page.waitForURL(`${baseUrl}/app/automation/view/${triggerId}`);
    await page.getByRole('heading', { level: 1, name: TRIGGER_NAME }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Vendor' }).inputValue()).toBe('Harbour Plumbing');

    // Suspend with a reason; a change in ServiceM8 then makes a Skipped run saying why.
    await navigateInApp(page, `/admin/vendors/${h.vendorId}`);
    await page.getByRole('button', { name: 'Suspend automations' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Automations suspended', { exact: true }).waitFor();

    await h.change('job', SEED_IDS.jobs.workOrderBurstPipe, { status: 'Completed' });
    const skipped = (await h.settledRuns(triggerId, 6)).find((run) => run.status === 'Skipped');
    expect(skipped?.reason).toBe(`Automations are suspended by the Automate team: ${REASON}`);

    await page.getByRole('button', { name: 'Resume automations' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Suspend automations' }).waitFor();

    // The admin actions of the journey are in the audit log, on the vendor.
    const root = await apiLogin(baseUrl, ROOT);
    const query = toSearchParams({ Filters: [{ action: 'Eq', field: 'vendorId', value: h.vendorId }] });
    const response = await fetch(`${baseUrl}/api/Admin/audit/search?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${root.token}` },
    });
    const entries = successEnvelope(searchPage(AuditEntry)).parse(await response.json()).data.rows;
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      ['vendor.suspension', { suspended: false, reason: null }],
      ['vendor.suspension', { suspended: true, reason: REASON }],
    ]);
  });
});
