import type { UserSession } from '@automate/contract';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { markChangelogSeen } from '../support/content.ts';
import {
  DEMO_USER,
  DEMO_VENDOR_NAME,
  DESKTOP,
  type DemoServer,
  openSignedIn,
  SUPER_ADMIN,
  startDemoServer,
} from '../support/shell.ts';

/**
 * In Chromium: the run and automation lists on a phone (cards, every control in view, the filters behind
 * one button), and feedback sent with the built-in form when no external form is configured, read by a
 * super admin.
 */

let server: DemoServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const sessions = new Map<string, Promise<UserSession>>();

beforeAll(async () => {
  server = await startDemoServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (server) await server.stop();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const openAs = (page: Page, account: { email: string; password: string }, path: string) =>
  openSignedIn(page, server.baseUrl, account, path, sessions);

async function openPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await markChangelogSeen(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

describe('feedback without an external form', () => {
  it('a user sends a message with a rating from the page they are on, and a super admin reads it', async () => {
    const page = await openPage();
    await openAs(page, DEMO_USER, '/app/automation/schedule');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByText('Sent with the page you are on: /app/automation/schedule').waitFor();

    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await dialog.getByText('Message: write what you would like to tell us.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Message' }).fill('The schedule could show the job address.');
    await dialog.getByRole('group', { name: /How would you rate Automate/ }).getByRole('button', { name: '4' }).click();
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thank you for your feedback.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const admin = await openPage();
    await openAs(admin, SUPER_ADMIN, '/admin/dashboard');
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
      DEMO_VENDOR_NAME,
      'Uri User',
    ]);
    expect(cells[0]).toMatch(/\d{4}, \d{1,2}:\d{2}\s?[ap]m/);
    expect(await axeViolations(admin)).toEqual([]);
  });
});
