import path from 'node:path';
import { type AutomationHarness, insertTestRun, startAutomationHarness, TEST_PASSWORD } from '@automate/server/testing';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { markChangelogSeen } from '../support/content.ts';
import { DESKTOP, openSignedIn } from '../support/shell.ts';

/**
 * A run's times read the same on every page in a browser whose clock is elsewhere: the business's clock,
 * named. The screens' own tests fake the zone in the test DOM; this is the one check in a real browser's.
 */

const WEB_ROOT = path.resolve(import.meta.dirname, '../../packages/web/dist');

let h: AutomationHarness;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  [h, browser] = await Promise.all([startAutomationHarness({ webRoot: WEB_ROOT }), launchBrowser()]);
  if (!h.baseUrl) throw new Error('the harness listens on a real port');
  baseUrl = h.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await h?.cleanup();
});

describe('one clock', () => {
  it('shows a delayed run’s time the same on the dashboard, the Schedule and the list: the business’s, named', async () => {
    await h.deps.database.db.execute(sql`update vendors set time_zone = 'Pacific/Auckland' where id = ${h.vendorId}`);
    const triggerId = await h.createTrigger({
      name: 'Morning follow-up',
      event: 'JobCompleted',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Followed up' } }],
    });
    await insertTestRun(h, h.vendorId, triggerId, { status: 'Scheduled', minutesAgo: 1, dueInMinutes: 600 });
    await insertTestRun(h, h.vendorId, triggerId, { status: 'Succeeded', minutesAgo: 30 });
    const due = new Date(Math.floor(h.clock.now().getTime() / 60_000) * 60_000 + 600 * 60_000);
    const time = new Intl.DateTimeFormat('en-NZ', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Pacific/Auckland',
      timeZoneName: 'short',
    }).format(due);

    // The browser is in New York: every time names the business's zone.
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/New_York' });
    await markChangelogSeen(context);
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, { email: h.adminEmail, password: TEST_PASSWORD }, '/app/dashboard');
    const upcoming = page.getByTestId('upcoming-run').filter({ hasText: 'Morning follow-up' });
    await expect.poll(() => upcoming.textContent(), { timeout: 15_000 }).toContain(time);

    await page.goto(`${baseUrl}/app/automation/schedule`);
    await page.getByText(time, { exact: true }).first().waitFor();

    await page.goto(`${baseUrl}/app/automation/search`);
    const row = page.locator('tbody tr').filter({ hasText: 'Morning follow-up' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/(NZDT|NZST)/);
    await context.close();
  });
});
