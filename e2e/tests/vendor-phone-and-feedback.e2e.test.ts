import { createUser, insertTestRun, TEST_PASSWORD } from '@automate/server/testing';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markChangelogSeen } from '../support/content.ts';
import { harnessJourneyForFile } from '../support/harness-journey.ts';
import { pickOption } from '../support/select.ts';
import { DESKTOP, openSignedIn } from '../support/shell.ts';

/**
 * In Chromium: the run and automation lists on a phone (cards, every control in view, the filters behind
 * one button that counts them), and feedback sent with the built-in form when no external form is
 * configured, read by a super admin.
 */

const PHONE = { width: 390, height: 844 } as const;
const ROOT = { email: 'root@harbour.example.com', password: TEST_PASSWORD };
const LONG_NAME = 'Send the client a thank-you note and ask for a review once the job is completed';

const journey = harnessJourneyForFile();
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await createUser(journey.h.deps, { email: ROOT.email, superAdmin: true, firstName: 'Rua' });
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await journey.browser.newContext({ viewport });
  contexts.push(context);
  await markChangelogSeen(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

const teamUser = () => ({ email: journey.h.team.user.email, password: TEST_PASSWORD });
const teamAdmin = () => ({ email: journey.h.adminEmail, password: TEST_PASSWORD });

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

/** Whether the whole of `locator` is inside the window, and the page does not scroll sideways. */
async function fullyInView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && !sideways;
}

describe('the lists on a phone', () => {
  it('shows automations and runs as cards with the switch in view, and folds the filters behind a counting button', async () => {
    const { h, baseUrl } = journey;
    const triggerId = await h.createTrigger({
      name: LONG_NAME,
      event: 'JobCompleted',
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Thanked' } }],
    });
    await insertTestRun(h, h.vendorId, triggerId, { status: 'Succeeded', minutesAgo: 30, jobNumber: '1042' });
    await insertTestRun(h, h.vendorId, triggerId, {
      status: 'Failed',
      minutesAgo: 5,
      jobNumber: '1043',
      reason: 'ServiceM8 did not answer.',
    });

    const page = await openPage(PHONE);
    await openSignedIn(page, baseUrl, teamAdmin(), '/app/automation/search');
    await page.getByRole('heading', { level: 1, name: 'Automations' }).waitFor();
    const automations = page.getByRole('list', { name: 'Automations' });
    const card = automations.getByRole('listitem').filter({ hasText: LONG_NAME });
    await card.waitFor();
    expect(await page.getByRole('table', { name: 'Automations' }).count()).toBe(0);
    expect(await card.textContent()).toContain('A job is completed');
    expect(await card.textContent()).toContain('Last run:');
    const onSwitch = card.getByRole('switch', { name: `On: ${LONG_NAME}` });
    expect(await fullyInView(page, onSwitch)).toBe(true);

    // The filters wait behind one button, which counts the ones in use.
    const filters = page.getByRole('search').getByRole('button', { name: 'Filters' });
    expect(await page.getByRole('searchbox', { name: 'Search names' }).isVisible()).toBe(false);
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('searchbox', { name: 'Search names' }).fill('thank-you');
    await page.getByRole('search').getByRole('button', { name: 'Filters (1)' }).waitFor();
    await card.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${baseUrl}/app/automation/logs`);
    await page.getByRole('heading', { level: 1, name: 'Logs' }).waitFor();
    const runs = page.getByRole('list', { name: 'Runs' });
    await runs.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: 'Runs' }).count()).toBe(0);
    // The two runs made above and no other (what a card says names any other in the failure).
    const cards = await runs.getByRole('listitem').allTextContents();
    expect(cards.map((card) => card.match(/Job \d+/)?.[0] ?? card.slice(0, 120)).sort()).toEqual([
      'Job 1042',
      'Job 1043',
    ]);
    const failed = runs.getByRole('listitem').filter({ hasText: 'Job 1043' });
    const text = (await failed.textContent()) ?? '';
    expect(text).toContain('Failed');
    expect(text).toContain(LONG_NAME);
    expect(text).toContain('A job is completed');
    expect(text).toMatch(/\d+ minutes ago/);
    expect(await fullyInView(page, failed)).toBe(true);

    const runFilters = page.getByRole('search').getByRole('button', { name: 'Filters' });
    await runFilters.click();
    await pickOption(page, page.getByRole('combobox', { name: 'Status' }), 'Failed');
    await page.getByRole('searchbox', { name: 'Job number' }).fill('1043');
    await page.getByRole('search').getByRole('button', { name: 'Filters (2)' }).waitFor();
    await expect.poll(() => runs.getByRole('listitem').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // The card opens the run's steps, as a row does.
    await failed.getByRole('button', { name: 'Show steps' }).click();
    await page.getByRole('dialog').getByText('ServiceM8 did not answer.').first().waitFor();
  });
});

describe('feedback without an external form', () => {
  it('a user sends a message with a rating from the page they are on, and a super admin reads it', async () => {
    const page = await openPage(DESKTOP);
    await openSignedIn(page, journey.baseUrl, teamUser(), '/app/automation/schedule');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByText('Sent with the page you are on: /app/automation/schedule').waitFor();

    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await dialog.getByText('Message: write what you would like to tell us.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Message' }).fill('The schedule could show the job address.');
    await dialog
      .getByRole('group', { name: /How would you rate Automate/ })
      .getByRole('button', { name: '4' })
      .click();
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thank you for your feedback.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const admin = await openPage(DESKTOP);
    await openSignedIn(admin, journey.baseUrl, ROOT, '/admin/dashboard');
    await admin
      .getByRole('navigation', { name: 'Super admin navigation' })
      .getByRole('link', { name: 'Feedback received' })
      .click();
    await admin.getByRole('heading', { level: 1, name: 'Feedback received' }).waitFor();
    const table = admin.getByRole('table', { name: 'Feedback received' });
    const row = table.getByRole('row').filter({ hasText: 'The schedule could show the job address.' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1)).toEqual([
      'The schedule could show the job address.',
      '4 of 5',
      '/app/automation/schedule',
      'Harbour Plumbing',
      'Uma User',
    ]);
    expect(cells[0]).toMatch(/\d{4}, \d{1,2}:\d{2}\s?[ap]m/);
    expect(await axeViolations(admin)).toEqual([]);
  });
});
