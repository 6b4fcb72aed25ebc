import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { markChangelogSeen } from '../support/content.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { apiLogin, DEMO_ADMIN, DESKTOP, navigateInApp, startDemoServer, storeSession } from '../support/shell.ts';

let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Demo mode without a Stripe key: the server runs the Stripe simulator and takes its signed events.
  server = await startDemoServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP });
  await markChangelogSeen(context);
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
});
afterAll(async () => {
  await browser?.close();
  if (server) await server.stop();
});

describe('buying a plan', () => {
  it('pays for Pro in the checkout popup (a declined card first), sees it active with usage, cancels and resumes', async () => {
    await storeSession(page, await apiLogin(server.baseUrl, DEMO_ADMIN));
    await page.goto(`${server.baseUrl}/app/account/subscription/overview`);
    await page.getByText('has no subscription.').waitFor();
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('region', { name: 'Pro plan' }).getByRole('button', { name: 'Choose Pro' }).click(),
    ]);
    await popup.getByText('Test payment.').waitFor();
    await popup.getByLabel('Card number').fill('4000 0000 0000 0341');
    await popup.getByLabel('Expiry').fill('12 / 34');
    await popup.getByLabel('CVC').fill('123');
    await popup.getByRole('button', { name: 'Subscribe' }).click();
    await popup.getByRole('alert').getByText('Your card was declined.').waitFor();

    await popup.getByLabel('Card number').fill('4242 4242 4242 4242');
    await popup.getByLabel('Expiry').fill('12 / 34');
    await popup.getByLabel('CVC').fill('123');
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Subscribe' }).click()]);

    // The popup told the app, which opened the overview and waits for the payment's confirmation.
    await page.waitForURL(/\/app\/account\/subscription\/overview\?paid=1$/);
    const plan = page.getByRole('region', { name: 'Plan' }).filter({ hasText: 'Pro plan' });
    await plan.getByText('Active', { exact: true }).waitFor();
    await plan.getByRole('progressbar', { name: 'Active automations: 0 of 25' }).waitFor();
    expect(await plan.getByText(/^Renews on /).count()).toBe(1);

    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/stays active until/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancels = plan.getByText(/^Cancels on \d/);
    await cancels.waitFor();

    await plan.getByRole('button', { name: 'Resume subscription' }).click();
    await plan.getByText(/^Renews on \d/).waitFor();
    expect(await cancels.count()).toBe(0);

    // A page reached inside the app: the invoices list shows the paid first invoice.
    await navigateInApp(page, '/app/account/invoicing/search');
    await page.getByRole('table', { name: 'Invoices' }).getByText('Paid').waitFor();
  });
});
